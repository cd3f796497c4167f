import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { type Database, poolOf, type Queryable } from './client.ts';
import { asLocalSettings } from './planner.ts';

/** A snapshot's name as pg_export_snapshot gives it, checked before it is written into SQL. */
const SNAPSHOT_ID = /^[0-9A-F]+-[0-9A-F]+(-[0-9]+)?$/i;

export interface SnapshotOptions {
  /** Planner settings of the snapshot's transactions (`planner.ts`). */
  readonly settings?: Readonly<Record<string, string>>;
  /** At most this many connections read the snapshot, when the pool has them to spare (at least one). */
  readonly readers?: number;
}

/**
 * Runs long reading work over one snapshot of the database: every statement of `work`, on any of its
 * readers, sees the database as it was when the snapshot was taken, while others write. On PostgreSQL
 * the first reader is a connection in a read-only, repeatable-read transaction, held for the length of
 * the work; further readers join the same snapshot (`pg_export_snapshot`) only when the pool has a
 * connection to spare now, so that the work never waits for the pool. PGlite has a single connection,
 * which a long transaction would hold against every other request: there the one reader is the
 * database itself, and each statement sees the database as it is when it runs.
 */
export async function withSnapshot<T>(
  db: Database,
  { settings = {}, readers = 1 }: SnapshotOptions,
  work: (readers: readonly Queryable[]) => Promise<T>,
): Promise<T> {
  const pool = poolOf(db);
  if (!pool) {
    return work([db]);
  }
  const clients: pg.PoolClient[] = [];
  const begin = async (client: pg.PoolClient, snapshot?: string) => {
    clients.push(client);
    await client.query('begin isolation level repeatable read read only');
    if (snapshot) {
      await client.query(`set transaction snapshot '${snapshot}'`);
    }
    for (const setting of asLocalSettings(settings)) {
      await client.query(setting);
    }
  };
  // A further reader is a help, not a need: one that cannot join (its import failed, because the
  // connection that exported the snapshot was cut in between and the snapshot went with it) is dropped,
  // and the work goes on with the readers it has. Its failure is never the work's: if the database has
  // gone away, the main reader's next statement says so (503), rather than an unknown snapshot (500).
  const joined = async (client: pg.PoolClient, snapshot: string): Promise<boolean> => {
    try {
      await begin(client, snapshot);
      return true;
    } catch (error) {
      clients.splice(clients.indexOf(client), 1);
      await client.query('rollback').catch(() => undefined);
      client.release(error instanceof Error ? error : true);
      return false;
    }
  };
  try {
    const main = await pool.connect();
    await begin(main);
    if (readers > 1) {
      const [exported] = (await main.query<{ snapshot: string }>('select pg_export_snapshot() as snapshot'))
        .rows;
      for (let reader = 1; reader < readers && exported && SNAPSHOT_ID.test(exported.snapshot); reader++) {
        const spare = pool.waitingCount === 0 && (pool.idleCount > 0 || pool.totalCount < pool.options.max);
        if (!spare) {
          break;
        }
        if (!(await joined(await pool.connect(), exported.snapshot))) {
          break;
        }
      }
    }
    const result = await work(clients.map((client) => drizzlePg({ client }) as unknown as Database));
    for (const client of clients) {
      await client.query('commit');
    }
    return result;
  } catch (error) {
    for (const client of clients) {
      await client.query('rollback').catch(() => undefined);
    }
    throw error;
  } finally {
    for (const client of clients) {
      client.release();
    }
  }
}
