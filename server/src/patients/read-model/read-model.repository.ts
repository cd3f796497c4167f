import type { PatientListQuery } from '@registry/shared';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { executePrepared, executeStatement } from '../../db/prepared.ts';
import { rowsOf } from '../../db/statements.ts';
import type { Viewer } from '../patient-access.ts';
import { DOCUMENT_FROM, type DocumentPart, documentColumns } from './document-sql.ts';
import { countSql, fewMatches, isKeptCount, isUnfiltered, pageSql } from './list-sql.ts';
import type { DocumentRow, ListRow, RecordPart, RecordParts } from './patient-document.ts';

const NO_RECORDS: RecordParts = { samples: [], diagnostics: [], treatments: [], reports: [] };

/** What the patient screens read: a patient's document, one kind of its records, a page of the list. */
export function createReadModelRepository(db: Queryable) {
  const document = async (
    viewer: Viewer,
    id: string,
    today: string | null,
    parts?: readonly DocumentPart[],
  ): Promise<DocumentRow | null> => {
    const result = await executePrepared(
      db,
      sql`select ${documentColumns(viewer, today, parts)} ${DOCUMENT_FROM} where p.id = ${id}`,
    );
    return rowsOf<DocumentRow>(result)[0] ?? null;
  };

  return {
    /** A patient's document with its nested records, or null; its age counts to `today` without a diagnosis. */
    document: (viewer: Viewer, id: string, today: string) => document(viewer, id, today),

    /** One kind of a patient's records as the patient file shows them (none for an unknown patient). */
    async records<P extends RecordPart>(viewer: Viewer, patientId: string, part: P): Promise<RecordParts[P]> {
      const row: Partial<RecordParts> | null = await document(viewer, patientId, null, [part]);
      return row?.[part] ?? NO_RECORDS[part];
    },

    /**
     * One page of the list and how many patients match: two statements on the read model's indexes and
     * its kept counts (docs/decisions/014-patient-list-projection.md). The count comes first: it is
     * cheap, it spares the page when the page lies past the end, and it tells the page how to look.
     */
    async page(
      viewer: Viewer,
      query: PatientListQuery,
      ensureWanted: () => void = () => undefined,
    ): Promise<{ rows: ListRow[]; total: number }> {
      const counting = isKeptCount(query) ? executePrepared : executeStatement;
      const [count] = rowsOf<{ total: number }>(await counting(db, countSql(viewer, query)));
      const total = count?.total ?? 0;
      if (total <= query.page * query.size) {
        return { rows: [], total };
      }
      ensureWanted();
      const page = pageSql(viewer, query, fewMatches(query, total));
      // An unfiltered page (the list as it first opens) is planned the same for any values; a filtered
      // one's best plan depends on what is searched for (db/prepared.ts).
      const rows = rowsOf<ListRow>(
        await (isUnfiltered(query) ? executePrepared : executeStatement)(db, page),
      );
      return { rows, total };
    },
  };
}
