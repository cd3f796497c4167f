import { type SQL, sql } from 'drizzle-orm';

/**
 * Statements written in SQL (`` sql`…` ``) rather than with the query builder: their WHERE clause, and
 * the rows they answer. Both engines' drivers answer `execute` with `{ rows }`.
 */

/** The rows of a statement run with `execute`, typed as its columns are named. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** `where a and b …`, or nothing without a condition. */
export function whereOf(conditions: readonly SQL[]): SQL {
  return conditions.length > 0 ? sql`where ${sql.join([...conditions], sql` and `)}` : sql``;
}
