import { dataOf, type MfaSetup, mfaSetupSchema } from '@registry/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** An admin who must have a second factor, at sign-in: a new secret and its QR code for the challenge. */
export async function setUpAtSignIn(challenge: string): Promise<MfaSetup> {
  return (
    await api('/users/login/mfa/setup', dataOf(mfaSetupSchema), { method: 'POST', body: { challenge } })
  ).data;
}

/**
 * The secret of an enrolment at sign-in, asked for once per challenge: a query, so that a second render
 * (React's strict mode) does not ask for a second secret.
 */
export function useSetUpAtSignIn(challenge: string) {
  return useQuery({
    queryKey: ['sign-in', 'mfa-setup', challenge],
    queryFn: () => setUpAtSignIn(challenge),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
