import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import Cursor from 'pg-cursor';
import { type Database, poolOf } from './client.ts';

/**
 * A query that can be read from the start, or resumed after a row, in the order of a unique key.
 * `build(null, null)` is the whole query; `build(row, n)` the next n rows after `row`.
 */
export interface KeysetQuery<Row> {
  build(after: Row | null, limit: number | null): SQL;
}

const dialect = new PgDialect();

/**
 * Reads a large result in batches, so that memory does not grow with the number of rows.
 * On PostgreSQL it is one statement read through a server-side cursor on its own connection (one
 * consistent snapshot). On PGlite, which has a single connection, it pages by key: each batch is its own
 * short statement, so that other requests are not held up for the length of a download.
 * Stopping the iteration early (a client that goes away) closes the cursor.
 */
export async function* readBatches<Row extends object>(
  db: Database,
  query: KeysetQuery<Row>,
  batchSize = 500,
): AsyncGenerator<Row[]> {
  const pool = poolOf(db);
  if (pool) {
    const { sql, params } = dialect.sqlToQuery(query.build(null, null));
    const connection = await pool.connect();
    const cursor = connection.query(new Cursor<Row>(sql, params as unknown[]));
    try {
      for (;;) {
        const rows = await cursor.read(batchSize);
        if (rows.length === 0) {
          return;
        }
        yield rows;
      }
    } finally {
      await cursor.close().catch(() => undefined);
      connection.release();
    }
  }
  let after: Row | null = null;
  for (;;) {
    const result: unknown = await db.execute(query.build(after, batchSize));
    const rows: Row[] = (result as { rows: Row[] }).rows;
    if (rows.length > 0) {
      yield rows;
    }
    if (rows.length < batchSize) {
      return;
    }
    after = rows[rows.length - 1] ?? null;
  }
}
