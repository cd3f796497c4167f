import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema.ts';

/** One Drizzle type for both engines. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A database handle or an open transaction: repositories take either. */
export type Queryable = Parameters<Parameters<Database['transaction']>[0]>[0] | Database;

export interface DatabaseHandle {
  readonly db: Database;
  readonly engine: 'pglite' | 'postgres';
  /** Applies pending migrations in one transaction; safe to run on every start. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export type DatabaseLocation = { url: string } | { dataDir: string } | { memory: true };

/** Opens PostgreSQL when a URL is given, else the embedded PGlite in a folder (or in memory, for tests). */
export async function openDatabase(location: DatabaseLocation): Promise<DatabaseHandle> {
  if ('url' in location) {
    const pool = new pg.Pool({ connectionString: location.url, max: 10 });
    // Without a listener, an idle client's error (a server restart) would crash the process.
    pool.on('error', () => undefined);
    await pool.query('select 1');
    const db = drizzlePg({ client: pool, schema }) as unknown as Database;
    return {
      db,
      engine: 'postgres',
      migrate: () => migratePg(db as never, { migrationsFolder }),
      close: () => pool.end(),
    };
  }
  let dataDir: string | undefined;
  if ('dataDir' in location) {
    dataDir = path.resolve(location.dataDir, 'pglite');
    mkdirSync(dataDir, { recursive: true });
  }
  const client = await PGlite.create(dataDir, { extensions: { unaccent, pg_trgm } });
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  return {
    db,
    engine: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    close: () => client.close(),
  };
}
