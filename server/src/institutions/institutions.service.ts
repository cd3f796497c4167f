import type { CreateInstitutionInput, Institution } from '@registry/shared';
import { changesOf, created, recordAudit } from '../audit/record.ts';
import type { Actor } from '../auth/actor.ts';
import type { AppContext } from '../context.ts';
import { withUniqueConflicts } from '../db/unique-violations.ts';
import { notFound } from '../http/errors.ts';
import { createInstitutionsRepository } from './institutions.repository.ts';

/** Creates an institution; a name or code already taken (in any letter case) answers 409. */
export async function createInstitution(
  ctx: AppContext,
  actor: Actor,
  input: CreateInstitutionInput,
): Promise<Institution> {
  return withUniqueConflicts(() =>
    ctx.db.transaction(async (tx) => {
      const repository = createInstitutionsRepository(tx);
      const id = await repository.insert(input);
      await recordAudit(tx, actor, {
        action: 'institution.create',
        entityType: 'institution',
        entityId: id,
        changes: created({ name: input.name, code: input.code, type: input.type }),
      });
      const institution = await repository.findById(id);
      if (!institution) {
        throw new Error('created institution not found');
      }
      return institution;
    }),
  );
}

/** Activates or deactivates an institution; deactivation ends its doctors' sessions at once. */
export async function setInstitutionActive(
  ctx: AppContext,
  actor: Actor,
  id: string,
  isActive: boolean,
): Promise<Institution> {
  return ctx.db.transaction(async (tx) => {
    const repository = createInstitutionsRepository(tx);
    const current = await repository.findById(id);
    if (!current) {
      throw notFound();
    }
    await repository.setActive(id, isActive, actor.now);
    if (!isActive) {
      await repository.endDoctorsSessions(id);
    }
    await recordAudit(tx, actor, {
      action: 'institution.update',
      entityType: 'institution',
      entityId: id,
      changes: changesOf({ isActive: current.isActive }, { isActive }),
    });
    return { ...current, isActive };
  });
}
