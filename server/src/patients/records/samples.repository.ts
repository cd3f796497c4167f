import { eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { samples } from '../../db/schema.ts';

export type SampleValues = { sampleType: string; sampleDate: string; fileId: string | null };

/** Pre-treatment samples of patients. */
export function createSamplesRepository(db: Queryable) {
  return {
    /** The patient a sample belongs to, or null. */
    async patientOf(id: string): Promise<string | null> {
      const [row] = await db.select({ patientId: samples.patientId }).from(samples).where(eq(samples.id, id));
      return row?.patientId ?? null;
    },

    async find(id: string): Promise<SampleValues | null> {
      const [row] = await db
        .select({ sampleType: samples.sampleType, sampleDate: samples.sampleDate, fileId: samples.fileId })
        .from(samples)
        .where(eq(samples.id, id));
      return row ?? null;
    },

    /**
     * The record's time is the moment of its insert, not its transaction's: records added in one write
     * (a whole patient file) keep the order they were added in, which the patient file shows them by.
     */
    async insert(patientId: string, values: SampleValues): Promise<string> {
      const [row] = await db
        .insert(samples)
        .values({ patientId, ...values, createdAt: sql`clock_timestamp()` })
        .returning({ id: samples.id });
      if (!row) {
        throw new Error('insert returned no row');
      }
      return row.id;
    },

    async update(id: string, values: Partial<SampleValues>): Promise<void> {
      await db
        .update(samples)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(samples.id, id));
    },

    async remove(id: string): Promise<boolean> {
      const rows = await db.delete(samples).where(eq(samples.id, id)).returning({ id: samples.id });
      return rows.length > 0;
    },
  };
}
