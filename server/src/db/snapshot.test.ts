import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase, testEngine } from '../test/database.ts';
import { poolOf, type Queryable } from './client.ts';
import { withSnapshot } from './snapshot.ts';
import { rowsOf } from './statements.ts';
import { isDatabaseUnavailable } from './unavailable.ts';

/** Ends every other session of the test's database from outside, as a restart of PostgreSQL does. */
async function cutConnections(url: string): Promise<void> {
  const killer = new pg.Client({ connectionString: url });
  await killer.connect();
  await killer.query(
    'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
  );
  await killer.end();
}

describe.skipIf(testEngine !== 'postgres')('reading over one snapshot', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('gives every reader the registry as it was when the snapshot was taken', async () => {
    const count = async (reader: Queryable) =>
      rowsOf<{ n: number }>(await reader.execute(sql`select count(*)::int as n from institutions`))[0]?.n;
    const before = await count(database.db);
    const seen = await withSnapshot(database.db, { readers: 2 }, async (readers) => {
      expect(readers).toHaveLength(2);
      // Written by another connection once the readers have begun, before either reads.
      await database.db.execute(
        sql`insert into institutions (name, type, code) values ('Hospital Snapshot', 'Hospital', 'SNAP')`,
      );
      return Promise.all(readers.map(count));
    });
    expect(seen).toEqual([before, before]);
    expect(await count(database.db)).toBe((before ?? 0) + 1);
  });

  it('says the database is away when its connections are cut as a second reader joins', async () => {
    // The cut falls between the snapshot's export and a second reader's import: the snapshot has gone
    // with its transaction, and the reader, connected again, cannot import it. The work still fails,
    // as every request does while the database restarts, but as a database away (503), never as a
    // wrong statement (500).
    const pool = poolOf(database.db);
    if (!pool || !database.url) {
      throw new Error('a PostgreSQL test database has a pool and a URL');
    }
    const url = database.url;
    const connect = pool.connect.bind(pool) as () => Promise<pg.PoolClient>;
    let connections = 0;
    pool.connect = (async () => {
      connections += 1;
      if (connections === 2) {
        await cutConnections(url);
      }
      return connect();
    }) as typeof pool.connect;
    try {
      const failure = await withSnapshot(database.db, { readers: 2 }, (readers) =>
        Promise.all(readers.map((reader) => reader.execute(sql`select 1`))),
      ).then(
        () => null,
        (error: unknown) => error,
      );
      expect(connections).toBe(2);
      expect(failure).not.toBeNull();
      expect(isDatabaseUnavailable(failure)).toBe(true);
    } finally {
      pool.connect = connect as typeof pool.connect;
    }
    // The pool serves again by itself.
    const after = await withSnapshot(database.db, { readers: 2 }, async (readers) => readers.length);
    expect(after).toBeGreaterThanOrEqual(1);
  });
});
