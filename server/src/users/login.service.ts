import type { LoginInput, MfaStep } from '@registry/shared';
import { recordAudit } from '../audit/record.ts';
import { spendOneHash, verifyPassword } from '../auth/passwords.ts';
import type { AppContext } from '../context.ts';
import { HttpError, tooManyAttempts } from '../http/errors.ts';
import { claimAttempt, forgetAttempt } from './lockout.ts';
import { issueChallenge, mfaRequired } from './mfa.service.ts';
import { type SessionToken, startSession } from './sessions.service.ts';
import { createUsersRepository } from './users.repository.ts';

/**
 * Signs a user in: refuses a wrong email or password with one generic 401 (an inactive account, or a
 * doctor's inactive institution, is named only after the right password), spends a hash even for an
 * unknown email, locks an email after repeated failures, and records every attempt in the audit trail.
 * A user with a second factor (or an admin who must set one up) gets the challenge of the second step
 * instead of a session.
 */
export async function login(
  ctx: AppContext,
  input: LoginInput,
  ip: string,
): Promise<{ token: SessionToken } | { mfa: MfaStep }> {
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
    // The failure was counted when the attempt was claimed; a right password of an inactive account
    // counts too, so that it cannot be tried without limit.
    await recordAudit(
      ctx.db,
      { ...anonymous, userId: account?.id ?? null },
      { action: 'auth.login', outcome: 'failed' },
    );
    // One answer for every failure (CONTRACT §7): the right password of an inactive account (or of a
    // doctor of an inactive institution) answers exactly as a wrong one, so that no answer tells which
    // accounts exist, or which are inactive.
    throw new HttpError(401, 'INVALID_CREDENTIALS');
  }

  if (account.mfaEnabled || mfaRequired(ctx, account)) {
    // The password was right: this attempt no longer counts, the earlier failures still do.
    await forgetAttempt(ctx.db, claim.attempt);
    const step = await issueChallenge(ctx.db, account.id, account.mfaEnabled ? 'verify' : 'enrol', now);
    await recordAudit(
      ctx.db,
      { userId: account.id, email: account.email, ip, now },
      { action: 'auth.mfa_challenge', entityType: 'user', entityId: account.id },
    );
    return { mfa: step };
  }
  return { token: await ctx.db.transaction((tx) => startSession(tx, account, ip, now)) };
}
