import { createHash } from 'node:crypto';
import { MISSING_FIELDS } from '@registry/shared';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { sqlLiteral } from '../../db/sql-text.ts';
import { missingText } from './list-sql.ts';

/**
 * The list's counts (`patient_list_counts`, docs/decisions/014): how many patients share each
 * combination of the list's equality filters, kept by statement-level triggers on `patient_list` in the
 * transaction that changes its rows. The trigger's function and the rebuild are written here from one
 * list of the key's columns, and installed as the server starts under a digest of their text, as the
 * projection is (`projection.ts`); a new key column is a line here, the column and the unique
 * constraint in a migration.
 */

/**
 * A row's data quality without the day (CONTRACT §13): `error` with an error, else `warning` with a
 * warning or a possible duplicate, else `none`. A follow-up overdue turns a `none` into a warning from a
 * day on: the list's count adds those few from their own index (`read-model/list-sql.ts`, `countSql`).
 */
export const QUALITY_WITHOUT_THE_DAY =
  "(CASE WHEN quality_errors > 0 THEN 'error' WHEN quality_warnings > 0 OR quality_duplicate THEN 'warning' ELSE 'none' END)";

/** The counts' key: each column with the value of a `patient_list` row it counts under (Code OP only as set, 1, or not). */
export const COUNTS_KEY: readonly (readonly [column: string, value: string])[] = [
  ['doctor_id', 'doctor_id'],
  ['institution_id', 'institution_id'],
  ['dx_sub_type', 'dx_sub_type'],
  ['dx_secondary', 'dx_secondary'],
  ['relapse', 'relapse'],
  ['code_op', '(CASE WHEN code_op IS NULL THEN NULL ELSE 1 END)::smallint'],
  ['eln2022', 'eln2022'],
  ['quality', QUALITY_WITHOUT_THE_DAY],
];

const columns = COUNTS_KEY.map(([column]) => column).join(', ');
const aliases = COUNTS_KEY.map((_, index) => `k${index}`).join(', ');
const keyValues = COUNTS_KEY.map(([, value]) => value).join(', ');
const valuesOf = (table: string, sign: number) => `SELECT ${keyValues}, ${sign} FROM ${table}`;

/**
 * The fields a row lacks, as the `missing` filter means it (`missingText`): an array of their names. The
 * missing counts (`patient_list_missing_counts`) keep, for each combination of the key and each field,
 * how many of its patients lack that field, so that a count of `missing` sums them as the others do.
 */
const MISSING_ARRAY = `array_remove(ARRAY[${MISSING_FIELDS.map(
  (field) => `CASE WHEN ${missingText(field)} THEN ${sqlLiteral(field)} END`,
).join(', ')}]::text[], NULL)`;
const missingValuesOf = (table: string, sign: number) =>
  `SELECT ${keyValues}, field, ${sign} FROM ${table} AS l CROSS JOIN LATERAL unnest(${MISSING_ARRAY}) AS field`;

/** Adds one count per row of a statement's new rows and removes one per old row, in one key order. */
const upsert = (rows: string) => `INSERT INTO patient_list_counts AS c (${columns}, patients)
    SELECT ${aliases}, sum(n)::int
    FROM (${rows}) AS change(${aliases}, n)
    GROUP BY ${aliases} HAVING sum(n) <> 0
    ORDER BY ${aliases}
    ON CONFLICT ON CONSTRAINT patient_list_counts_key DO UPDATE SET patients = c.patients + excluded.patients;`;

/** The same for the missing counts: one count per row and field it lacks. */
const upsertMissing = (
  rows: string,
) => `INSERT INTO patient_list_missing_counts AS c (${columns}, field, patients)
    SELECT ${aliases}, kf, sum(n)::int
    FROM (${rows}) AS change(${aliases}, kf, n)
    GROUP BY ${aliases}, kf HAVING sum(n) <> 0
    ORDER BY ${aliases}, kf
    ON CONFLICT ON CONSTRAINT patient_list_missing_counts_key DO UPDATE SET patients = c.patients + excluded.patients;`;

