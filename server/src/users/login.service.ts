import type { LoginInput } from '@registry/shared';
import { createAuditRepository } from '../audit/audit.repository.ts';
import { spendOneHash, verifyPassword } from '../auth/passwords.ts';
import { createSessionsRepository, IDLE_TIMEOUT_MS } from '../auth/sessions.repository.ts';
import type { AppContext } from '../context.ts';
import { HttpError, tooManyAttempts } from '../http/errors.ts';
import { createUsersRepository } from './users.repository.ts';

/** Lockout of CONTRACT.md §7: 5 failures for one email within 15 minutes lock it for 15 minutes. */
export const LOCKOUT_FAILURES = 5;
export const LOCKOUT_WINDOW_MS = 15 * 60 * 1000;

/**
 * Signs a user in: refuses with one generic 401 whatever went wrong, spends a hash even for an
 * unknown email, locks an email after repeated failures, and records every attempt in the audit trail.
 */
export async function login(ctx: AppContext, input: LoginInput, ip: string) {
  const now = ctx.now();
  const email = input.email.toLowerCase();
  const users = createUsersRepository(ctx.db);
  const audit = createAuditRepository(ctx.db);

  const failures = await users.loginFailuresSince(email, new Date(now.getTime() - LOCKOUT_WINDOW_MS));
  if (failures.length >= LOCKOUT_FAILURES) {
    const unlocksAt = (failures[failures.length - LOCKOUT_FAILURES] ?? now).getTime() + LOCKOUT_WINDOW_MS;
    await audit.record({ at: now, actorEmail: email, action: 'auth.login', outcome: 'denied', ip });
    throw tooManyAttempts(Math.ceil((unlocksAt - now.getTime()) / 1000));
  }

  const account = await users.findCredentials(email);
  const passwordOk = account ? await verifyPassword(account.passwordHash, input.password) : false;
  if (!account) {
    await spendOneHash(input.password);
  }
  if (!account || !passwordOk || !account.isActive || account.institutionActive === false) {
    await ctx.db.transaction(async (tx) => {
      await createUsersRepository(tx).recordLoginFailure(email, now);
      await createAuditRepository(tx).record({
        at: now,
        actorUserId: account?.id ?? null,
        actorEmail: email,
        action: 'auth.login',
        outcome: 'failed',
        ip,
      });
    });
    throw new HttpError(401, 'INVALID_CREDENTIALS');
  }

  return ctx.db.transaction(async (tx) => {
    await createUsersRepository(tx).clearLoginFailures(email);
    const token = await createSessionsRepository(tx).create(account.id, now);
    await createAuditRepository(tx).record({
      at: now,
      actorUserId: account.id,
      actorEmail: account.email,
      action: 'auth.login',
      entityType: 'user',
      entityId: account.id,
      ip,
    });
    return { accessToken: token, expiresIn: IDLE_TIMEOUT_MS / 1000 };
  });
}
