import { createHash } from 'node:crypto';
import { MISSING_FIELDS } from '@registry/shared';
import { sql } from 'drizzle-orm';
import type { Database, Queryable } from '../../db/client.ts';
import { sqlLiteral } from '../../db/sql-text.ts';
import { missingText, SEARCHED_COLUMNS } from './list-sql.ts';

/**
 * The list's counts (`patient_list_counts`, docs/decisions/014): how many patients share each
 * combination of the list's equality filters, per doctor, and the same summed over the doctors
 * (`patient_list_institution_counts`, what an admin's count reads), kept by statement-level triggers
 * on `patient_list` in the transaction that changes its rows. The trigger's function and the rebuild
 * are written here from one list of the key's columns, and installed as the server starts under a
 * digest of their text, as the projection is (`projection.ts`); a new key column is a line here, the
 * column and the unique constraint in a migration.
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
  ['eln2024', 'eln2024'],
  ['quality', QUALITY_WITHOUT_THE_DAY],
];

const keyValues = COUNTS_KEY.map(([, value]) => value).join(', ');

/** The key summed over the doctors: the institution first (`patient_list_institution_counts`). */
export const INSTITUTION_KEY: typeof COUNTS_KEY = COUNTS_KEY.filter(([column]) => column !== 'doctor_id');
const institutionKeyValues = INSTITUTION_KEY.map(([, value]) => value).join(', ');

/**
 * The fields a row lacks, as the `missing` filter means it (`missingText`): an array of their names. The
 * missing counts (`patient_list_missing_counts`) keep, for each combination of the key and each field,
 * how many of its patients lack that field, so that a count of `missing` sums them as the others do.
 */
const MISSING_ARRAY = `array_remove(ARRAY[${MISSING_FIELDS.map(
  (field) => `CASE WHEN ${missingText(field)} THEN ${sqlLiteral(field)} END`,
).join(', ')}]::text[], NULL)`;

/**
 * Whether a row's own text (`l`) matches a search's normalised pattern, as the list's search means it
 * (`list-sql.ts` `SEARCHED_COLUMNS`).
 */
const ownTextMatches = (pattern: string) =>
  `(${SEARCHED_COLUMNS.map((column) => `${column} LIKE ${pattern}`).join(' OR ')})`;

/**
 * A table of kept counts: its columns (the key, then its own), and the statement that gives each row of
 * a table of `patient_list` rows its values with a sign — one per row, or one per field it lacks.
 */
interface CountsTable {
  readonly name: string;
  readonly columns: readonly string[];
  readonly rowsOf: (table: string, sign: number) => string;
  /** The key's first column, indexed: a combination can only empty where a removed row had its value. */
  readonly scope: 'doctor_id' | 'institution_id';
}

const COUNTS_TABLES: readonly CountsTable[] = [
  {
    name: 'patient_list_counts',
    columns: COUNTS_KEY.map(([column]) => column),
    rowsOf: (table, sign) => `SELECT ${keyValues}, ${sign} FROM ${table}`,
    scope: 'doctor_id',
  },
  {
    name: 'patient_list_institution_counts',
    columns: INSTITUTION_KEY.map(([column]) => column),
    rowsOf: (table, sign) => `SELECT ${institutionKeyValues}, ${sign} FROM ${table}`,
    scope: 'institution_id',
  },
  {
    name: 'patient_list_missing_counts',
    columns: [...COUNTS_KEY.map(([column]) => column), 'field'],
    rowsOf: (table, sign) =>
      `SELECT ${keyValues}, field, ${sign} FROM ${table} AS l CROSS JOIN LATERAL unnest(${MISSING_ARRAY}) AS field`,
    scope: 'doctor_id',
  },
  {
    // The registered searches (search-terms.ts) each row's own text matches.
    name: 'patient_list_term_counts',
    columns: ['pattern', ...COUNTS_KEY.map(([column]) => column)],
    rowsOf: (table, sign) =>
      `SELECT t.pattern, ${keyValues}, ${sign} FROM ${table} AS l JOIN patient_list_search_terms AS t ON ${ownTextMatches('t.pattern')}`,
    scope: 'doctor_id',
  },
];

/** Adds the signed rows to a table's counts, one per combination, in one key order. */
function upsert({ name, columns }: CountsTable, rows: string): string {
  const aliases = columns.map((_, index) => `k${index}`).join(', ');
  return `INSERT INTO ${name} AS c (${columns.join(', ')}, patients)
    SELECT ${aliases}, sum(n)::int
    FROM (${rows}) AS change(${aliases}, n)
    GROUP BY ${aliases} HAVING sum(n) <> 0
    ORDER BY ${aliases}
    ON CONFLICT ON CONSTRAINT ${name}_key DO UPDATE SET patients = c.patients + excluded.patients;`;
}

/**
 * The kept counts of a search as it is registered (search-terms.ts), counted from every row: its
 * normalised pattern is `$1`, a value the planner sees, so that a search few rows match is found
 * through the trigrams of the filters index. The search is new and the list's writers wait, so its
 * combinations are inserted as they are grouped, in no order and with no conflict to resolve.
 */
export const COUNT_SEARCH_TERM = (() => {
  const { name, columns } = COUNTS_TABLES.find(
    (table) => table.name === 'patient_list_term_counts',
  ) as CountsTable;
  return `INSERT INTO ${name} (${columns.join(', ')}, patients)
    SELECT $1::text, ${keyValues}, count(*)::int FROM patient_list AS l WHERE ${ownTextMatches('$1')}
    GROUP BY ${COUNTS_KEY.map((_, index) => index + 2).join(', ')}`;
})();

