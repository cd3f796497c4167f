import { dataOf, recoveryCodesSchema } from '@registry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { meQueryKey } from '../../../lib/session.ts';

/** Turns the second factor on with the app's first code; answers the ten recovery codes, once. */
export async function enableMfa(code: string): Promise<string[]> {
  const answer = await api('/users/me/mfa/enable', dataOf(recoveryCodesSchema), {
    method: 'POST',
    body: { code },
  });
  return answer.data.recoveryCodes;
}

export function useEnableMfa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enableMfa,
    // The user (its `mfaEnabled`) and the status both sit under the user's key.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}
