import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

/**
 * SQL written as text rather than with bound values, for what the database keeps as text — a CHECK
 * constraint, a function's body — built from the TypeScript that owns a rule (a list of names, an
 * enumeration), never typed into SQL a second time (docs/decisions/013-code-layout.md).
 */

/** A string as an SQL literal (`'it''s'`); standard-conforming strings, as PostgreSQL has by default. */
export function sqlLiteral(value: string): string {
  if (value.includes('\u0000')) {
    throw new Error('an SQL literal cannot hold a NUL character');
  }
  return `'${value.replaceAll("'", "''")}'`;
}

/** `array['a', 'b']::text[]`, as SQL text. */
export const textArray = (values: readonly string[]): SQL =>
  sql.raw(`array[${values.map(sqlLiteral).join(', ')}]::text[]`);

/** `column in ('a', 'b')`: the CHECK of a column that holds one value of an enumeration. */
export const oneOf = (column: SQL.Aliased | SQL | { name: string }, values: readonly string[]): SQL =>
  sql`${column} in (${sql.raw(values.map(sqlLiteral).join(', '))})`;

const dialect = new PgDialect();

/**
 * The text of a statement that binds no value: what a function's body or a DDL statement needs. A
 * bound value there would be lost, so one is refused.
 */
export function inlineText(query: SQL): string {
  const built = dialect.sqlToQuery(query);
  if (built.params.length > 0) {
    throw new Error(`a statement written as text binds no value; this one binds ${built.params.length}`);
  }
  return built.sql;
}
