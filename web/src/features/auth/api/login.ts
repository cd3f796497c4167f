import { type LoginInput, type LoginResponse, loginResponseSchema, type MfaStep } from '@registry/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useStartSession } from './start-session.ts';

/** The first step of a sign-in: a session, or the challenge of a second step. */
export async function login(input: LoginInput): Promise<LoginResponse['data']['response']> {
  return (await api('/users/login', loginResponseSchema, { method: 'POST', body: input })).data.response;
}

/**
 * Signs in with email and password (docs/product-rules.md#accounts). Resolves null once the session is
 * started and the user loaded, or the second step a user with a second factor must take first.
 */
export function useLogin() {
  const startSession = useStartSession();
  return useMutation({
    mutationFn: async (input: LoginInput): Promise<MfaStep | null> => {
      const response = await login(input);
      if ('mfa' in response) {
        return response.mfa;
      }
      await startSession(response.token.accessToken);
      return null;
    },
  });
}
