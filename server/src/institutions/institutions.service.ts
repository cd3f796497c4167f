import type { CreateInstitutionInput, Institution, UpdateInstitutionInput } from '@registry/shared';
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

/**
 * Changes any of an institution's status, name, code and type, with the audit entry in the same transaction.
 * A name or code another institution has (in any letter case) answers 409; deactivation ends its doctors'
 * sessions at once.
 */
export async function updateInstitution(
  ctx: AppContext,
  actor: Actor,
  id: string,
  input: UpdateInstitutionInput,
): Promise<Institution> {
  return withUniqueConflicts(() =>
    ctx.db.transaction(async (tx) => {
      const repository = createInstitutionsRepository(tx);
      const current = await repository.findById(id);
      if (!current) {
        throw notFound();
      }
      await repository.update(
        id,
        { name: input.name, code: input.code, type: input.type, isActive: input.isActive },
        actor.now,
      );
      if (input.isActive === false) {
        await repository.endDoctorsSessions(id);
      }
      await recordAudit(tx, actor, {
        action: 'institution.update',
        entityType: 'institution',
        entityId: id,
        changes: changesOf(
          { name: current.name, code: current.code, type: current.type, isActive: current.isActive },
          input,
        ),
      });
      const updated = await repository.findById(id);
      if (!updated) {
        throw new Error('updated institution not found');
      }
      return updated;
    }),
  );
}
