import type { CreateInstitutionInput, Institution } from '@registry/shared';
import { createAuditRepository } from '../audit/audit.repository.ts';
import type { Principal } from '../auth/principal.ts';
import type { AppContext } from '../context.ts';
import { uniqueViolation } from '../db/errors.ts';
import { conflict, notFound } from '../http/errors.ts';
import { createInstitutionsRepository } from './institutions.repository.ts';

/** Creates an institution; a name or code already taken (in any letter case) answers 409. */
export async function createInstitution(
  ctx: AppContext,
  actor: Principal,
  input: CreateInstitutionInput,
  ip: string,
): Promise<Institution> {
  try {
    return await ctx.db.transaction(async (tx) => {
      const repository = createInstitutionsRepository(tx);
      const id = await repository.insert(input);
      await createAuditRepository(tx).record({
        at: ctx.now(),
        actorUserId: actor.userId,
        actorEmail: actor.email,
        action: 'institution.create',
        entityType: 'institution',
        entityId: id,
        changes: {
          name: { old: null, new: input.name },
          code: { old: null, new: input.code },
          type: { old: null, new: input.type },
        },
        ip,
      });
      const created = await repository.findById(id);
      if (!created) {
        throw new Error('created institution not found');
      }
      return created;
    });
  } catch (error) {
    const constraint = uniqueViolation(error);
    if (constraint === 'institutions_name_unique') {
      throw conflict('INSTITUTION_NAME_EXISTS', { name: 'errors.INSTITUTION_NAME_EXISTS' });
    }
    if (constraint === 'institutions_code_unique') {
      throw conflict('INSTITUTION_CODE_EXISTS', { code: 'errors.INSTITUTION_CODE_EXISTS' });
    }
    throw error;
  }
}

/** Activates or deactivates an institution; deactivation ends its doctors' sessions at once. */
export async function setInstitutionActive(
  ctx: AppContext,
  actor: Principal,
  id: string,
  isActive: boolean,
  ip: string,
): Promise<Institution> {
  return ctx.db.transaction(async (tx) => {
    const repository = createInstitutionsRepository(tx);
    const current = await repository.findById(id);
    if (!current) {
      throw notFound();
    }
    const now = ctx.now();
    await repository.setActive(id, isActive, now);
    if (!isActive) {
      await repository.endDoctorsSessions(id);
    }
    await createAuditRepository(tx).record({
      at: now,
      actorUserId: actor.userId,
      actorEmail: actor.email,
      action: 'institution.update',
      entityType: 'institution',
      entityId: id,
      changes: { isActive: { old: current.isActive, new: isActive } },
      ip,
    });
    return { ...current, isActive };
  });
}
