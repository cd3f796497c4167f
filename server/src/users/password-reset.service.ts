import { randomInt } from 'node:crypto';
import type { ForgotPasswordInput, Language, ResetPasswordInput } from '@registry/shared';
import type { FastifyBaseLogger } from 'fastify';
import { recordAudit } from '../audit/record.ts';
import { hashPassword } from '../auth/passwords.ts';
import { createSessionsRepository } from '../auth/sessions.repository.ts';
import { sha256 } from '../auth/tokens.ts';
import type { AppContext } from '../context.ts';
import type { Queryable } from '../db/client.ts';
import { HttpError } from '../http/errors.ts';
import { describeError } from '../http/logging.ts';
import { passwordChangedMail, resetCodeMail } from '../mail/templates.ts';
import { clearAttempts } from './lockout.ts';
import { createPasswordResetRepository } from './password-reset.repository.ts';
import { createUsersRepository } from './users.repository.ts';

/** Reset codes (docs/product-rules.md#accounts): valid 10 minutes, single use, void after 5 wrong tries. */
export const RESET_CODE_TTL_MS = 10 * 60 * 1000;
export const RESET_CODE_MAX_TRIES = 5;
/**
 * At most this many codes per account an hour, whoever asks and from wherever (the per-address limit
 * does not stop requests spread over many addresses): a mailbox cannot be flooded, nor the codes of one
 * account drawn again and again.
 */
export const RESET_CODES_PER_ACCOUNT = 5;
export const RESET_CODES_WINDOW_MS = 60 * 60 * 1000;
/**
 * A reset request answers no sooner than this, whether or not the email exists, whether or not a code
 * was issued: the time it takes tells nothing (the mail itself is sent after answering).
 */
export const RESET_REQUEST_MIN_MS = 400;

/** The stored form of a code: bound to its user, so equal codes of two users hash differently. */
const codeHash = (userId: string, code: string) => sha256(`${userId}:${code}`);

const invalidCode = () => new HttpError(400, 'INVALID_RESET_CODE');

interface Caller {
  readonly ip: string;
  readonly language: Language;
  readonly log: FastifyBaseLogger;
}

/**
 * Mails a fresh 6-digit code to an active account, voiding any older one. Answers the same whether
 * or not the email exists, so that the call does not reveal accounts.
 */
export async function requestPasswordReset(
  ctx: AppContext,
  input: ForgotPasswordInput,
  caller: Caller,
): Promise<void> {
  const started = performance.now();
  try {
    const now = ctx.now();
    const account = await createUsersRepository(ctx.db).findCredentials(input.email);
    const by = { userId: account?.id ?? null, email: input.email.toLowerCase(), ip: caller.ip, now };
    if (account?.isActive && account.institutionActive !== false) {
      const recent = await createPasswordResetRepository(ctx.db).countSince(
        account.id,
        new Date(now.getTime() - RESET_CODES_WINDOW_MS),
      );
      if (recent >= RESET_CODES_PER_ACCOUNT) {
        // Capped: nothing is issued or mailed, and the answer is the same.
        await recordAudit(ctx.db, by, { action: 'auth.password_reset_requested', outcome: 'denied' });
        return;
      }
      await issueResetCode(ctx, account, caller, (tx) =>
        recordAudit(tx, by, { action: 'auth.password_reset_requested', outcome: 'ok' }),
      );
      return;
    }
    await recordAudit(ctx.db, by, { action: 'auth.password_reset_requested', outcome: 'failed' });
  } finally {
    const left = RESET_REQUEST_MIN_MS - (performance.now() - started);
    if (left > 0) {
      await new Promise((resolve) => setTimeout(resolve, left));
    }
  }
}

/**
 * Stores a fresh code for an account (voiding any older one) with the caller's audit entry in the same
 * transaction, then mails it. The mail is sent after answering: waiting for the mail server would make
 * known emails answer slower than unknown ones. A failure is only logged, since the answer must not tell.
 */
export async function issueResetCode(
  ctx: AppContext,
  account: { readonly id: string; readonly email: string },
  caller: Omit<Caller, 'ip'>,
  audit: (tx: Queryable) => Promise<void>,
): Promise<void> {
  const now = ctx.now();
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await ctx.db.transaction(async (tx) => {
    const codes = createPasswordResetRepository(tx);
    await codes.voidOpenCodes(account.id, now);
    await codes.insert({
      userId: account.id,
      codeHash: codeHash(account.id, code),
      createdAt: now,
      expiresAt: new Date(now.getTime() + RESET_CODE_TTL_MS),
    });
    await audit(tx);
  });
  ctx.mailer.send(resetCodeMail(caller.language, account.email, code)).catch((error: unknown) => {
    caller.log.error({ err: describeError(error) }, 'could not send the password reset mail');
  });
}

/** Checks the code and sets the new password; ends every session of the user. */
export async function confirmPasswordReset(
  ctx: AppContext,
  input: ResetPasswordInput,
  caller: Caller,
): Promise<void> {
  const now = ctx.now();
  const account = await createUsersRepository(ctx.db).findCredentials(input.email);
  const audit = (outcome: 'ok' | 'failed') =>
    recordAudit(
      ctx.db,
      { userId: account?.id ?? null, email: input.email.toLowerCase(), ip: caller.ip, now },
      {
        action: 'auth.password_reset',
        outcome,
        ...(account ? { entityType: 'user', entityId: account.id } : {}),
      },
    );
  if (!account?.isActive || account.institutionActive === false) {
    await audit('failed');
    throw invalidCode();
  }
  const codes = createPasswordResetRepository(ctx.db);
  const open = await codes.findOpen(account.id);
  if (!open || open.expiresAt <= now) {
    await audit('failed');
    throw invalidCode();
  }
  if (open.codeHash !== codeHash(account.id, input.verificationCode)) {
    await codes.recordWrongTry(open.id, RESET_CODE_MAX_TRIES, now);
    await audit('failed');
    throw invalidCode();
  }
  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction(async (tx) => {
    if (!(await createPasswordResetRepository(tx).claim(open.id, now))) {
      throw invalidCode();
    }
    await createUsersRepository(tx).setPassword(account.id, passwordHash, now);
    await createSessionsRepository(tx).deleteForUser(account.id);
    await clearAttempts(tx, account.email);
    await recordAudit(
      tx,
      { userId: account.id, email: account.email, ip: caller.ip, now },
      {
        action: 'auth.password_reset',
        entityType: 'user',
        entityId: account.id,
        changes: { password: { old: '[redacted]', new: '[redacted]' } },
      },
    );
  });
  ctx.mailer.send(passwordChangedMail(caller.language, account.email)).catch((error: unknown) => {
    caller.log.error({ err: describeError(error) }, 'could not send the password-changed mail');
  });
}
