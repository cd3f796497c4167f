import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Queryable } from './client.ts';
import { executeThroughBuilder, pgClientOf } from './drizzle-session.ts';

/**
 * Statements read on most requests, prepared once per database handle (the pool, PGlite, or a
 * transaction): their SQL is built once, and PostgreSQL parses and plans them once per connection
 * rather than on every request. `build` makes the statement with `.prepare(name)`; a name is the
 * statement's on every connection, so that one name is one text.
 */
const statements = new WeakMap<Queryable, Map<string, unknown>>();

export function prepared<T>(db: Queryable, name: string, build: (db: Queryable, name: string) => T): T {
  let byName = statements.get(db);
  if (!byName) {
    byName = new Map();
    statements.set(db, byName);
  }
  let statement = byName.get(name) as T | undefined;
  if (statement === undefined) {
    statement = build(db, name);
    byName.set(name, statement);
  }
  return statement;
}

const dialect = new PgDialect();

/**
 * How the query builder reads values on PostgreSQL (drizzle-orm/node-postgres): dates, times and
 * intervals, and their arrays, as PostgreSQL's text, the rest as `pg` does. One object for every
 * statement, where the builder makes two closures for each statement it prepares.
 */
const AS_TEXT = new Set<number>([
  pg.types.builtins.TIMESTAMPTZ,
  pg.types.builtins.TIMESTAMP,
  pg.types.builtins.DATE,
  pg.types.builtins.INTERVAL,
  1182, // date[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1231, // numeric[]
]);
const asText = (value: string) => value;
const types = {
  getTypeParser: (typeId: number, format?: 'text' | 'binary') =>
    AS_TEXT.has(typeId) ? asText : pg.types.getTypeParser(typeId, format),
};

/** A statement's prepared name, one per text; the texts are few (one per shape of a statement). */
const names = new Map<string, string>();
const MAX_NAMES = 1000;

function nameOf(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    if (names.size >= MAX_NAMES) {
      names.clear();
    }
    name = `registry_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    names.set(text, name);
  }
  return name;
}

/**
 * Runs a statement built with `sql`, prepared under `name` or not. On PostgreSQL it goes to `pg`
 * directly, with the values read as the query builder reads them: the builder's layers around a
 * statement (its tracing spans, cache and result wrappers, a configuration made for each statement)
 * cost more than the statement's own work on a busy list (docs/performance.md). On PGlite it goes
 * through the builder.
 */
async function run(db: Queryable, query: SQL, prepare: boolean): Promise<unknown> {
  const built = dialect.sqlToQuery(query);
  const client = pgClientOf(db);
  if (client) {
    return client.query({
      text: built.sql,
      values: built.params,
      types,
      ...(prepare ? { name: nameOf(built.sql) } : {}),
    });
  }
  return executeThroughBuilder(db, built, prepare ? nameOf(built.sql) : undefined);
}

/**
 * Runs a statement of a fixed shape (its values aside) as a named prepared statement, named after its
 * text, so that PostgreSQL parses it once per connection and, once its plan proves the same whatever
 * the values, plans it once too: a patient's document (one patient by key), the list's count when it
 * sums the small counts table and searches no text (read-model/list-sql.ts, `isKeptCount`) and each
 * statement of an export (a batch of patients by key, the same text for every batch), and the list's
 * page when it sets no filter (every patient the viewer sees, in the list's order). Not for a filtered
 * page, whose plan depends on the values searched for; its two shapes (walk the order or sort the
 * matches) are chosen in the SQL itself. Not for a count of rows either (a relapse-date range, a follow-up
 * due), whose best index depends on how many rows its values match; nor for a count that searches text: PostgreSQL's plan
 * for any value normalises the pattern again for every row the trigram index brings back, where the
 * plan for the value normalises it once (docs/performance.md). A connection pooler between the server
 * and PostgreSQL must keep named statements (docs/operations.md).
 */
export function executePrepared(db: Queryable, query: SQL): Promise<unknown> {
  return run(db, query, true);
}

/** Runs a statement planned for its values (the unnamed statement), by the same path as `executePrepared`. */
export function executeStatement(db: Queryable, query: SQL): Promise<unknown> {
  return run(db, query, false);
}
