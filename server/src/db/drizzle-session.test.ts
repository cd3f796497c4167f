import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase, testEngine } from '../test/database.ts';
import { DRIZZLE_VERSION, executeThroughBuilder, pgClientOf } from './drizzle-session.ts';
import { rowsOf } from './statements.ts';

/**
 * The reads of the query builder's private session (`drizzle-session.ts`) on the installed version: an
 * upgrade that moves them fails here, by name, before any statement of the app goes astray.
 */
describe("the query builder's session", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase({ migrate: false });
  });
  afterAll(() => database.close());

  it('is read on the version of drizzle-orm it was written for', () => {
    const require = createRequire(import.meta.url);
    // The package exports no manifest: it sits beside its main module.
    const manifest = path.join(path.dirname(require.resolve('drizzle-orm')), 'package.json');
    const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version: string };
    expect(
      version.startsWith(`${DRIZZLE_VERSION}.`),
      `drizzle-orm ${version} is installed; db/drizzle-session.ts reads the session of ${DRIZZLE_VERSION}: check it, then change DRIZZLE_VERSION`,
    ).toBe(true);
  });

  it('gives the pg pool of a handle and the pg connection of a transaction, or none on PGlite', async () => {
    if (testEngine === 'postgres') {
      expect(pgClientOf(database.db)).toBeInstanceOf(pg.Pool);
      await database.db.transaction(async (tx) => {
        expect(pgClientOf(tx)).toBeInstanceOf(pg.Client);
      });
    } else {
      expect(pgClientOf(database.db)).toBeNull();
    }
  });

  it('runs a built statement, prepared under a name or not', async () => {
    for (const name of [undefined, 'registry_session_test']) {
      const result = await executeThroughBuilder(
        database.db,
        { sql: 'select $1::int + 1 as "next"', params: [41] },
        name,
      );
      expect(rowsOf(result)).toEqual([{ next: 42 }]);
    }
  });
});
