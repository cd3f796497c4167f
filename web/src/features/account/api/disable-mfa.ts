import { dataOf } from '@registry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { meQueryKey } from '../../../lib/session.ts';

const disabledSchema = dataOf(z.object({ disabled: z.literal(true) }));

/** Turns the second factor off with the password again and a current code of the app or a recovery code. */
export async function disableMfa({ password, code }: { password: string; code: string }): Promise<void> {
  await api('/users/me/mfa/disable', disabledSchema, { method: 'POST', body: { password, code } });
}

export function useDisableMfa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableMfa,
    onSettled: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}
