import type { ChangePasswordInput, Language } from '@registry/shared';
import type { FastifyBaseLogger } from 'fastify';
import { recordAudit } from '../audit/record.ts';
import type { Actor } from '../auth/actor.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { createSessionsRepository } from '../auth/sessions.repository.ts';
import type { AppContext } from '../context.ts';
import { tooManyAttempts, unauthenticated, unprocessable } from '../http/errors.ts';
import { describeError } from '../http/logging.ts';
import { passwordChangedMail } from '../mail/templates.ts';
import { claimAttempt, clearAttempts } from './lockout.ts';
import { createUsersRepository } from './users.repository.ts';

/**
 * Settings: a new password for the signed-in user (docs/product-rules.md#accounts). The current one is
 * required and counted like a sign-in attempt, so that a session left open cannot be used to guess it;
 * every other session of the user ends, and a mail says that the password changed.
 */
export async function changePassword(
  ctx: AppContext,
  actor: Actor,
  input: ChangePasswordInput,
  mail: { language: Language; log: FastifyBaseLogger },
): Promise<void> {
  const users = createUsersRepository(ctx.db);
  const account = await users.findCredentials(actor.principal.email);
  if (!account) {
    throw unauthenticated();
  }
  const claimed = await claimAttempt(ctx.db, account.email, actor.now);
  if (!claimed.allowed) {
    await recordAudit(ctx.db, actor, { action: 'auth.password_change', outcome: 'denied' });
    throw tooManyAttempts(claimed.retryAfterSeconds);
  }
  if (!(await verifyPassword(account.passwordHash, input.currentPassword))) {
    await recordAudit(ctx.db, actor, {
      action: 'auth.password_change',
      outcome: 'failed',
      entityType: 'user',
      entityId: account.id,
    });
    throw unprocessable('CURRENT_PASSWORD_WRONG', { currentPassword: 'errors.CURRENT_PASSWORD_WRONG' });
  }
  const passwordHash = await hashPassword(input.newPassword);
  await ctx.db.transaction(async (tx) => {
    await createUsersRepository(tx).setPassword(account.id, passwordHash, actor.now);
    await createSessionsRepository(tx).deleteOthersOfUser(account.id, actor.principal.sessionId);
    await clearAttempts(tx, account.email);
    await recordAudit(tx, actor, {
      action: 'auth.password_change',
      entityType: 'user',
      entityId: account.id,
      changes: { password: { old: '[redacted]', new: '[redacted]' } },
    });
  });
  ctx.mailer.send(passwordChangedMail(mail.language, account.email)).catch((error: unknown) => {
    mail.log.error({ err: describeError(error) }, 'could not send the password-changed mail');
  });
}
