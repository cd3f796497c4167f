import type { CreateAdminInput, CreateDoctorInput, Language, UpdateUserInput, User } from '@registry/shared';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { changesOf, created, recordAudit } from '../audit/record.ts';
import type { Actor } from '../auth/actor.ts';
import { hashPassword } from '../auth/passwords.ts';
import { createSessionsRepository } from '../auth/sessions.repository.ts';
import type { AppContext } from '../context.ts';
import { institutions } from '../db/schema.ts';
import { conflictOf, withUniqueConflicts } from '../db/unique-violations.ts';
import { conflict, HttpError, notFound, unprocessable } from '../http/errors.ts';
import { describeError } from '../http/logging.ts';
import { mfaResetMail } from '../mail/templates.ts';
import { createMfaRepository } from './mfa.repository.ts';
import { checkPasswordAgain } from './mfa.service.ts';
import { issueResetCode } from './password-reset.service.ts';
import { createUsersRepository } from './users.repository.ts';

/**
 * Creates an admin, or a doctor of an active institution, with the audit entry in the same
 * transaction. An email already taken in any letter case answers 409.
 */
export async function createUser(
  ctx: AppContext,
  actor: Actor,
  input: { admin: CreateAdminInput } | { doctor: CreateDoctorInput },
): Promise<User> {
  const account = 'admin' in input ? input.admin : input.doctor.user;
  const users = createUsersRepository(ctx.db);
  if (await users.findCredentials(account.email)) {
    throw conflictOf('users_email_unique');
  }
  const passwordHash = await hashPassword(account.password);
  return withUniqueConflicts(() =>
    ctx.db.transaction(async (tx) => {
      let doctor: Parameters<ReturnType<typeof createUsersRepository>['insert']>[0]['doctor'];
      if ('doctor' in input) {
        const [institution] = await tx
          .select({ isActive: institutions.isActive })
          .from(institutions)
          .where(eq(institutions.id, input.doctor.institutionId))
          .limit(1);
        if (!institution) {
          throw unprocessable('RULE_BROKEN', { institutionId: 'validation.chooseOption' });
        }
        if (!institution.isActive) {
          throw unprocessable('INSTITUTION_INACTIVE', { institutionId: 'errors.INSTITUTION_INACTIVE' });
        }
        doctor = {
          institutionId: input.doctor.institutionId,
          firstName: input.doctor.first_name,
          lastName: input.doctor.last_name,
          gender: input.doctor.gender,
        };
      }
      const repository = createUsersRepository(tx);
      const id = await repository.insert({
        email: account.email,
        nickname: account.nickname,
        passwordHash,
        isAdmin: 'admin' in input,
        doctor,
      });
      await recordAudit(tx, actor, {
        action: 'user.create',
        entityType: 'user',
        entityId: id,
        changes: created({
          email: account.email,
          nickname: account.nickname,
          isAdmin: 'admin' in input,
          ...(doctor
            ? {
                institutionId: doctor.institutionId,
                first_name: doctor.firstName,
                last_name: doctor.lastName,
                gender: doctor.gender,
              }
            : {}),
        }),
      });
      const user = await repository.findById(id);
      if (!user) {
        throw new Error('created user not found');
      }
      return user;
    }),
  );
}

/** The doctor's fields of `PATCH /api/users/{id}`, which an admin account does not have. */
const DOCTOR_FIELDS = ['first_name', 'last_name', 'gender', 'institutionId'] as const;

/**
 * Changes any of a user's status, nickname and (for a doctor) name, gender and institution, with the audit
 * entry in the same transaction. Deactivation ends the user's sessions at once; an admin cannot deactivate
 * themselves; a doctor moves only to an existing, active institution (their patients stay where they were
 * registered).
 */