/** The trigger's functions and the rebuild, as installed. */
export const COUNTS_SQL = [
  `CREATE OR REPLACE FUNCTION registry_patient_list_counts_change() RETURNS trigger
  LANGUAGE plpgsql
AS $counts$
DECLARE
  changed integer := 0;
  changed_missing integer := 0;
BEGIN
  -- The rows a statement added count one, the rows it removed minus one (an UPDATE both); the rows
  -- whose key did not change cancel out and write nothing. One order for every writer, so that two
  -- statements lock shared keys in the same order. Static statements, so that their plans are kept.
  IF TG_OP = 'INSERT' THEN
    ${upsert(valuesOf('new_rows', 1))}
    ${upsertMissing(missingValuesOf('new_rows', 1))}
    -- An insert only adds: it empties no combination.
    RETURN NULL;
  ELSIF TG_OP = 'DELETE' THEN
    ${upsert(valuesOf('old_rows', -1))}
    GET DIAGNOSTICS changed = ROW_COUNT;
    ${upsertMissing(missingValuesOf('old_rows', -1))}
    GET DIAGNOSTICS changed_missing = ROW_COUNT;
  ELSE
    ${upsert(`${valuesOf('new_rows', 1)} UNION ALL ${valuesOf('old_rows', -1)}`)}
    GET DIAGNOSTICS changed = ROW_COUNT;
    ${upsertMissing(`${missingValuesOf('new_rows', 1)} UNION ALL ${missingValuesOf('old_rows', -1)}`)}
    GET DIAGNOSTICS changed_missing = ROW_COUNT;
  END IF;
  -- A combination can only empty where rows left it: among the combinations of the doctors of the
  -- removed rows, found through the key that starts with the doctor. Most writes change no key and
  -- skip this.
  IF changed > 0 THEN
    DELETE FROM patient_list_counts c
    USING (SELECT DISTINCT doctor_id FROM old_rows) AS o
    WHERE c.doctor_id = o.doctor_id AND c.patients = 0;
  END IF;
  IF changed_missing > 0 THEN
    DELETE FROM patient_list_missing_counts c
    USING (SELECT DISTINCT doctor_id FROM old_rows) AS o
    WHERE c.doctor_id = o.doctor_id AND c.patients = 0;
  END IF;
  RETURN NULL;
END;
$counts$`,
  `CREATE OR REPLACE FUNCTION registry_patient_list_counts_truncate() RETURNS trigger
  LANGUAGE plpgsql
AS $truncate$
BEGIN
  DELETE FROM patient_list_counts;
  DELETE FROM patient_list_missing_counts;
  RETURN NULL;
END;
$truncate$`,
  `CREATE OR REPLACE FUNCTION registry_rebuild_patient_list_counts() RETURNS void
  LANGUAGE sql VOLATILE
AS $rebuild$
  DELETE FROM patient_list_counts;
  INSERT INTO patient_list_counts (${columns}, patients)
  SELECT ${keyValues}, count(*)::int
  FROM patient_list
  GROUP BY ${COUNTS_KEY.map((_, index) => index + 1).join(', ')};
  DELETE FROM patient_list_missing_counts;
  INSERT INTO patient_list_missing_counts (${columns}, field, patients)
  SELECT ${keyValues}, field, count(*)::int
  FROM patient_list AS l CROSS JOIN LATERAL unnest(${MISSING_ARRAY}) AS field
  GROUP BY ${COUNTS_KEY.map((_, index) => index + 1).join(', ')}, ${COUNTS_KEY.length + 1};
$rebuild$`,
];

/** The counts' version: a digest of their definition, kept as the trigger function's comment. */
export const COUNTS_DIGEST = createHash('sha256').update(COUNTS_SQL.join('\n')).digest('hex').slice(0, 16);

const SIGNATURE = 'registry_patient_list_counts_change()';

/**
 * Installs the counts' functions when the database holds another version of them and recounts every
 * combination; recounts too when the table is empty beside a list that is not (a migration emptied it).
 * Answers whether it recounted.
 */
export async function installCounts(db: Queryable): Promise<boolean> {
  const [state] = (
    (await db.execute(sql`select obj_description(to_regprocedure(${SIGNATURE}), 'pg_proc') as "digest",
      not exists (select 1 from patient_list_counts) and exists (select 1 from patient_list) as "empty"`)) as unknown as {
      rows: { digest: string | null; empty: boolean }[];
    }
  ).rows;
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

/** The columns of the counts' key, for the test that holds them to the table and the list's filters. */
export const COUNTED_COLUMNS: readonly string[] = COUNTS_KEY.map(([column]) => column);
