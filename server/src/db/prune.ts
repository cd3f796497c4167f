import { sql } from 'drizzle-orm';
import type { Queryable } from './client.ts';

/** What is kept of spent sign-in data: an hour past its use, for the audit trail's sake a day. */
const KEEP_SPENT_MS = 24 * 60 * 60 * 1000;

/**
 * Removes what can no longer be used (docs/operations.md#housekeeping): sessions past their absolute
 * expiry or idle too long, reset codes and second-step challenges spent or expired a day ago, sign-in
 * failures and rate-limit windows older than any lock they could still make. Answers how many rows of
 * each went. Safe to run from several server processes at once.
 */
export async function pruneExpired(
  db: Queryable,
  now: Date,
  limits: { idleMs: number; lockWindowMs: number; rateWindowMs: number },
): Promise<Record<string, number>> {
  const at = (ms: number) => new Date(now.getTime() - ms).toISOString();
  const statements = {
    sessions: sql`delete from sessions where expires_at <= ${now.toISOString()}::timestamptz
      or last_seen_at < ${at(limits.idleMs)}::timestamptz`,
    passwordResetCodes: sql`delete from password_reset_codes where expires_at < ${at(KEEP_SPENT_MS)}::timestamptz`,
    mfaChallenges: sql`delete from mfa_challenges where expires_at < ${at(KEEP_SPENT_MS)}::timestamptz`,
    loginFailures: sql`delete from login_failures where at < ${at(2 * limits.lockWindowMs)}::timestamptz`,
    rateLimits: sql`delete from rate_limits where window_start < ${at(limits.rateWindowMs)}::timestamptz`,
  };
  const removed: Record<string, number> = {};
  for (const [table, statement] of Object.entries(statements)) {
    const result = (await db.execute(statement)) as unknown as {
      rowCount?: number | null;
      affectedRows?: number;
    };
    removed[table] = result.rowCount ?? result.affectedRows ?? 0;
  }
  return removed;
}
