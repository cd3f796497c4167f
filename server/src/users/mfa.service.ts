import { isRecoveryCode, type MfaSetup, type MfaStatus, type MfaStep } from '@registry/shared';
import { type AuditBy, recordAudit } from '../audit/record.ts';
import type { Actor } from '../auth/actor.ts';
import { verifyPassword } from '../auth/passwords.ts';
import { newToken, sha256 } from '../auth/tokens.ts';
import type { AppContext } from '../context.ts';
import type { Queryable } from '../db/client.ts';
import { conflict, HttpError, tooManyAttempts, unprocessable } from '../http/errors.ts';
import { claimAttempt, clearAttempts } from './lockout.ts';
import { type ChallengePurpose, createMfaRepository } from './mfa.repository.ts';
import { openSecret, sealSecret, totpKeyOf } from './secret-box.ts';
import { startSession } from './sessions.service.ts';
import { acceptedStep, enrolmentOf, newRecoveryCodes, newTotpSecret, recoveryCodeHash } from './totp.ts';
import { createUsersRepository } from './users.repository.ts';

/**
 * The second factor (docs/product-rules.md#accounts): enrolment from Settings or, for an admin who must
 * have one, at sign-in; the second step of a sign-in; turning it off. Every code is an attempt of the
 * sign-in lockout, counted before it is judged, and every step is audited.
 */

/** How long the second step of a sign-in may take. */
export const CHALLENGE_TTL_MS = 5 * 60 * 1000;

const codeInvalid = () => new HttpError(401, 'MFA_CODE_INVALID');
const challengeExpired = () => new HttpError(401, 'MFA_CHALLENGE_EXPIRED');

/** Whether the registry requires a second factor of this user. */
export function mfaRequired(ctx: AppContext, user: { isAdmin: boolean }): boolean {
  return ctx.config.requireAdminMfa && user.isAdmin;
}

/** The challenge a right password answers, instead of a session, when a second step is due. */
export async function issueChallenge(
  db: Queryable,
  userId: string,
  purpose: ChallengePurpose,
  now: Date,
): Promise<MfaStep> {
  const challenge = newToken();
  await createMfaRepository(db).insertChallenge({
    userId,
    tokenHash: sha256(challenge),
    purpose,
    createdAt: now,
    expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
  });
  return { challenge, expiresIn: CHALLENGE_TTL_MS / 1000, step: purpose };
}

/** The status Settings shows. */
export async function mfaStatus(ctx: AppContext, actor: Actor): Promise<MfaStatus> {
  const mfa = createMfaRepository(ctx.db);
  const secrets = await mfa.findSecrets(actor.principal.userId);
  return {
    enabled: Boolean(secrets?.secret),
    recoveryCodesLeft: secrets?.secret ? await mfa.recoveryCodesLeft(actor.principal.userId) : 0,
    required: mfaRequired(ctx, actor.principal),
  };
}

/** Starts an enrolment: a new secret, kept pending until a code from the app confirms it. */
async function setUp(ctx: AppContext, userId: string, by: AuditBy): Promise<MfaSetup> {
  const mfa = createMfaRepository(ctx.db);
  const secrets = await mfa.findSecrets(userId);
  if (!secrets) {
    throw challengeExpired();
  }
  if (secrets.secret) {
    throw conflict('MFA_ALREADY_ENABLED');
  }
  const secret = newTotpSecret();
  await mfa.setPendingSecret(userId, sealSecret(totpKeyOf(ctx.config), secret));
  await recordAudit(ctx.db, by, { action: 'auth.mfa_setup', entityType: 'user', entityId: userId });
  return { secret, ...(await enrolmentOf(secret, secrets.email)) };
}

/** Counts a code against the user's email before it is judged: 429 while locked. */
async function claim(ctx: AppContext, email: string, now: Date, by: AuditBy, action: string): Promise<void> {
  const claimed = await claimAttempt(ctx.db, email, now);
  if (!claimed.allowed) {
    await recordAudit(ctx.db, by, { action, outcome: 'denied' });
    throw tooManyAttempts(claimed.retryAfterSeconds);
  }
}

/**
 * Confirms an enrolment with the first code of the app: the second factor is on, and ten recovery
 * codes are answered, once. `finish` runs in the same transaction (a sign-in starts its session there).
 */
