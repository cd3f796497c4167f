import { sql } from 'drizzle-orm';
import type { Queryable } from './client.ts';
import { RECORDS_SHAPE, storeRecords } from './patient-records.ts';

/** How many patients' records one statement writes when many are missing. */
const BATCH = 1_000;

/**
 * Writes the stored records (`patient_documents`, docs/decisions/014-patient-list-projection.md) of the
 * patients that have none, or whose row another shape of the SQL wrote, a thousand patients at a time,
 * and answers how many: after the migration that brings the table, and after an upgrade that changes
 * the records' fields. Runs as the server starts, before it serves; the write frame keeps them after.
 */
export async function completeStoredRecords(db: Queryable): Promise<number> {
  let written = 0;
  for (;;) {
    const result = (await db.execute(sql`select p.id from patients p
      left join patient_documents pd on pd.patient_id = p.id
      where pd.patient_id is null or pd.shape <> ${RECORDS_SHAPE} limit ${BATCH}`)) as unknown as {
      rows: { id: string }[];
    };
    const ids = result.rows.map((row) => row.id);
    if (ids.length === 0) {
      return written;
    }
    await db.execute(storeRecords(ids));
    written += ids.length;
  }
}
