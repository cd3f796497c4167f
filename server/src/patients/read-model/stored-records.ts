import { createHash } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { inlineText } from '../../db/sql-text.ts';
import { LIST_OF_X, RECORD_FIELDS, RECORD_ORDER, recordRow } from './records-sql.ts';

/**
 * The stored records (`patient_documents`, docs/decisions/014-patient-list-projection.md): each
 * patient's samples, diagnostics, treatments and every lab-report entry as one JSON object, written in
 * the transaction of every write, which the JSON export splices into each file.
 */

/**
 * Each record of the patients `ids`, grouped by patient: one pass over each table for a whole batch
 * (the seed, a rebuild), never one subquery per patient.
 */
const groupedRecordsSql = (
  ids: SQL,
) => sql`s as (select s.patient_id, ${LIST_OF_X(RECORD_ORDER.sample)} as items
      from samples s left join files sf on sf.id = s.file_id ${recordRow(RECORD_FIELDS.sample, 'x')}
      where s.patient_id = any (${ids}) group by s.patient_id),
    d as (select d.patient_id, ${LIST_OF_X(RECORD_ORDER.diagnostic)} as items
      from diagnostics d ${recordRow(RECORD_FIELDS.diagnostic, 'x')}
      where d.patient_id = any (${ids}) group by d.patient_id),
    g as (select g.treatment_id, ${LIST_OF_X(RECORD_ORDER.drug)} as items
      from drugs g join treatments gt on gt.id = g.treatment_id ${recordRow(RECORD_FIELDS.drug, 'x')}
      where gt.patient_id = any (${ids}) group by g.treatment_id),
    t as (select t.patient_id, ${LIST_OF_X(RECORD_ORDER.treatment)} as items
      from treatments t left join g on g.treatment_id = t.id
      ${recordRow(RECORD_FIELDS.treatment(sql`coalesce(g.items, '[]'::json)`), 'x')}
      where t.patient_id = any (${ids}) group by t.patient_id),
    r as (select r.patient_id, ${LIST_OF_X(RECORD_ORDER.report)} as items
      from lab_reports r left join files rf on rf.id = r.file_id ${recordRow(RECORD_FIELDS.report, 'x')}
      where r.patient_id = any (${ids}) group by r.patient_id)`;

/** Writes the stored records of the patients `ids`; a patient without a row in `patients` (deleted) has none. */
function storeRecordsSql(ids: SQL, shape: SQL): SQL {
  return sql`with ${groupedRecordsSql(ids)}
    insert into patient_documents as pd (patient_id, records, shape)
    select p.id, row_to_json(x)::json, ${shape} from patients p
    left join s on s.patient_id = p.id left join d on d.patient_id = p.id
    left join t on t.patient_id = p.id left join r on r.patient_id = p.id
    ${recordRow(
      sql`coalesce(s.items, '[]'::json) as "samples", coalesce(d.items, '[]'::json) as "diagnostics",
      coalesce(t.items, '[]'::json) as "treatments", coalesce(r.items, '[]'::json) as "reports"`,
      'x',
    )}
    where p.id = any (${ids})
    on conflict (patient_id) do update set records = excluded.records, shape = excluded.shape`;
}

/**
 * The shape of the stored records: a digest of the SQL that writes them. A server whose SQL differs
 * (a field added to a record) finds the rows of another shape when it starts, and writes them again.
 */
export const RECORDS_SHAPE = createHash('sha256')
  .update(inlineText(storeRecordsSql(sql.raw('$ids'), sql.raw('$shape'))))
  .digest('hex')
  .slice(0, 16);

/** The statement that brings the stored records of some patients up to date: one text for any patients. */
export const storeRecords = (ids: readonly string[]): SQL =>
  storeRecordsSql(sql`${`{${ids.join(',')}}`}::uuid[]`, sql`${RECORDS_SHAPE}`);

/** How many patients' records one statement writes when many are missing. */
const BATCH = 1_000;

/**
 * Writes the stored records of the patients that have none, or whose row another shape of the SQL
 * wrote, a thousand patients at a time, and answers how many: after the migration that brings the
 * table, and after an upgrade that changes the records' fields. Runs as the server starts, before it
 * serves; the write frame keeps them after.
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