async function confirm<T>(
  ctx: AppContext,
  userId: string,
  code: string,
  by: AuditBy,
  finish: (tx: Queryable) => Promise<T>,
): Promise<{ recoveryCodes: string[]; result: T }> {
  const secrets = await createMfaRepository(ctx.db).findSecrets(userId);
  if (!secrets) {
    throw challengeExpired();
  }
  if (secrets.secret) {
    throw conflict('MFA_ALREADY_ENABLED');
  }
  await claim(ctx, secrets.email, by.now, by, 'auth.mfa_enabled');
  const step = secrets.pendingSecret
    ? acceptedStep(
        openSecret(totpKeyOf(ctx.config), secrets.pendingSecret),
        secrets.email,
        code,
        by.now,
        null,
      )
    : null;
  if (!secrets.pendingSecret || step === null || isRecoveryCode(code)) {
    await recordAudit(ctx.db, by, {
      action: 'auth.mfa_enabled',
      outcome: 'failed',
      entityType: 'user',
      entityId: userId,
    });
    throw codeInvalid();
  }
  const recoveryCodes = newRecoveryCodes();
  const pending = secrets.pendingSecret;
  const result = await ctx.db.transaction(async (tx) => {
    const mfa = createMfaRepository(tx);
    if (!(await mfa.enable(userId, pending, step, by.now))) {
      // Another request turned it on with this code first.
      throw conflict('MFA_ALREADY_ENABLED');
    }
    await clearAttempts(tx, secrets.email);
    await mfa.replaceRecoveryCodes(
      userId,
      recoveryCodes.map((recovery) => recoveryCodeHash(userId, recovery)),
    );
    await recordAudit(tx, by, { action: 'auth.mfa_enabled', entityType: 'user', entityId: userId });
    return finish(tx);
  });
  return { recoveryCodes, result };
}

/**
 * Judges a code of a user with a second factor: an app code not used before, or an unused recovery
 * code, which is spent. Answers how the user proved it, or null.
 */
async function judge(
  db: Queryable,
  key: Buffer,
  userId: string,
  code: string,
  now: Date,
): Promise<'app' | 'recovery' | null> {
  const mfa = createMfaRepository(db);
  const secrets = await mfa.findSecrets(userId);
  if (!secrets?.secret) {
    return null;
  }
  if (isRecoveryCode(code)) {
    return (await mfa.useRecoveryCode(userId, recoveryCodeHash(userId, code), now)) ? 'recovery' : null;
  }
  const step = acceptedStep(openSecret(key, secrets.secret), secrets.email, code, now, secrets.lastStep);
  // The step moves on in one conditional statement, so that two requests cannot spend one code.
  return step !== null && (await mfa.advanceStep(userId, step)) ? 'app' : null;
}

/**
 * Settings: the password again before the second factor changes, counted like a sign-in attempt (a
 * session left open must not be enough to set one up or turn it off): 422 CURRENT_PASSWORD_WRONG.
 */
/**
 * The signed-in user's password again, counted by the sign-in lockout: a wrong one is audited as a
 * failed `action` and answers 422 CURRENT_PASSWORD_WRONG on the field `password`.
 */
export async function checkPasswordAgain(ctx: AppContext, actor: Actor, password: string, action: string) {
  const account = await createUsersRepository(ctx.db).findCredentials(actor.principal.email);
  if (!account) {
    throw challengeExpired();
  }
  await claim(ctx, account.email, actor.now, actor, action);
  if (!(await verifyPassword(account.passwordHash, password))) {
    await recordAudit(ctx.db, actor, {
      action,
      outcome: 'failed',
      entityType: 'user',
      entityId: account.id,
    });
    throw unprocessable('CURRENT_PASSWORD_WRONG', { password: 'errors.CURRENT_PASSWORD_WRONG' });
  }
}

/** Settings: starts an enrolment for the signed-in user, who gives the password again. */
export async function setUpFromSettings(ctx: AppContext, actor: Actor, password: string): Promise<MfaSetup> {
  await checkPasswordAgain(ctx, actor, password, 'auth.mfa_setup');
  return setUp(ctx, actor.principal.userId, actor);
}

/** Settings: confirms the enrolment with a code; answers the recovery codes. */
export async function enableFromSettings(ctx: AppContext, actor: Actor, code: string): Promise<string[]> {
  const { recoveryCodes } = await confirm(ctx, actor.principal.userId, code, actor, async () => undefined);
  return recoveryCodes;
}

