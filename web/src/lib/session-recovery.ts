/**
 * What keeps a session and the work typed in it alive (docs/product-rules.md#sessions). The API client
 * notes when each request the server answered with the token was sent (each one moved the server's idle
 * limit on; a background poll does not, and is not noted), and asks the
 * signed-in shell to recover a session that died under a request (the password typed again in place), so
 * that the request, e.g. a save, is sent again instead of lost. Without a shell (the sign-in page, tests),
 * nothing is registered and a dead session starts again from the sign-in page.
 */

type Listener = () => void;

let lastActivity = Date.now();
const listeners = new Set<Listener>();

/** When the server last saw the token in use, as far as this tab knows. */
export const sessionActivity = {
  last: (): number => lastActivity,
  /**
   * The server answered a request that carried the token, sent at `at`: its idle limit started again
   * when the request arrived, which is no earlier than that. An answer that comes late never moves the
   * limit further than its request did, nor back before a later request's.
   */
  touch: (at: number = Date.now()) => {
    lastActivity = Math.max(lastActivity, at);
    for (const listener of listeners) {
      listener();
    }
  },
  subscribe: (listener: Listener) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};

/** Asks the user to sign in again; true once a new token is stored, false when they gave up. */
export type SessionRecovery = () => Promise<boolean>;

let recovery: SessionRecovery | null = null;
let pending: Promise<boolean> | null = null;

/** The shell registers how it recovers a session; the returned function takes it away again. */
export function setSessionRecovery(recover: SessionRecovery): () => void {
  recovery = recover;
  return () => {
    if (recovery === recover) {
      recovery = null;
    }
  };
}

/**
 * Recovers the session, once for every request that met its end at the same time: null when nobody can
 * (no shell), else whether the user signed in again.
 */
export function recoverSession(): Promise<boolean> | null {
  if (!recovery) {
    return null;
  }
  const recover = recovery;
  pending ??= recover().finally(() => {
    pending = null;
  });
  return pending;
}
