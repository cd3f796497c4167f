import type { Genetics } from '@registry/shared';
import { eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { type RecordValues, recordColumns } from '../../db/record-columns.ts';
import { diagnostics } from '../../db/schema.ts';

/**
 * A diagnostic's values under their API names: every field of the table (`db/schema.ts`) but its
 * genetics, which have a call of their own.
 */
export type DiagnosticValues = RecordValues<typeof diagnostics, 'genetics'>;
export const OWN_CALLS = ['genetics'] as const;

const diagnosticColumns = recordColumns(diagnostics, OWN_CALLS);

/** Diagnostics of patients. */
export function createDiagnosticsRepository(db: Queryable) {
  return {
    /** The patient a diagnostic belongs to, or null. */
    async patientOf(id: string): Promise<string | null> {
      const [row] = await db
        .select({ patientId: diagnostics.patientId })
        .from(diagnostics)
        .where(eq(diagnostics.id, id));
      return row?.patientId ?? null;
    },

    async find(id: string): Promise<DiagnosticValues | null> {
      const [row] = await db.select(diagnosticColumns).from(diagnostics).where(eq(diagnostics.id, id));
      return row ?? null;
    },

    /**
     * The record's time is the moment of its insert, not its transaction's: records added in one write
     * (a whole patient file) keep the order they were added in, which the patient file shows them by.
     */
    async insert(patientId: string, values: DiagnosticValues): Promise<string> {
      const [row] = await db
        .insert(diagnostics)
        .values({ patientId, ...values, createdAt: sql`clock_timestamp()` })
        .returning({ id: diagnostics.id });
      if (!row) {
        throw new Error('insert returned no row');
      }
      return row.id;
    },

    /** A diagnostic's genetics as stored, or null (none entered, or no such diagnostic). */
    async findGenetics(id: string): Promise<Genetics | null> {
      const [row] = await db
        .select({ genetics: diagnostics.genetics })
        .from(diagnostics)
        .where(eq(diagnostics.id, id));
      return row?.genetics ?? null;
    },

    async saveGenetics(id: string, genetics: Genetics): Promise<void> {
      await db.update(diagnostics).set({ genetics, updatedAt: sql`now()` }).where(eq(diagnostics.id, id));
    },

    async update(id: string, values: Partial<DiagnosticValues>): Promise<void> {
      await db
        .update(diagnostics)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(diagnostics.id, id));
    },

    async remove(id: string): Promise<boolean> {
      const rows = await db
        .delete(diagnostics)
        .where(eq(diagnostics.id, id))
        .returning({ id: diagnostics.id });
      return rows.length > 0;
    },
  };
}
