import { dataOf } from '@registry/shared';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

const resetSchema = dataOf(z.object({ reset: z.literal(true) }));

/**
 * Removes another user's second factor (a lost phone), with the admin's own password again; the server
 * ends the user's sessions and mails them.
 */
export async function resetSecondFactor({ id, password }: { id: string; password: string }): Promise<void> {
  await api(`/users/${id}/mfa/reset`, resetSchema, { method: 'POST', body: { password } });
}

export function useResetSecondFactor() {
  return useMutation({ mutationFn: resetSecondFactor });
}
