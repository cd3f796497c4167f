import { type ChangePasswordInput, dataOf } from '@registry/shared';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

const changedSchema = dataOf(z.object({ changed: z.literal(true) }));

/** A new password, with the current one; every other session of the user ends, this one stays. */
export async function changePassword(input: ChangePasswordInput): Promise<void> {
  await api('/users/me/password', changedSchema, { method: 'POST', body: input });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
