import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
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
export declare function poolOf(db: Database): pg.Pool | null;
/** The PGlite instance under a Drizzle handle, or null on PostgreSQL. */
export declare function pgliteOf(db: Database): PGlite | null;
export declare const migrationsFolder: string;
/**
 * A copy of the migrations folder that stops after the first `count` migrations: a restore brings a
 * database to its backup's level first, and a test to the level before a migration it checks.
 */
export declare function migrationsUpTo(count: number): string;
/** How many migrations this version of the server brings (its journal's entries). */
export declare function expectedMigrations(): number;
/**
 * Keeps a connection's 'error' event from ending the process: a connection that breaks while nobody
 * listens (PostgreSQL restarting between two statements of a transaction) would otherwise be an
 * unhandled error event. The statement in flight, or the next one, fails with the error instead.
 */
export declare function ignoreConnectionErrors(client: pg.ClientBase): void;
/** The advisory lock that lets one server at a time migrate a database (docs/operations.md#several-instances). */
export declare const MIGRATION_LOCK = 4716002;
export type DatabaseLocation = {
    url: string;
    /** Hears every statement the app sends, with its parameters (the benchmark replays them). */
    logQuery?: (query: string, params: unknown[]) => void;
    /** Another time limit per statement than STATEMENT_TIMEOUT_MS (tests). */
    statementTimeoutMs?: number;
    /** At most this many connections (DATABASE_POOL_SIZE); `DEFAULT_POOL_SIZE` by default. */
    poolSize?: number;
} | {
    dataDir: string;
} | {
    memory: true;
    /** Starts from this dump of a database (`dumpDataDir`) instead of an empty one (tests). */
    loadDataDir?: Blob;
};
/**
 * The time limit of one statement of the app on PostgreSQL. PGlite cannot interrupt a statement (it runs
 * inside the process); there every statement is kept short by design (docs/performance.md).
 */
export declare const STATEMENT_TIMEOUT_MS = 15000;
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
export declare const DEFAULT_POOL_SIZE = 20;
/** Opens PostgreSQL when a URL is given, else the embedded PGlite in a folder (or in memory, for tests). */
export declare function openDatabase(location: DatabaseLocation, afterMigrations?: AfterMigrations): Promise<DatabaseHandle>;
