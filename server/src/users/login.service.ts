import type { LoginInput } from '@registry/shared';
import { recordAudit } from '../audit/record.ts';
import { spendOneHash, verifyPassword } from '../auth/passwords.ts';
import { createSessionsRepository, IDLE_TIMEOUT_MS } from '../auth/sessions.repository.ts';
import type { AppContext } from '../context.ts';
import { HttpError, tooManyAttempts } from '../http/errors.ts';
import { createUsersRepository } from './users.repository.ts';

/** The sign-in lockout (docs/product-rules.md#accounts): 5 failures for one email within 15 minutes lock it for 15 minutes. */
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

/**
 * Signs a user in: refuses with one generic 401 whatever went wrong, spends a hash even for an
 * unknown email, locks an email after repeated failures, and records every attempt in the audit trail.
 */
export async function login(ctx: AppContext, input: LoginInput, ip: string) {
  const now = ctx.now();
  const email = input.email.toLowerCase();
  const users = createUsersRepository(ctx.db);
  const anonymous = { userId: null, email, ip, now };

  // A lock that is still on began at most 15 minutes ago, from failures at most 15 minutes before that.
  const failures = await users.loginFailuresSince(email, new Date(now.getTime() - 2 * LOCKOUT_WINDOW_MS));
  const until = lockedUntil(failures, now);
  if (until) {
    await recordAudit(ctx.db, anonymous, { action: 'auth.login', outcome: 'denied' });
    throw tooManyAttempts(Math.ceil((until.getTime() - now.getTime()) / 1000));
  }

  const account = await users.findCredentials(email);
  const passwordOk = account ? await verifyPassword(account.passwordHash, input.password) : false;
  if (!account) {
    await spendOneHash(input.password);
  }
  if (!account || !passwordOk || !account.isActive || account.institutionActive === false) {
    await ctx.db.transaction(async (tx) => {
      await createUsersRepository(tx).recordLoginFailure(email, now);
      await recordAudit(
        tx,
        { ...anonymous, userId: account?.id ?? null },
        {
          action: 'auth.login',
          outcome: 'failed',
        },
      );
    });
    throw new HttpError(401, 'INVALID_CREDENTIALS');
  }

  return ctx.db.transaction(async (tx) => {
    await createUsersRepository(tx).clearLoginFailures(email);
    const token = await createSessionsRepository(tx).create(account.id, now);
    await recordAudit(
      tx,
      { userId: account.id, email: account.email, ip, now },
      { action: 'auth.login', entityType: 'user', entityId: account.id },
    );
    return { accessToken: token, expiresIn: IDLE_TIMEOUT_MS / 1000 };
  });
}
