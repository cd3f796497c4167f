import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { type RecordValues, recordColumns } from '../../db/record-columns.ts';
import { drugs, treatments } from '../../db/schema.ts';

/** A treatment's fields under their API names (`EMR`, not `emr`), as the audit trail records them. */
export type TreatmentValues = RecordValues<typeof treatments, 'order'>;
export type DrugValues = RecordValues<typeof drugs, 'order'>;

/** Treatments and their drugs; order numbers are unique per parent (checked at commit). */
export function createTreatmentsRepository(db: Queryable) {
  return {
    /** A patient's treatments in order. */
    async listTreatments(patientId: string) {
      return db
        .select({ id: treatments.id, ...recordColumns(treatments) })
        .from(treatments)
        .where(eq(treatments.patientId, patientId))
        .orderBy(asc(treatments.order));
    },

    /** The drugs of some treatments, each treatment's in order. */
    async listDrugs(treatmentIds: readonly string[]) {
      if (treatmentIds.length === 0) {
        return [];
      }
      return db
        .select({ id: drugs.id, treatmentId: drugs.treatmentId, ...recordColumns(drugs) })
        .from(drugs)
        .where(inArray(drugs.treatmentId, [...treatmentIds]))
        .orderBy(asc(drugs.treatmentId), asc(drugs.order));
    },

    async patientOfTreatment(id: string): Promise<string | null> {
      const [row] = await db
        .select({ patientId: treatments.patientId })
        .from(treatments)
        .where(eq(treatments.id, id));
      return row?.patientId ?? null;
    },

    /** The treatment and patient of a drug, or null. */
    async ownerOfDrug(id: string): Promise<{ treatmentId: string; patientId: string } | null> {
      const [row] = await db
        .select({ treatmentId: drugs.treatmentId, patientId: treatments.patientId })
        .from(drugs)
        .innerJoin(treatments, eq(treatments.id, drugs.treatmentId))
        .where(eq(drugs.id, id));
      return row ?? null;
    },

    async insertTreatment(patientId: string, order: number, values: TreatmentValues): Promise<string> {
      const [row] = await db
        .insert(treatments)
        .values({ patientId, order, ...values })
        .returning({ id: treatments.id });
      if (!row) {
        throw new Error('insert returned no row');
      }
      return row.id;
    },

    async updateTreatment(id: string, values: Partial<TreatmentValues> & { order?: number }): Promise<void> {
      await db
        .update(treatments)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(treatments.id, id));
    },

    async deleteTreatment(id: string): Promise<void> {
      await db.delete(treatments).where(eq(treatments.id, id));
    },

    async insertDrug(treatmentId: string, order: number, values: DrugValues): Promise<string> {
      const [row] = await db
        .insert(drugs)
        .values({ treatmentId, order, ...values })
        .returning({ id: drugs.id });
      if (!row) {
        throw new Error('insert returned no row');
      }
      return row.id;
    },

    async updateDrug(id: string, values: Partial<DrugValues> & { order?: number }): Promise<void> {
      await db
        .update(drugs)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(drugs.id, id));
    },

    async deleteDrug(id: string): Promise<void> {
      await db.delete(drugs).where(eq(drugs.id, id));
    },
  };
}
