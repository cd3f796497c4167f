import type { LoginInput, MfaStep } from '@registry/shared';
import { useMutation } from '@tanstack/react-query';
import { useStartSession } from './start-session.ts';

/** The request and the form's rules, fetched on demand (docs/decisions/016-first-load-budget.md). */
export const loadLoginRequest = () => import('./login-request.ts');

/**
 * Signs in with email and password (docs/product-rules.md#accounts). Resolves null once the session is
 * started and the user loaded, or the second step a user with a second factor must take first.
 */
export function useLogin() {
  const startSession = useStartSession();
  return useMutation({
    mutationFn: async (input: LoginInput): Promise<MfaStep | null> => {
      const { login } = await loadLoginRequest();
      const response = await login(input);
      if ('mfa' in response) {
        return response.mfa;
      }
      await startSession(response.token.accessToken);
      return null;
    },
  });
}
