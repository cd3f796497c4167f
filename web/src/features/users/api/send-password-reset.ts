import { dataOf } from '@registry/shared';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

const sentSchema = dataOf(z.object({ sent: z.literal(true) }));

/** Mails the user a password-reset code, as the user's own request on the sign-in page does. */
export async function sendPasswordReset(id: string): Promise<void> {
  await api(`/users/${id}/password-reset`, sentSchema, { method: 'POST' });
}

export function useSendPasswordReset() {
  return useMutation({ mutationFn: sendPasswordReset });
}
