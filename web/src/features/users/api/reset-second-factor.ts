import { dataOf } from '@registry/shared';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

const resetSchema = dataOf(z.object({ reset: z.literal(true) }));

/** Removes a user's second factor (a lost phone); the server ends their sessions and mails them. */
export async function resetSecondFactor(id: string): Promise<void> {
  await api(`/users/${id}/mfa/reset`, resetSchema, { method: 'POST' });
}

export function useResetSecondFactor() {
  return useMutation({ mutationFn: resetSecondFactor });
}
