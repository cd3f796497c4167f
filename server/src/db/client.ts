import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock.ts';
import { asStartupOptions, CONNECTION_SETTINGS } from './planner.ts';
import { keepFolderPrivate } from './private-folder.ts';
import * as schema from './schema.ts';

/** One Drizzle type for both engines. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A database handle or an open transaction: repositories take either. */
export type Queryable = Parameters<Parameters<Database['transaction']>[0]>[0] | Database;

export interface DatabaseHandle {
  readonly db: Database;
  readonly engine: 'pglite' | 'postgres';
  /** The embedded database's folder (PGlite on disk only). */
  readonly dataDir?: string;
  /**
   * Applies pending migrations in one transaction; safe to run on every start. Another folder of
   * migrations may be given (a restore brings a database to a backup's level first). Brought to this
   * server's level, the database then gets what is built from the code rather than from migrations
   * (`afterMigrations` of `openDatabase`).
   */
  migrate(folder?: string): Promise<void>;
  close(): Promise<void>;
}

/** The pool under a Drizzle handle on PostgreSQL, or null on PGlite. */
export function poolOf(db: Database): pg.Pool | null {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : null;
}

/** The PGlite instance under a Drizzle handle, or null on PostgreSQL. */
export function pgliteOf(db: Database): PGlite | null {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client instanceof PGlite ? client : null;
}

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * A copy of the migrations folder that stops after the first `count` migrations: a restore brings a
 * database to its backup's level first, and a test to the level before a migration it checks.
 */