/** Settings: turns the second factor off with the password again and a current code (or a recovery code). */
export async function disableFromSettings(
  ctx: AppContext,
  actor: Actor,
  password: string,
  code: string,
): Promise<void> {
  const userId = actor.principal.userId;
  if (mfaRequired(ctx, actor.principal)) {
    // The registry requires it of admins (REQUIRE_ADMIN_MFA): it stays on.
    throw new HttpError(403, 'MFA_REQUIRED');
  }
  const secrets = await createMfaRepository(ctx.db).findSecrets(userId);
  if (!secrets?.secret) {
    throw conflict('MFA_NOT_ENABLED');
  }
  // One attempt of the lockout for the password and the code together.
  await checkPasswordAgain(ctx, actor, password, 'auth.mfa_disabled');
  await ctx.db
    .transaction(async (tx) => {
      if (!(await judge(tx, totpKeyOf(ctx.config), userId, code, actor.now))) {
        throw codeInvalid();
      }
      await createMfaRepository(tx).disable(userId, actor.now);
      await clearAttempts(tx, secrets.email);
      await recordAudit(tx, actor, { action: 'auth.mfa_disabled', entityType: 'user', entityId: userId });
    })
    .catch(async (error: unknown) => {
      if (error instanceof HttpError && error.code === 'MFA_CODE_INVALID') {
        await recordAudit(ctx.db, actor, {
          action: 'auth.mfa_disabled',
          outcome: 'failed',
          entityType: 'user',
          entityId: userId,
        });
      }
      throw error;
    });
}

/** The user behind a live challenge, still allowed to sign in; else 401 MFA_CHALLENGE_EXPIRED. */
async function challenged(ctx: AppContext, challenge: string, purpose: ChallengePurpose, now: Date) {
  const found = await createMfaRepository(ctx.db).findChallenge(sha256(challenge), purpose, now);
  const account = found ? await createUsersRepository(ctx.db).findSignInState(found.userId) : null;
  if (!found || !account?.isActive || account.institutionActive === false) {
    throw challengeExpired();
  }
  return { challengeId: found.id, userId: found.userId, email: account.email };
}

/** Sign-in, second step: a right code spends the challenge and starts the session. */
export async function completeSignIn(ctx: AppContext, challenge: string, code: string, ip: string) {
  const now = ctx.now();
  const { challengeId, userId, email } = await challenged(ctx, challenge, 'verify', now);
  const by = { userId, email, ip, now };
  await claim(ctx, email, now, by, 'auth.mfa');
  const token = await ctx.db
    .transaction(async (tx) => {
      const how = await judge(tx, totpKeyOf(ctx.config), userId, code, now);
      if (!how) {
        throw codeInvalid();
      }
      if (!(await createMfaRepository(tx).spendChallenge(challengeId, now))) {
        throw challengeExpired();
      }
      await recordAudit(tx, by, {
        action: how === 'recovery' ? 'auth.mfa_recovery_used' : 'auth.mfa',
        entityType: 'user',
        entityId: userId,
      });
      return startSession(tx, { id: userId, email }, ip, now);
    })
    .catch(async (error: unknown) => {
      if (error instanceof HttpError && error.code === 'MFA_CODE_INVALID') {
        await recordAudit(ctx.db, by, {
          action: 'auth.mfa',
          outcome: 'failed',
          entityType: 'user',
          entityId: userId,
        });
      }
      throw error;
    });
  return token;
}

/** Sign-in of an admin who must have a second factor: starts the enrolment the challenge allows. */
export async function setUpAtSignIn(ctx: AppContext, challenge: string, ip: string): Promise<MfaSetup> {
  const now = ctx.now();
  const { userId, email } = await challenged(ctx, challenge, 'enrol', now);
  return setUp(ctx, userId, { userId, email, ip, now });
}

/** Sign-in of an admin who must have a second factor: the first code turns it on and starts the session. */
export async function enableAtSignIn(ctx: AppContext, challenge: string, code: string, ip: string) {
  const now = ctx.now();
  const { challengeId, userId, email } = await challenged(ctx, challenge, 'enrol', now);
  const { recoveryCodes, result } = await confirm(
    ctx,
    userId,
    code,
    { userId, email, ip, now },
    async (tx) => {
      if (!(await createMfaRepository(tx).spendChallenge(challengeId, now))) {
        throw challengeExpired();
      }
      return startSession(tx, { id: userId, email }, ip, now);
    },
  );
  return { token: result, recoveryCodes };
}
