import { type LoginInput, type LoginResponse, loginResponseSchema } from '@registry/shared';
import { api } from '../../../lib/api-client.ts';

/**
 * The first step of a sign-in: a session, or the challenge of a second step. `anonymous` when it is typed
 * again over a session that died (components/session-keeper.tsx). Loaded when the form is
 * first used (see login.ts): the API client and zod are not part of the sign-in page's first load.
 */
export async function login(
  input: LoginInput,
  { anonymous = false }: { readonly anonymous?: boolean } = {},
): Promise<LoginResponse['data']['response']> {
  return (await api('/users/login', loginResponseSchema, { method: 'POST', body: input, anonymous })).data
    .response;
}

/** The sign-in form's rules (the shared schema), for its validation. */
export { loginSchema } from '@registry/shared';
