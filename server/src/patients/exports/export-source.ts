import type { Patient, PatientFilters } from '@registry/shared';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { type KeysetQuery, readBatches } from '../../db/cursor.ts';
import type { Viewer } from '../patient-access.ts';
import { type DocumentPart, documentColumns } from '../read-model/document-sql.ts';
import { listConditions, whereOf } from '../read-model/list-sql.ts';
import { type DocumentRow, toPatient } from '../read-model/patient-document.ts';

type CursorRow = DocumentRow & { cursorAt: string };

/** Exports are for admins: every patient, every field. */
const ADMIN: Viewer = { isAdmin: true, doctorId: null };

/**
 * The patients matching the list's filters, oldest first, as the patient file renders them, in batches
 * read from a database cursor: memory holds one batch whatever the size of the cohort. `parts` are the
 * nested records to read (each XLSX sheet needs only its own).
 */
export async function* patientBatches(
  ctx: AppContext,
  filters: PatientFilters,
  today: string,
  parts?: readonly DocumentPart[],
  batchSize = 500,
): AsyncGenerator<Patient[]> {
  const conditions = listConditions(ADMIN, filters);
  const query: KeysetQuery<CursorRow> = {
    build(after, limit) {
      const all = after
        ? [
            ...conditions,
            sql`l.created_at >= ${after.cursorAt}::timestamptz`,
            sql`(l.created_at, l.patient_id) > (${after.cursorAt}::timestamptz, ${after.id}::uuid)`,
          ]
        : conditions;
      // The read model selects the patients; their documents are read from the records.
      return sql`select ${documentColumns(ADMIN, parts)}, l.created_at::text as "cursorAt"
        from patient_list l join patients p on p.id = l.patient_id
        join institutions i on i.id = p.institution_id join doctors dr on dr.id = p.doctor_id
        ${whereOf(all)} order by l.created_at, l.patient_id ${limit ? sql`limit ${limit}` : sql``}`;
    },
  };
  for await (const rows of readBatches(ctx.db, query, batchSize)) {
    yield rows.map((row) => toPatient(row, ADMIN, today));
  }
}
