import type { PatientListQuery } from '@registry/shared';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import type { Viewer } from '../patient-access.ts';
import { DOCUMENT_FROM, type DocumentPart, documentColumns } from './document-sql.ts';
import { listColumns, listOrder, patientConditions, whereOf } from './list-sql.ts';
import type { DocumentRow, ListRow, RecordPart, RecordParts } from './patient-document.ts';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

const NO_RECORDS: RecordParts = { samples: [], diagnostics: [], treatments: [], reports: [] };

/** What the patient screens read: a patient's document, one kind of its records, a page of the list. */
export function createReadModelRepository(db: Queryable) {
  const document = async (
    viewer: Viewer,
    id: string,
    parts?: readonly DocumentPart[],
  ): Promise<DocumentRow | null> => {
    const result = await db.execute(
      sql`select ${documentColumns(viewer, parts)} ${DOCUMENT_FROM} where p.id = ${id}`,
    );
    return rowsOf<DocumentRow>(result)[0] ?? null;
  };

  return {
    /** A patient's document with its nested records, or null. */
    document,

    /** One kind of a patient's records as the patient file shows them (none for an unknown patient). */
    async records<P extends RecordPart>(viewer: Viewer, patientId: string, part: P): Promise<RecordParts[P]> {
      const row: Partial<RecordParts> | null = await document(viewer, patientId, [part]);
      return row?.[part] ?? NO_RECORDS[part];
    },

    /**
     * One page of the list: one statement for the rows and one for the count. Without filters the
     * page is read in index order. With filters the matching patients are found first, through the
     * filters' own indexes, and only then sorted: walking the sort index while filtering is what a
     * planner picks when it underestimates a filter's selectivity, and it can read the whole table.
     */
    async page(viewer: Viewer, query: PatientListQuery): Promise<{ rows: ListRow[]; total: number }> {
      const conditions = patientConditions(viewer, query);
      const where = whereOf(conditions);
      const filtered = conditions.length > (viewer.isAdmin ? 0 : 1);
      const source = filtered
        ? sql`(with matched as materialized (select p.id from patients p ${where}) select p.* from matched m join patients p on p.id = m.id) p`
        : sql`patients p`;
      const rows = rowsOf<ListRow>(
        await db.execute(sql`select ${listColumns(viewer)}
          from ${source} join institutions i on i.id = p.institution_id
          ${filtered ? sql`` : where} ${listOrder(viewer, query)}
          limit ${query.size} offset ${query.page * query.size}`),
      );
      const [count] = rowsOf<{ total: number }>(
        await db.execute(sql`select count(*)::int as "total" from patients p ${where}`),
      );
      return { rows, total: count?.total ?? 0 };
    },
  };
}
