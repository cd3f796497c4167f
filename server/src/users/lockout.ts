import { sql } from 'drizzle-orm';
import type { Database, Queryable } from '../db/client.ts';
import { createUsersRepository } from './users.repository.ts';

/**
 * The sign-in lockout (docs/product-rules.md#accounts): 5 failures for one email within 15 minutes lock
 * it for 15 minutes from the fifth. An attempt — a password, or a second-factor code — is counted
 * before it is judged, under a lock on the email that every connection and every server process
 * shares, so that parallel guesses cannot all be judged: at most 5 in 15 minutes are.
 */
export const LOCKOUT_FAILURES = 5;
export const LOCKOUT_WINDOW_MS = 15 * 60 * 1000;

/**
 * When the lock of an email ends, or null when it is not locked. The lock starts at the failure that
 * completes 5 within 15 minutes and lasts 15 minutes from then. `failures` are sorted, oldest first.
 */
export function lockedUntil(failures: readonly Date[], now: Date): Date | null {
  let until: number | null = null;
  for (let i = LOCKOUT_FAILURES - 1; i < failures.length; i++) {
    const last = failures[i]?.getTime() ?? 0;
    const first = failures[i - LOCKOUT_FAILURES + 1]?.getTime() ?? 0;
    if (last - first < LOCKOUT_WINDOW_MS) {
      until = last + LOCKOUT_WINDOW_MS;
    }
  }
  return until !== null && until > now.getTime() ? new Date(until) : null;
}

/** Either the attempt may be judged (counted as `attempt` until judged right), or the email is locked. */
export type Claim =
  | { readonly allowed: true; readonly attempt: number }
  | { readonly allowed: false; readonly retryAfterSeconds: number };

/**
 * Claims the right to judge one attempt for an email: refused while the email is locked, else the
 * attempt is recorded as a failure at once (a right one clears it afterwards with `clearAttempts`).
 */
export function claimAttempt(db: Database, email: string, now: Date): Promise<Claim> {
  const key = email.toLowerCase();
  return db.transaction(async (tx) => {
    // Held until the transaction ends: claims for one email run one at a time, on any connection.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`login:${key}`}, 0))`);
    const users = createUsersRepository(tx);
    // A lock still on began at most 15 minutes ago, from failures at most 15 minutes before that.
    const failures = await users.loginFailuresSince(key, new Date(now.getTime() - 2 * LOCKOUT_WINDOW_MS));
    const until = lockedUntil(failures, now);
    if (until) {
      return { allowed: false, retryAfterSeconds: Math.ceil((until.getTime() - now.getTime()) / 1000) };
    }
    return { allowed: true, attempt: await users.recordLoginFailure(key, now) };
  });
}

/**
 * A right password when a second step is still due: this attempt alone is forgotten, while earlier
 * failures keep counting, so that codes are guessed no faster than passwords.
 */
export async function forgetAttempt(db: Queryable, attempt: number): Promise<void> {
  await createUsersRepository(db).deleteLoginFailure(attempt);
}

/** A right password or code: the email's failures, this attempt's included, are forgotten. */
export async function clearAttempts(db: Queryable, email: string): Promise<void> {
  await createUsersRepository(db).clearLoginFailures(email);
}
