import { type Diagnostic, deriveGenetics, type GeneticsInput } from '@registry/shared';
import type { Actor } from '../../auth/actor.ts';
import type { AppContext } from '../../context.ts';
import { createDiagnosticsRepository } from './diagnostics.repository.ts';
import { type RecordKind, updateRecord, type Written } from './record-write.ts';

/** What the trail records of a diagnostic's genetics: what the doctor entered, not what the registry read. */
export type GeneticsValues = Pick<GeneticsInput, 'karyotype' | 'karyotypeResult' | 'markers'>;

/** The genetics of a diagnostic without any (a new one). */
export const NO_GENETICS: GeneticsValues = { karyotype: null, karyotypeResult: null, markers: [] };

/**
 * A diagnostic's genetics as a record of their own: written on the write frame, answered as the
 * diagnostic they belong to, audited as `genetics.update` with each part's old and new value.
 */
export const geneticsAt = (now: Date): RecordKind<GeneticsValues, 'diagnostics'> => ({
  entityType: 'genetics',
  part: 'diagnostics',
  repository: (db) => {
    const diagnostics = createDiagnosticsRepository(db);
    return {
      patientOf: (id) => diagnostics.patientOf(id),
      async find(id) {
        const genetics = await diagnostics.findGenetics(id);
        return genetics
          ? {
              karyotype: genetics.karyotype,
              karyotypeResult: genetics.karyotypeResult,
              markers: genetics.markers,
            }
          : NO_GENETICS;
      },
      insert() {
        throw new Error('genetics belong to a diagnostic that exists');
      },
      async update(id, values) {
        const entered = { ...NO_GENETICS, ...values };
        await diagnostics.saveGenetics(id, {
          ...entered,
          derived: deriveGenetics(entered.karyotype),
          updatedAt: now.toISOString(),
        });
      },
    };
  },
});

/**
 * Replaces a diagnostic's genetics (CONTRACT §10): the karyotype text, its result and the markers
 * tested, validated by the shared schema; what the registry reads from the text is kept beside them.
 * The genetic risk of the patient follows in the same transaction (the write frame's read model).
 */
export function saveGenetics(
  ctx: AppContext,
  actor: Actor,
  diagnosticId: string,
  input: GeneticsInput,
  ifMatch: string | undefined,
): Promise<Written<Diagnostic>> {
  return updateRecord(ctx, actor, geneticsAt(actor.now), { id: diagnosticId, ifMatch }, async () => ({
    karyotype: input.karyotype,
    karyotypeResult: input.karyotypeResult,
    markers: input.markers,
  }));
}
