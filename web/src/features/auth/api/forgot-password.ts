import { dataOf, type ForgotPasswordInput } from '@registry/shared';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

const sentSchema = dataOf(z.object({ sent: z.literal(true) }));

/** Asks for a reset code by email; the answer is the same whether or not the email exists. */
export async function requestPasswordReset(input: ForgotPasswordInput): Promise<void> {
  await api('/users/password/reset', sentSchema, { method: 'POST', body: input });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
