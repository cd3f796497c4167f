import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { openRegistryDatabase as openDatabase } from '../database.ts';
import type { DatabaseHandle } from '../db/client.ts';

/** Which engine the API tests run on: PGlite unless TEST_ENGINE=postgres (with TEST_DATABASE_URL). */
export const testEngine = process.env.TEST_ENGINE === 'postgres' ? 'postgres' : 'pglite';

/** A test database; on PostgreSQL its URL, for a second connection pool (a second server process). */
export type TestDatabase = DatabaseHandle & { readonly url?: string };

/**
 * A fresh, migrated (or, asked, empty) database for one test file: an in-memory PGlite, or a new database on the
 * PostgreSQL server of TEST_DATABASE_URL that is dropped again on close. Each starts as a copy of a template
 * made once per run (`global-setup.ts`); `migrate()` still runs, and finds the copy at this server's level.
 */
export async function openTestDatabase({
  migrate = true,
  logQuery,
}: {
  migrate?: boolean;
  /** Hears the statements the app sends, with their parameters. */
  logQuery?: (query: string, params: unknown[]) => void;
} = {}): Promise<TestDatabase> {
  if (testEngine === 'pglite') {
    const templates = inject('pgliteTemplates');
    const template = migrate ? templates?.migrated : templates?.empty;
    const handle = await openDatabase({
      memory: true,
      ...(logQuery ? { logQuery } : {}),
      ...(template ? { loadDataDir: new Blob([readFileSync(template)]) } : {}),
    });
    if (migrate) {
      await handle.migrate();
    }
    return handle;
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    throw new Error('TEST_ENGINE=postgres needs TEST_DATABASE_URL (postgres://user@host:5432/database)');
  }
  const name = `registry_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const template = migrate ? inject('postgresTemplate') : null;
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString(), ...(logQuery ? { logQuery } : {}) });
  if (migrate) {
    await handle.migrate();
  }
  return {
    ...handle,
    url: url.toString(),
    async close() {
      await handle.close();
      const cleaner = new pg.Client({ connectionString: serverUrl });
      await cleaner.connect();
      await cleaner.query(`drop database if exists ${name} with (force)`);
      await cleaner.end();
    },
  };
}