/** Each table's statements of one kind, one after the other. */
const each = (statement: (table: CountsTable, index: number) => string, indent = '    ') =>
  COUNTS_TABLES.map(statement).join(`\n${indent}`);

/** The trigger's functions and the rebuild, as installed. */
export const COUNTS_SQL = [
  `CREATE OR REPLACE FUNCTION registry_patient_list_counts_change() RETURNS trigger
  LANGUAGE plpgsql
AS $counts$
DECLARE
  ${each((_, index) => `changed${index} integer := 0;`, '  ')}
BEGIN
  -- The rows a statement added count one, the rows it removed minus one (an UPDATE both); the rows
  -- whose key did not change cancel out and write nothing. One order for every writer, so that two
  -- statements lock shared keys in the same order. Static statements, so that their plans are kept.
  IF TG_OP = 'INSERT' THEN
    ${each((table) => upsert(table, table.rowsOf('new_rows', 1)))}
    -- An insert only adds: it empties no combination.
    RETURN NULL;
  ELSIF TG_OP = 'DELETE' THEN
    ${each((table, index) => `${upsert(table, table.rowsOf('old_rows', -1))}\n    GET DIAGNOSTICS changed${index} = ROW_COUNT;`)}
  ELSE
    ${each(
      (table, index) =>
        `${upsert(table, `${table.rowsOf('new_rows', 1)} UNION ALL ${table.rowsOf('old_rows', -1)}`)}\n    GET DIAGNOSTICS changed${index} = ROW_COUNT;`,
    )}
  END IF;
  -- A combination can only empty where rows left it: among the combinations of the doctors (or the
  -- institutions) of the removed rows, found through the key's first column. Most writes change no key
  -- and skip this.
  ${each(
    ({ name, scope }, index) => `IF changed${index} > 0 THEN
    DELETE FROM ${name} c
    USING (SELECT DISTINCT ${scope} FROM old_rows) AS o
    WHERE c.${scope} = o.${scope} AND c.patients = 0;
  END IF;`,
    '  ',
  )}
  RETURN NULL;
END;
$counts$`,
  `CREATE OR REPLACE FUNCTION registry_patient_list_counts_truncate() RETURNS trigger
  LANGUAGE plpgsql
AS $truncate$
BEGIN
  ${each(({ name }) => `DELETE FROM ${name};`, '  ')}
  DELETE FROM patient_list_search_terms;
  RETURN NULL;
END;
$truncate$`,
  `CREATE OR REPLACE FUNCTION registry_rebuild_patient_list_counts() RETURNS void
  LANGUAGE sql VOLATILE
AS $rebuild$
  -- The registered searches are let go: the server registers them again as they are searched for,
  -- rather than a start reading every row once per search.
  DELETE FROM patient_list_search_terms;
  ${each((table) => `DELETE FROM ${table.name};\n  ${upsert(table, table.rowsOf('patient_list', 1))}`, '  ')}
$rebuild$`,
];

/** The counts' version: a digest of their definition, kept as the trigger function's comment. */
export const COUNTS_DIGEST = createHash('sha256').update(COUNTS_SQL.join('\n')).digest('hex').slice(0, 16);

const SIGNATURE = 'registry_patient_list_counts_change()';

/**
 * Installs the counts' functions when the database holds another version of them and recounts every
 * combination; recounts too when a table of them is empty beside a list that is not (a migration emptied
 * or made it).
 * Answers whether it recounted.
 */
export async function installCounts(db: Queryable): Promise<boolean> {
  const [state] = (
    (await db.execute(sql`select obj_description(to_regprocedure(${SIGNATURE}), 'pg_proc') as "digest",
      not (exists (select 1 from patient_list_counts) and exists (select 1 from patient_list_institution_counts))
        and exists (select 1 from patient_list) as "empty"`)) as unknown as {
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

/** The partition of the missing counts that holds one field's rows (migration 0025). */
export const missingPartitionOf = (field: string): string =>
  `patient_list_missing_counts_${field.toLowerCase().replace(/[^a-z0-9]+/g, '_')}`;

/**
 * Gives each field of the `missing` filter its own partition of the missing counts, so that a count of
 * one field reads that field's rows only (docs/performance.md): a field the database has no partition
 * for yet has its rows moved there from the default partition, in one transaction.
 */
export async function partitionMissingCounts(db: Database): Promise<void> {
  const existing = new Set(
    (
      (await db.execute(sql`select c.relname as "name" from pg_inherits i join pg_class c on c.oid = i.inhrelid
        where i.inhparent = 'patient_list_missing_counts'::regclass`)) as unknown as {
        rows: { name: string }[];
      }
    ).rows.map((row) => row.name),
  );
  const missing = MISSING_FIELDS.filter((field) => !existing.has(missingPartitionOf(field)));
  for (const field of missing) {
    const partition = missingPartitionOf(field);
    await db.transaction(async (tx) => {
      await tx.execute(
        sql.raw(`create table ${partition} (like patient_list_missing_counts) with (fillfactor = 50)`),
      );
      await tx.execute(
        sql.raw(`with moved as (delete from patient_list_missing_counts_other where field = ${sqlLiteral(field)} returning *)
          insert into ${partition} select * from moved`),
      );
      await tx.execute(
        sql.raw(
          `alter table patient_list_missing_counts attach partition ${partition} for values in (${sqlLiteral(field)})`,
        ),
      );
    });
  }
}

/** The columns of the counts' key, for the test that holds them to the table and the list's filters. */
export const COUNTED_COLUMNS: readonly string[] = COUNTS_KEY.map(([column]) => column);
