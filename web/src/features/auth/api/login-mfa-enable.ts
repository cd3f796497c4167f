import { enrolmentResponseSchema, type LoginMfaInput } from '@registry/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export interface Enrolment {
  /** The session, started only once the recovery codes are saved. */
  readonly token: string;
  readonly recoveryCodes: readonly string[];
}

/** An enrolment at sign-in, confirmed with the app's first code: the session and the recovery codes. */
export async function enableAtSignIn(input: LoginMfaInput): Promise<Enrolment> {
  const answer = await api('/users/login/mfa/enable', enrolmentResponseSchema, {
    method: 'POST',
    body: input,
  });
  return { token: answer.data.response.token.accessToken, recoveryCodes: answer.data.recoveryCodes };
}

export function useEnableAtSignIn() {
  return useMutation({ mutationFn: enableAtSignIn });
}
