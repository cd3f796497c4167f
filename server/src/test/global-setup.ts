import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openRegistryDatabase } from '../database.ts';
import { pgliteOf } from '../db/client.ts';
import { testEngine } from './database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The embedded engine's templates: a dump of an empty and of a migrated database. */
    pgliteTemplates: { empty: string; migrated: string } | null;
    /** On PostgreSQL, a migrated database that each test file's database is copied from. */
    postgresTemplate: string | null;
  }
}

/**
 * Every API test file opens a fresh database. Starting an embedded database from nothing (initdb) and
 * migrating it takes seconds; loading a dump of one, a fraction of that. So the empty and
 * the migrated database are made once per run, here, and each file starts from a copy of one of them
 * (`openTestDatabase`). On PostgreSQL, each file's database is a copy (`create database … template`) of
 * one migrated here. A copy is byte for byte what the migrations make: each file still runs `migrate()`,
 * which finds nothing to do.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (testEngine === 'pglite') {
    const folder = mkdtempSync(path.join(tmpdir(), 'registry-templates-'));
    const handle = await openRegistryDatabase({ memory: true });
    const client = pgliteOf(handle.db);
    if (!client) {
      throw new Error('the embedded database has no PGlite client');
    }
    const empty = path.join(folder, 'empty.tar');
    writeFileSync(empty, new Uint8Array(await (await client.dumpDataDir('none')).arrayBuffer()));
    await handle.migrate();
    const migrated = path.join(folder, 'migrated.tar');
    writeFileSync(migrated, new Uint8Array(await (await client.dumpDataDir('none')).arrayBuffer()));
    await handle.close();
    project.provide('pgliteTemplates', { empty, migrated });
    project.provide('postgresTemplate', null);
    return async () => rmSync(folder, { recursive: true, force: true });
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    throw new Error('TEST_ENGINE=postgres needs TEST_DATABASE_URL (postgres://user@host:5432/database)');
  }
  const name = `registry_template_${randomBytes(6).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openRegistryDatabase({ url: url.toString() });
  try {
    await handle.migrate();
  } finally {
    await handle.close();
  }
  project.provide('pgliteTemplates', null);
  project.provide('postgresTemplate', name);
  return async () => admin(`drop database if exists ${name} with (force)`);
}
