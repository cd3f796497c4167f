import type { CreateAdminInput, CreateDoctorInput, User } from '@registry/shared';
import { eq } from 'drizzle-orm';
import { changesOf, created, recordAudit } from '../audit/record.ts';
import type { Actor } from '../auth/actor.ts';
import { hashPassword } from '../auth/passwords.ts';
import { createSessionsRepository } from '../auth/sessions.repository.ts';
import type { AppContext } from '../context.ts';
import { institutions } from '../db/schema.ts';
import { conflictOf, withUniqueConflicts } from '../db/unique-violations.ts';
import { HttpError, notFound, unprocessable } from '../http/errors.ts';
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

/** Activates or deactivates a user; deactivation ends the user's sessions at once. */
export async function setUserActive(
  ctx: AppContext,
  actor: Actor,
  id: string,
  isActive: boolean,
): Promise<User> {
  if (id === actor.principal.userId && !isActive) {
    throw new HttpError(422, 'CANNOT_DEACTIVATE_SELF');
  }
  return ctx.db.transaction(async (tx) => {
    const repository = createUsersRepository(tx);
    const current = await repository.findById(id);
    if (!current) {
      throw notFound();
    }
    await repository.setActive(id, isActive, actor.now);
    if (!isActive) {
      await createSessionsRepository(tx).deleteForUser(id);
    }
    await recordAudit(tx, actor, {
      action: 'user.update',
      entityType: 'user',
      entityId: id,
      changes: changesOf({ isActive: current.isActive }, { isActive }),
    });
    return { ...current, isActive };
  });
}
