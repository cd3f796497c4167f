import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from './client.ts';
import { asLocalSettings, GATHER_SETTINGS } from './planner.ts';
import { rowsOf } from './statements.ts';

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

/**
 * Wraps `query` as `asColumns` does, for rows whose `gathered` columns hold a number nearly every row
 * has of its own, beside columns of a few values each: the rows are grouped by the other columns, and
 * each group hands over its values of those once and an array of its values of each gathered column.
 * A hundred thousand rows of a few groups then cost PostgreSQL one text per group rather than per row,
 * and the answer is a fifth as long (docs/performance.md). `columnsOf` with the same `gathered`
 * unfolds the groups into the rows' columns. Where every column or none is gathered, it is `asColumns`.
 */
export function asGatheredColumns(query: SQL, names: readonly string[], gathered: ReadonlySet<string>): SQL {
  if (!isGrouping(names, gathered)) {
    return asColumns(query, names);
  }
  const grouped = names.filter((name) => !gathered.has(name));
  const keys = grouped.map((name) => sql`g.${sql.identifier(name)}`);
  // Every aggregate of one group reads its rows in the same order, so the arrays stay aligned.
  const arrays = names
    .filter((name) => gathered.has(name))
    .map((name) => sql`json_agg(g.${sql.identifier(name)}) as ${sql.identifier(name)}`);
  return asColumns(
    sql`select ${sql.join([...keys, ...arrays], sql`, `)} from (${query}) g
      group by ${sql.raw(grouped.map((_, index) => index + 1).join(', '))}`,
    names,
  );
}

/**
 * Runs a statement of `asGatheredColumns` in a transaction of its own, with the planner's settings for
 * it (`GATHER_SETTINGS`).
 */
export function executeGathered(db: Queryable, query: SQL): Promise<unknown> {
  return db.transaction(async (tx) => {
    for (const setting of asLocalSettings(GATHER_SETTINGS)) {
      await tx.execute(sql.raw(setting));
    }
    return tx.execute(query);
  });
}

/**
 * The columns of a result of `asColumns`, or of `asGatheredColumns` with the same `gathered`, whose
 * groups it unfolds: each row of a group gets the group's values and its own of the gathered columns.
 */
export function columnsOf<T>(result: unknown, gathered?: ReadonlySet<string>): Columns<T> {
  const [row] = rowsOf<{ columns: Columns<T> }>(result);
  if (!row) {
    throw new Error('a statement read as columns answers one row');
  }
  const names = Object.keys(row.columns);
  if (!gathered || !isGrouping(names, gathered)) {
    return row.columns;
  }
  return unfolded(
    row.columns as unknown as Record<string, readonly unknown[]>,
    names,
    gathered,
  ) as Columns<T>;
}

/** Whether some of the columns are gathered and some grouped. */
const isGrouping = (names: readonly string[], gathered: ReadonlySet<string>): boolean =>
  names.some((name) => gathered.has(name)) && names.some((name) => !gathered.has(name));

/** The rows' columns of grouped columns, whose gathered ones hold an array of values per group. */
function unfolded(
  groups: Readonly<Record<string, readonly unknown[]>>,
  names: readonly string[],
  gathered: ReadonlySet<string>,
): Record<string, unknown[]> {
  const sizes = (groups[names.find((name) => gathered.has(name)) ?? ''] ?? []) as readonly unknown[][];
  const length = sizes.reduce((sum, values) => sum + values.length, 0);
  const columns: Record<string, unknown[]> = {};
  for (const name of names) {
    const column: unknown[] = new Array(length);
    const values = groups[name] ?? [];
    let at = 0;
    sizes.forEach((size, group) => {
      const own = gathered.has(name) ? (values[group] as readonly unknown[]) : null;
      for (let index = 0; index < size.length; index++) {
        column[at++] = own ? own[index] : values[group];
      }
    });
    columns[name] = column;
  }
  return columns;
}
