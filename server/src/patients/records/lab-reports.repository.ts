import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { labReports } from '../../db/schema.ts';

export type LabReportValues = { content: string | null; date: string | null; fileId: string | null };

/** Lab-report entries of patients, one per name. */
export function createLabReportsRepository(db: Queryable) {
  return {
    /** A patient's lab-report entries with these names. */
    async findByNames(patientId: string, names: readonly string[]) {
      if (names.length === 0) {
        return [];
      }
      return db
        .select({
          id: labReports.id,
          name: labReports.name,
          content: labReports.content,
          date: labReports.date,
          fileId: labReports.fileId,
        })
        .from(labReports)
        .where(and(eq(labReports.patientId, patientId), inArray(labReports.name, [...names])));
    },

    /**
     * The record's time is the moment of its insert, not its transaction's: records added in one write
     * (a whole patient file) keep the order they were added in, which the patient file shows them by.
     */
    async insert(patientId: string, name: string, values: LabReportValues): Promise<string> {
      const [row] = await db
        .insert(labReports)
        .values({ patientId, name, ...values, createdAt: sql`clock_timestamp()` })
        .returning({ id: labReports.id });
      if (!row) {
        throw new Error('insert returned no row');
      }
      return row.id;
    },

    async update(id: string, values: LabReportValues): Promise<void> {
      await db
        .update(labReports)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(labReports.id, id));
    },

    /** Removes an entry of the patient; answers what it held, or null when the patient has no such entry. */
    async remove(patientId: string, id: string) {
      const [row] = await db
        .delete(labReports)
        .where(and(eq(labReports.id, id), eq(labReports.patientId, patientId)))
        .returning({
          name: labReports.name,
          content: labReports.content,
          date: labReports.date,
          fileId: labReports.fileId,
        });
      return row ?? null;
    },

    /** The names of the entries that link a file. */
    async namesLinking(fileId: string): Promise<string[]> {
      const rows = await db
        .select({ name: labReports.name })
        .from(labReports)
        .where(eq(labReports.fileId, fileId));
      return rows.map((row) => row.name);
    },
  };
}
