import type { Patient, PatientFilters } from '@registry/shared';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { type KeysetQuery, readBatches } from '../../db/cursor.ts';
import type { Viewer } from '../patient-access.ts';
import { DOCUMENT_FROM, type DocumentPart, documentColumns } from '../read-model/document-sql.ts';
import { patientConditions, whereOf } from '../read-model/list-sql.ts';
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
  const conditions = patientConditions(ADMIN, filters);
  const query: KeysetQuery<CursorRow> = {
    build(after, limit) {
      const all = after
        ? [
            ...conditions,
            sql`p.created_at >= ${after.cursorAt}::timestamptz`,
            sql`(p.created_at, p.id) > (${after.cursorAt}::timestamptz, ${after.id}::uuid)`,
          ]
        : conditions;
      return sql`select ${documentColumns(ADMIN, parts)}, p.created_at::text as "cursorAt"
        ${DOCUMENT_FROM} ${whereOf(all)} order by p.created_at, p.id ${limit ? sql`limit ${limit}` : sql``}`;
    },
  };
  for await (const rows of readBatches(ctx.db, query, batchSize)) {
    yield rows.map((row) => toPatient(row, ADMIN, today));
  }
}