export function migrationsUpTo(count: number): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'registry-restore-'));
  mkdirSync(path.join(folder, 'meta'));
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  const entries = journal.entries.slice(0, count);
  writeFileSync(path.join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
  for (const entry of entries) {
    copyFileSync(path.join(migrationsFolder, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
  }
  return folder;
}

/** How many migrations this version of the server brings (its journal's entries). */
export function expectedMigrations(): number {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

/**
 * Keeps a connection's 'error' event from ending the process: a connection that breaks while nobody
 * listens (PostgreSQL restarting between two statements of a transaction) would otherwise be an
 * unhandled error event. The statement in flight, or the next one, fails with the error instead.
 */
export function ignoreConnectionErrors(client: pg.ClientBase): void {
  if (!client.listeners('error').includes(ignoreError)) {
    client.on('error', ignoreError);
  }
}
const ignoreError = () => undefined;

/** The advisory lock that lets one server at a time migrate a database (docs/operations.md#several-instances). */
export const MIGRATION_LOCK = 4_716_002;

/**
 * Migrations build whole tables and indexes: on a connection of their own, without the time limit. Two
 * servers starting together on one database take turns: the second finds the migrations applied.
 */
async function migrateWithoutTimeLimit(
  url: string,
  folder: string,
  afterMigrations: AfterMigrations,
): Promise<void> {
  const client = new pg.Client({ connectionString: url, options: '-c statement_timeout=0' });
  ignoreConnectionErrors(client);
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    const db = drizzlePg({ client, schema }) as unknown as Database;
    await migratePg(db as never, { migrationsFolder: folder });
    if (folder === migrationsFolder) {
      await afterMigrations(db);
    }
  } finally {
    // Ending the session releases the lock.
    await client.end();
  }
}

export type DatabaseLocation =
  | {
      url: string;
      /** Hears every statement the app sends, with its parameters (the benchmark replays them). */
      logQuery?: (query: string, params: unknown[]) => void;
      /** Another time limit per statement than STATEMENT_TIMEOUT_MS (tests). */
      statementTimeoutMs?: number;
      /** At most this many connections (DATABASE_POOL_SIZE); `DEFAULT_POOL_SIZE` by default. */
      poolSize?: number;
    }
  | { dataDir: string }
  | {
      memory: true;
      /** Starts from this dump of a database (`dumpDataDir`) instead of an empty one (tests). */
      loadDataDir?: Blob;
      /** Hears every statement of the query builder, with its parameters (tests). */
      logQuery?: (query: string, params: unknown[]) => void;
    };

/**
 * The time limit of one statement of the app on PostgreSQL. PGlite cannot interrupt a statement (it runs
 * inside the process); there every statement is kept short by design (docs/performance.md).
 */
export const STATEMENT_TIMEOUT_MS = 15_000;

/** Session settings of the app's connections: a time limit per statement, and the planner's settings. */
const sessionOptions = (timeoutMs: number) =>
  asStartupOptions({ statement_timeout: String(timeoutMs), ...CONNECTION_SETTINGS });

/**
 * What a database gets once it is at this server's level of migrations, as its owner, before the server
 * serves: the objects built from the code (the patients' read model, `patients/read-model`). Two
 * servers starting together take turns, as for migrations.
 */
export type AfterMigrations = (db: Database) => Promise<void>;

/**
 * The most connections a server opens to PostgreSQL, unless DATABASE_POOL_SIZE says otherwise; why
 * 20 is in docs/performance.md.
 */
export const DEFAULT_POOL_SIZE = 20;

/** Opens PostgreSQL when a URL is given, else the embedded PGlite in a folder (or in memory, for tests). */
export async function openDatabase(
  location: DatabaseLocation,
  afterMigrations: AfterMigrations = async () => undefined,
): Promise<DatabaseHandle> {
  if ('url' in location) {
    const pool = new pg.Pool({
      connectionString: location.url,
      max: location.poolSize ?? DEFAULT_POOL_SIZE,
      // While the server is away a request fails within seconds (503), instead of waiting for it.
      connectionTimeoutMillis: 5000,
      options: sessionOptions(location.statementTimeoutMs ?? STATEMENT_TIMEOUT_MS),
    });
    // A connection's error (PostgreSQL restarting, the network cut) must never end the process. The
    // pool hears the errors of its idle connections only; a connection checked out — inside a
    // transaction, or an export's snapshot, between two statements — would emit its error with nobody
    // listening, which Node turns into a crash. So every connection gets a listener of its own as it is
    // made; the request using it fails on its next statement (503) and the pool drops it on release.
    pool.on('error', () => undefined);
    pool.on('connect', ignoreConnectionErrors);
    const logQuery = location.logQuery;
    if (logQuery) {
      // Heard at the connection, so that every statement counts: the query builder's and raw SQL's.
      pool.on('connect', (client) => {
        const query = client.query.bind(client) as (...args: unknown[]) => unknown;
        (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
          const [first, second] = args;
          const config = typeof first === 'string' ? { text: first, values: second } : (first as object);
          const { text, values = second } = config as { text?: string; values?: unknown };
          if (text) {
            logQuery(text, Array.isArray(values) ? values : []);
          }
          return query(...args);
        };
      });
    }
    await pool.query('select 1');
    const db = drizzlePg({ client: pool, schema }) as unknown as Database;
    return {
      db,
      engine: 'postgres',
      migrate: (folder = migrationsFolder) => migrateWithoutTimeLimit(location.url, folder, afterMigrations),
      close: () => pool.end(),
    };
  }
  let dataDir: string | undefined;
  let release: () => void = () => undefined;
  if ('dataDir' in location) {
    dataDir = path.resolve(location.dataDir, 'pglite');
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    // Never two processes on one embedded database: the second would corrupt it.
    release = lockDataDir(dataDir);
  }
  let client: PGlite;
  try {
    client = await PGlite.create(dataDir, {
      extensions: { unaccent, pg_trgm, btree_gin },
      ...('loadDataDir' in location && location.loadDataDir ? { loadDataDir: location.loadDataDir } : {}),
    });
  } catch (error) {
    release();
    throw error;
  }
  if (dataDir) {
    try {
      keepFolderPrivate(dataDir);
    } catch (error) {
      await client.close().finally(release);
      throw error;
    }
  }
  const logQuery = 'logQuery' in location ? location.logQuery : undefined;
  const db = drizzlePglite({
    client,
    schema,
    ...(logQuery ? { logger: { logQuery } } : {}),
  }) as unknown as Database;
  return {
    db,
    engine: 'pglite',
    ...(dataDir ? { dataDir } : {}),
    migrate: async (folder = migrationsFolder) => {
      await migratePglite(db as never, { migrationsFolder: folder });
      if (folder === migrationsFolder) {
        await afterMigrations(db);
      }
    },
    close: async () => {
      try {
        await client.close();
        if (dataDir) {
          keepFolderPrivate(dataDir);
        }
      } finally {
        release();
      }
    },
  };
}
