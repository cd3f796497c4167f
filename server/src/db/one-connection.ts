import { type Database, pgliteOf, poolOf } from './client.ts';

/** Plain SQL on one connection, inside one transaction; rows come back as the driver gives them. */
export interface SqlSession {
  rows<Row>(text: string, params?: unknown[]): Promise<Row[]>;
}

/**
 * Runs work in one transaction on one connection, without the app's time limit per statement: for the
 * long, whole-database jobs of an operator (a backup, a restore). `snapshot` is a read-only,
 * repeatable-read transaction: every statement sees the database as it was at its first. On PGlite,
 * which has a single connection, the transaction holds every other request until it ends.
 */
export async function onOneConnection<T>(
  db: Database,
  mode: 'snapshot' | 'write',
  work: (session: SqlSession) => Promise<T>,
): Promise<T> {
  const begin =
    mode === 'snapshot'
      ? 'begin isolation level repeatable read read only'
      : 'begin isolation level read committed';
  const pool = poolOf(db);
  if (pool) {
    const client = await pool.connect();
    try {
      await client.query(begin);
      await client.query('set local statement_timeout = 0');
      const result = await work({
        rows: async <Row>(text: string, params?: unknown[]) =>
          (await client.query(text, params)).rows as Row[],
      });
      await client.query('commit');
      return result;
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }
  const pglite = pgliteOf(db);
  if (!pglite) {
    throw new Error('unknown database driver');
  }
  return pglite.transaction(async (tx) => {
    if (mode === 'snapshot') {
      await tx.query('set transaction isolation level repeatable read, read only');
    }
    return work({
      rows: async <Row>(text: string, params?: unknown[]) => (await tx.query<Row>(text, params)).rows,
    });
  });
}

/**
 * Runs one maintenance statement that may not run inside a transaction (VACUUM), on one connection
 * and without the app's time limit per statement: a vacuum of a large restored database can take longer.
 */
export async function maintain(db: Database, statement: string): Promise<void> {
  const pool = poolOf(db);
  if (pool) {
    const client = await pool.connect();
    try {
      await client.query('set statement_timeout = 0');
      await client.query(statement);
    } finally {
      // Back to the session's own limit before the connection serves the app again.
      await client.query('reset statement_timeout').catch(() => undefined);
      client.release();
    }
    return;
  }
  const pglite = pgliteOf(db);
  if (!pglite) {
    throw new Error('unknown database driver');
  }
  await pglite.exec(statement);
}
