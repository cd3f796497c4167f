import type { LoginInput } from '@registry/shared';
import { recordAudit } from '../audit/record.ts';
import { spendOneHash, verifyPassword } from '../auth/passwords.ts';
import { createSessionsRepository, IDLE_TIMEOUT_MS } from '../auth/sessions.repository.ts';
import type { AppContext } from '../context.ts';
import { HttpError, tooManyAttempts } from '../http/errors.ts';
import { claimAttempt, clearAttempts } from './lockout.ts';
import { createUsersRepository } from './users.repository.ts';

/**
 * Signs a user in: refuses with one generic 401 whatever went wrong, spends a hash even for an
 * unknown email, locks an email after repeated failures, and records every attempt in the audit trail.
 */
export async function login(ctx: AppContext, input: LoginInput, ip: string) {
  const now = ctx.now();
  const email = input.email.toLowerCase();
  const users = createUsersRepository(ctx.db);
  const anonymous = { userId: null, email, ip, now };

  const claim = await claimAttempt(ctx.db, email, now);
  if (!claim.allowed) {
    await recordAudit(ctx.db, anonymous, { action: 'auth.login', outcome: 'denied' });
    throw tooManyAttempts(claim.retryAfterSeconds);
  }

  const account = await users.findCredentials(email);
  const passwordOk = account ? await verifyPassword(account.passwordHash, input.password) : false;
  if (!account) {
    await spendOneHash(input.password);
  }
  if (!account || !passwordOk || !account.isActive || account.institutionActive === false) {
    // The failure was counted when the attempt was claimed.
    await recordAudit(
      ctx.db,
      { ...anonymous, userId: account?.id ?? null },
      { action: 'auth.login', outcome: 'failed' },
    );
    throw new HttpError(401, 'INVALID_CREDENTIALS');
  }

  return ctx.db.transaction(async (tx) => {
    await clearAttempts(tx, email);
    const token = await createSessionsRepository(tx).create(account.id, now);
    await recordAudit(
      tx,
      { userId: account.id, email: account.email, ip, now },
      { action: 'auth.login', entityType: 'user', entityId: account.id },
    );
    return { accessToken: token, expiresIn: IDLE_TIMEOUT_MS / 1000 };
  });
}
