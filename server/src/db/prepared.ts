import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Queryable } from './client.ts';

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
 * Runs a statement of a fixed shape (its values aside) as a named prepared statement, named after its
 * text, so that PostgreSQL parses it once per connection and, once its plan proves the same whatever
 * the values, plans it once too: a patient's document (one patient by key), the list's count (a sum
 * over the small counts table, or a search through its trigram indexes) and each statement of an export
 * (a batch of patients by key, the same text for every batch), and the list's page when it sets no
 * filter (every patient the viewer sees, in the list's order). Not for a filtered page, whose plan
 * depends on the values searched for; its two shapes (walk the order or sort the matches) are chosen
 * in the SQL itself. A connection pooler between the server and PostgreSQL must keep named
 * statements (docs/operations.md).
 */
export async function executePrepared(db: Queryable, query: SQL): Promise<unknown> {
  const built = dialect.sqlToQuery(query);
  const name = `registry_${createHash('sha1').update(built.sql).digest('hex').slice(0, 20)}`;
  return db._.session.prepareQuery(built, undefined, name, false).execute();
}
