import type { MfaStep } from '@registry/shared';

/**
 * A sign-in begun on the light sign-in page (app/sign-in-app.tsx) whose user must take a second step: the
 * app takes over at that step. Kept in memory only: the challenge is a credential for five minutes.
 */
export interface SignInHandoff {
  readonly step: MfaStep;
  readonly email: string;
}

let pending: SignInHandoff | null = null;

export function handOffSignIn(handoff: SignInHandoff): void {
  pending = handoff;
}

/** The sign-in handed over, if any (it stays until `clearSignInHandoff`, so a re-render reads it again). */
export function signInHandoff(): SignInHandoff | null {
  return pending;
}

export function clearSignInHandoff(): void {
  pending = null;
}
