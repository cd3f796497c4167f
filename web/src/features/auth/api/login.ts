import type { LoginInput, MfaStep } from '@registry/shared';

/** The request and the form's rules, fetched on demand (docs/decisions/016-first-load-budget.md). */
export const loadLoginRequest = () => import('./login-request.ts');

/**
 * Signs in with email and password (docs/product-rules.md#accounts). Resolves null once the session is
 * started (by `startSession`, which stores the token and loads the user), or the second step a user with
 * a second factor must take first.
 */
export async function signIn(
  input: LoginInput,
  startSession: (token: string) => Promise<void>,
): Promise<MfaStep | null> {
  const { login } = await loadLoginRequest();
  const response = await login(input);
  if ('mfa' in response) {
    return response.mfa;
  }
  await startSession(response.token.accessToken);
  return null;
}
