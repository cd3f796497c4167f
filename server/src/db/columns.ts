import { type SQL, sql } from 'drizzle-orm';

/**
 * A statement's rows read as columns (docs/performance.md): PostgreSQL gathers each column into one
 * JSON array and the server parses them in one call, where `pg` would decode and parse every field of
 * every row, which cost a cohort of a hundred thousand rows more than the statement itself. For
 * statements that hand over many rows of a few numbers, booleans or short texts; a column keeps its
 * JSON type (numbers for integers, booleans, texts).
 */

/** The columns of a result, each as long as there are rows; every row's values at the same index. */
export type Columns<T> = { readonly [K in keyof T]: readonly T[K][] };

/**
 * Wraps `query` so that it answers one row whose `columns` is an object of its named columns (empty
 * arrays when it has no row). The names are the code's own, never a client's text.
 */
export function asColumns(query: SQL, names: readonly string[]): SQL {
  // Every aggregate of one aggregation reads the rows in the same order, so the arrays stay aligned.
  const gathered = names.map(
    (name) => sql`${name}::text, coalesce(json_agg(c.${sql.identifier(name)}), '[]'::json)`,
  );
  return sql`select json_build_object(${sql.join(gathered, sql`, `)}) as "columns" from (${query}) c`;
}

/** The columns of a result of `asColumns`. */
export function columnsOf<T>(result: unknown): Columns<T> {
  const [row] = (result as { rows: { columns: Columns<T> }[] }).rows;
  if (!row) {
    throw new Error('a statement read as columns answers one row');
  }
  return row.columns;
}

/** The rows of some columns, as objects. */
export function rowsOfColumns<T>(columns: Columns<T>): T[] {
  const names = Object.keys(columns) as (keyof T)[];
  const length = names.length > 0 ? (columns[names[0] as keyof T]?.length ?? 0) : 0;
  const rows: T[] = new Array(length);
  for (let index = 0; index < length; index++) {
    const row = {} as T;
    for (const name of names) {
      row[name] = columns[name][index] as T[keyof T];
    }
    rows[index] = row;
  }
  return rows;
}
