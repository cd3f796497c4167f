import { dataOf, type ResetPasswordInput } from '@registry/shared';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

const changedSchema = dataOf(z.object({ changed: z.literal(true) }));

/** Sets a new password with the emailed verification code. */
export async function confirmPasswordReset(input: ResetPasswordInput): Promise<void> {
  await api('/users/password/reset/confirm', changedSchema, { method: 'POST', body: input });
}

export function useConfirmPasswordReset() {
  return useMutation({ mutationFn: confirmPasswordReset });
}