export async function updateUser(
  ctx: AppContext,
  actor: Actor,
  id: string,
  input: UpdateUserInput,
): Promise<User> {
  if (id === actor.principal.userId && input.isActive === false) {
    throw new HttpError(422, 'CANNOT_DEACTIVATE_SELF');
  }
  return ctx.db.transaction(async (tx) => {
    const repository = createUsersRepository(tx);
    const current = await repository.findById(id);
    if (!current) {
      throw notFound();
    }
    const doctor = current.doctor;
    if (!doctor) {
      const sent = DOCTOR_FIELDS.filter((field) => input[field] !== undefined);
      if (sent.length > 0) {
        throw unprocessable(
          'RULE_BROKEN',
          Object.fromEntries(sent.map((field) => [field, 'validation.adminHasNoDoctorData'])),
        );
      }
    }
    if (doctor && input.institutionId !== undefined && input.institutionId !== doctor.institution.id) {
      const [institution] = await tx
        .select({ isActive: institutions.isActive })
        .from(institutions)
        .where(eq(institutions.id, input.institutionId))
        .limit(1);
      if (!institution) {
        throw unprocessable('RULE_BROKEN', { institutionId: 'validation.chooseOption' });
      }
      if (!institution.isActive) {
        throw unprocessable('INSTITUTION_INACTIVE', { institutionId: 'errors.INSTITUTION_INACTIVE' });
      }
    }
    await repository.update(
      id,
      { nickname: input.nickname, isActive: input.isActive },
      {
        firstName: input.first_name,
        lastName: input.last_name,
        gender: input.gender,
        institutionId: input.institutionId,
      },
      actor.now,
    );
    if (input.isActive === false) {
      await createSessionsRepository(tx).deleteForUser(id);
    }
    const before = {
      nickname: current.nickname,
      isActive: current.isActive,
      ...(doctor
        ? {
            first_name: doctor.first_name,
            last_name: doctor.last_name,
            gender: doctor.gender,
            institutionId: doctor.institution.id,
          }
        : {}),
    };
    await recordAudit(tx, actor, {
      action: 'user.update',
      entityType: 'user',
      entityId: id,
      changes: changesOf(before, input),
    });
    const updated = await repository.findById(id);
    if (!updated) {
      throw new Error('updated user not found');
    }
    return updated;
  });
}

/**
 * Mails a user a fresh password-reset code at an admin's request, with the same code and mail as the
 * user's own request; an inactive account (or a doctor's inactive institution) is refused with 422.
 */
export async function sendPasswordReset(
  ctx: AppContext,
  actor: Actor,
  id: string,
  caller: { readonly language: Language; readonly log: FastifyBaseLogger },
): Promise<void> {
  const user = await createUsersRepository(ctx.db).findById(id);
  if (!user) {
    throw notFound();
  }
  if (!user.isActive) {
    throw unprocessable('ACCOUNT_INACTIVE');
  }
  const state = await createUsersRepository(ctx.db).findSignInState(id);
  if (state?.institutionActive === false) {
    throw unprocessable('INSTITUTION_INACTIVE');
  }
  await issueResetCode(ctx, { id: user.id, email: user.email }, caller, (tx) =>
    recordAudit(tx, actor, {
      action: 'user.password_reset_sent',
      entityType: 'user',
      entityId: id,
    }),
  );
}

/**
 * An admin removes another user's second factor (a lost phone), giving their own password again: the
 * secret, any pending one, the recovery codes and pending sign-in steps go, every session of the user
 * ends, the change is audited, and a mail tells the user. The user then signs in with the password alone
 * (an admin under REQUIRE_ADMIN_MFA sets a new one up at once). 422 MFA_RESET_SELF for the admin's own
 * (changed through Settings' disable, with a code); 422 CURRENT_PASSWORD_WRONG, audited as a failed
 * `user.mfa_reset`, for a wrong password; 409 MFA_NOT_ENABLED when the user has none.
 */
export async function resetSecondFactor(
  ctx: AppContext,
  actor: Actor,
  id: string,
  password: string,
  caller: { readonly language: Language; readonly log: FastifyBaseLogger },
): Promise<void> {
  const user = await createUsersRepository(ctx.db).findById(id);
  if (!user) {
    throw notFound();
  }
  if (id === actor.principal.userId) {
    throw new HttpError(422, 'MFA_RESET_SELF');
  }
  await checkPasswordAgain(ctx, actor, password, 'user.mfa_reset');
  await ctx.db.transaction(async (tx) => {
    const mfa = createMfaRepository(tx);
    const secrets = await mfa.findSecrets(id);
    if (!secrets?.secret && !secrets?.pendingSecret) {
      throw conflict('MFA_NOT_ENABLED');
    }
    await mfa.disable(id, actor.now);
    await mfa.voidChallenges(id, actor.now);
    await createSessionsRepository(tx).deleteForUser(id);
    await recordAudit(tx, actor, {
      action: 'user.mfa_reset',
      entityType: 'user',
      entityId: id,
      changes: { mfaEnabled: { old: Boolean(secrets?.secret), new: false } },
    });
  });
  ctx.mailer.send(mfaResetMail(caller.language, user.email)).catch((error: unknown) => {
    caller.log.error({ err: describeError(error) }, 'could not send the second-factor reset mail');
  });
}
