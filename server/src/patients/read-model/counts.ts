import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { sqlLiteral } from '../../db/sql-text.ts';
import { rowsOf } from '../../db/statements.ts';

/**
 * The list's one table of kept counts (`patient_list_counts`, docs/decisions/014): how many patients
 * share each combination of the list's equality filters. A count whose filters are all equalities on
 * this key sums its rows; every other count is a count of the rows through the index that serves its
 * page (`list-sql.ts`). A statement-level trigger on `patient_list` keeps it in the transaction that
 * changes the list; its function is written here from the key and installed as the server starts,
 * under a digest of its text, as the projection is. A new key column is a line here and a column of
 * the table (schema.ts, with its migration).
 */

/** The key: each column with the value of a `patient_list` row it counts under (Code OP only as set, 1, or not). */
export const COUNTS_KEY: readonly (readonly [column: string, value: string])[] = [
  ['doctor_id', 'doctor_id'],
  ['institution_id', 'institution_id'],
  ['dx_sub_type', 'dx_sub_type'],
  ['dx_secondary', 'dx_secondary'],
  ['relapse', 'relapse'],
  ['code_op', '(CASE WHEN code_op IS NULL THEN NULL ELSE 1 END)::smallint'],
  ['eln2022', 'eln2022'],
  ['eln2024', 'eln2024'],
];

const columns = COUNTS_KEY.map(([column]) => column).join(', ');
const values = COUNTS_KEY.map(([, value]) => value).join(', ');
const aliases = COUNTS_KEY.map((_, index) => `k${index}`).join(', ');
const rowsOfTable = (table: string, sign: number) => `SELECT ${values}, ${sign} FROM ${table}`;

/**
 * Adds signed rows to the counts, one per combination, in one key order so that two writers lock
 * shared combinations in the same order. Rows whose key a statement did not change cancel out.
 */
const upsert = (rows: string) => `INSERT INTO patient_list_counts AS c (${columns}, patients)
    SELECT ${aliases}, sum(n)::int FROM (${rows}) AS change(${aliases}, n)
    GROUP BY ${aliases} HAVING sum(n) <> 0
    ORDER BY ${aliases}
    ON CONFLICT ON CONSTRAINT patient_list_counts_key DO UPDATE SET patients = c.patients + excluded.patients`;

/** The trigger's function and the recount, as installed. */
export const COUNTS_SQL = [
  `CREATE OR REPLACE FUNCTION registry_patient_list_counts_change() RETURNS trigger
  LANGUAGE plpgsql
AS $counts$
DECLARE
  changed integer := 0;
BEGIN
  IF TG_OP = 'INSERT' THEN
    ${upsert(rowsOfTable('new_rows', 1))};
    RETURN NULL;
  ELSIF TG_OP = 'DELETE' THEN
    ${upsert(rowsOfTable('old_rows', -1))};
  ELSE
    ${upsert(`${rowsOfTable('new_rows', 1)} UNION ALL ${rowsOfTable('old_rows', -1)}`)};
  END IF;
  GET DIAGNOSTICS changed = ROW_COUNT;
  -- A combination can only empty among the doctors of the removed rows; most writes change no key.
  IF changed > 0 THEN
    DELETE FROM patient_list_counts c USING (SELECT DISTINCT doctor_id FROM old_rows) AS o
    WHERE c.doctor_id = o.doctor_id AND c.patients = 0;
  END IF;
  RETURN NULL;
END;
$counts$`,
  `CREATE OR REPLACE FUNCTION registry_rebuild_patient_list_counts() RETURNS void
  LANGUAGE sql VOLATILE
AS $rebuild$
  DELETE FROM patient_list_counts;
  ${upsert(rowsOfTable('patient_list', 1))};
$rebuild$`,
];

/** The counts' version: a digest of their definition, kept as the trigger function's comment. */
export const COUNTS_DIGEST = createHash('sha256').update(COUNTS_SQL.join('\n')).digest('hex').slice(0, 16);

const SIGNATURE = 'registry_patient_list_counts_change()';

/**
 * Installs the counts' functions when the database holds another version of them, and recounts every
 * combination then, or when the counts are empty beside a list that is not (a migration emptied them).
 * Answers whether it recounted.
 */
export async function installCounts(db: Queryable): Promise<boolean> {
  const [state] = rowsOf<{ digest: string | null; empty: boolean }>(
    await db.execute(sql`select obj_description(to_regprocedure(${SIGNATURE}), 'pg_proc') as "digest",
      not exists (select 1 from patient_list_counts) and exists (select 1 from patient_list) as "empty"`),
  );
  const current = state?.digest === COUNTS_DIGEST;
  if (current && !state?.empty) {
    return false;
  }
  if (!current) {
    for (const statement of COUNTS_SQL) {
      await db.execute(sql.raw(statement));
    }
  }
  await db.execute(sql`select registry_rebuild_patient_list_counts()`);
  if (!current) {
    await db.execute(sql.raw(`comment on function ${SIGNATURE} is ${sqlLiteral(COUNTS_DIGEST)}`));
  }
  return true;
}
