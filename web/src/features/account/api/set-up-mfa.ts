import { dataOf, type MfaSetup, mfaSetupSchema } from '@registry/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/**
 * Starts setting up a second factor, with the password again: a new secret (pending until a code
 * confirms it) and its QR code.
 */
export async function setUpMfa(password: string): Promise<MfaSetup> {
  return (await api('/users/me/mfa/setup', dataOf(mfaSetupSchema), { method: 'POST', body: { password } }))
    .data;
}

export function useSetUpMfa() {
  return useMutation({ mutationFn: setUpMfa });
}
