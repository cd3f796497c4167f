import { recordAudit } from '../audit/record.ts';
import { createSessionsRepository, IDLE_TIMEOUT_MS } from '../auth/sessions.repository.ts';
import type { Queryable } from '../db/client.ts';
import { clearAttempts } from './lockout.ts';

/** A session's token as sign-in answers it. */
export interface SessionToken {
  readonly accessToken: string;
  readonly expiresIn: number;
}

/**
 * Ends a sign-in that proved everything it had to (a password, and a code when due): the email's
 * counted attempts are forgotten, a session starts and the sign-in is audited — in the caller's
 * transaction.
 */
export async function startSession(
  tx: Queryable,
  account: { id: string; email: string },
  ip: string,
  now: Date,
): Promise<SessionToken> {
  await clearAttempts(tx, account.email);
  const token = await createSessionsRepository(tx).create(account.id, now);
  await recordAudit(
    tx,
    { userId: account.id, email: account.email, ip, now },
    { action: 'auth.login', entityType: 'user', entityId: account.id },
  );
  return { accessToken: token, expiresIn: IDLE_TIMEOUT_MS / 1000 };
}
