import type { CreateAdminInput, CreateDoctorInput, User } from '@registry/shared';
import { eq } from 'drizzle-orm';
import { createAuditRepository } from '../audit/audit.repository.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { Principal } from '../auth/principal.ts';
import { createSessionsRepository } from '../auth/sessions.repository.ts';
import type { AppContext } from '../context.ts';
import { uniqueViolation } from '../db/errors.ts';
import { institutions } from '../db/schema.ts';
import { conflict, HttpError, notFound, unprocessable } from '../http/errors.ts';
import { createUsersRepository } from './users.repository.ts';

const emailTaken = () => conflict('EMAIL_EXISTS', { email: 'errors.EMAIL_EXISTS' });

/**
 * Creates an admin, or a doctor of an active institution, with the audit entry in the same
 * transaction. An email already taken in any letter case answers 409.
 */
export async function createUser(
  ctx: AppContext,
  actor: Principal,
  input: { admin: CreateAdminInput } | { doctor: CreateDoctorInput },
  ip: string,
): Promise<User> {
  const account = 'admin' in input ? input.admin : input.doctor.user;
  const users = createUsersRepository(ctx.db);
  if (await users.findCredentials(account.email)) {
    throw emailTaken();
  }
  const passwordHash = await hashPassword(account.password);
  try {
    return await ctx.db.transaction(async (tx) => {
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
      await createAuditRepository(tx).record({
        at: ctx.now(),
        actorUserId: actor.userId,
        actorEmail: actor.email,
        action: 'user.create',
        entityType: 'user',
        entityId: id,
        changes: {
          email: { old: null, new: account.email },
          nickname: { old: null, new: account.nickname },
          isAdmin: { old: null, new: 'admin' in input },
          ...(doctor
            ? {
                institutionId: { old: null, new: doctor.institutionId },
                first_name: { old: null, new: doctor.firstName },
                last_name: { old: null, new: doctor.lastName },
                gender: { old: null, new: doctor.gender },
              }
            : {}),
        },
        ip,
      });
      const created = await repository.findById(id);
      if (!created) {
        throw new Error('created user not found');
      }
      return created;
    });
  } catch (error) {
    if (uniqueViolation(error) === 'users_email_unique') {
      throw emailTaken();
    }
    throw error;
  }
}

/** Activates or deactivates a user; deactivation ends the user's sessions at once. */
export async function setUserActive(
  ctx: AppContext,
  actor: Principal,
  id: string,
  isActive: boolean,
  ip: string,
): Promise<User> {
  if (id === actor.userId && !isActive) {
    throw new HttpError(422, 'CANNOT_DEACTIVATE_SELF');
  }
  return ctx.db.transaction(async (tx) => {
    const repository = createUsersRepository(tx);
    const current = await repository.findById(id);
    if (!current) {
      throw notFound();
    }
    const now = ctx.now();
    await repository.setActive(id, isActive, now);
    if (!isActive) {
      await createSessionsRepository(tx).deleteForUser(id);
    }
    await createAuditRepository(tx).record({
      at: now,
      actorUserId: actor.userId,
      actorEmail: actor.email,
      action: 'user.update',
      entityType: 'user',
      entityId: id,
      changes: { isActive: { old: current.isActive, new: isActive } },
      ip,
    });
    return { ...current, isActive };
  });
}
