import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PoolClient } from 'pg';
import { type Database, poolOf, type Queryable } from './client.ts';

/**
 * The query builder over each connection of the pool, made the first time the connection serves a
 * request and kept while it lives. Without the schema: relational queries are not used here, and
 * working out their configuration for every request was a measurable share of a busy list
 * (docs/performance.md).
 */
const builders = new WeakMap<PoolClient, Database>();

function builderOf(client: PoolClient): Database {
  let db = builders.get(client);
  if (!db) {
    db = drizzlePg({ client }) as unknown as Database;
    builders.set(client, db);
  }
  return db;
}

/** What a read answers when the client it was for has gone: nobody will read it. */
export class ClientGoneError extends Error {
  constructor() {
    super('the client went away');
    this.name = 'ClientGoneError';
  }
}

/**
 * Runs reads for one request so that they stop when its client goes away. On PostgreSQL they run on a
 * connection of their own, and an abort cancels the statement running there (pg_cancel_backend). On
 * PGlite, which cannot interrupt a statement, the reads that have not started yet are not started.
 */
export async function cancellable<T>(
  db: Database,
  signal: AbortSignal | undefined,
  work: (db: Queryable, ensureWanted: () => void) => Promise<T>,
): Promise<T> {
  const ensureWanted = () => {
    if (signal?.aborted) {
      throw new ClientGoneError();
    }
  };
  ensureWanted();
  const pool = poolOf(db);
  if (!pool || !signal) {
    return work(db, ensureWanted);
  }
  const client = await pool.connect();
  // node-postgres keeps the backend's process id from the start of the session; its types omit it.
  const backend = (client as unknown as { processID: number }).processID;
  const cancel = () => {
    pool.query('select pg_cancel_backend($1)', [backend]).catch(() => undefined);
  };
  signal.addEventListener('abort', cancel, { once: true });
  try {
    return await work(builderOf(client), ensureWanted);
  } catch (error) {
    if (signal.aborted) {
      throw new ClientGoneError();
    }
    throw error;
  } finally {
    signal.removeEventListener('abort', cancel);
    client.release();
  }
}
