import { type LoginMfaInput, sessionResponseSchema } from '@registry/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useStartSession } from './start-session.ts';

/**
 * The second step of a sign-in: the challenge and a code of the app, or a recovery code. `anonymous` when
 * it is typed again over a session that died (components/session-keeper.tsx).
 */
export async function verifySecondFactor(input: LoginMfaInput, anonymous = false): Promise<string> {
  const answer = await api('/users/login/mfa', sessionResponseSchema, {
    method: 'POST',
    body: input,
    anonymous,
  });
  return answer.data.response.token.accessToken;
}

/** Completes a sign-in with the second factor, then starts the session as a sign-in does. */
export function useLoginMfa() {
  const startSession = useStartSession();
  return useMutation({
    mutationFn: async (input: LoginMfaInput) => startSession(await verifySecondFactor(input)),
  });
}
