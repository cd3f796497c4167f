import pg from 'pg';
import type { Queryable } from './client.ts';
/**
 * The one place that reads the query builder's private session (drizzle-orm 0.45): the `pg` pool or
 * connection under a handle or a transaction, and the builder's own way to run a built statement with a
 * prepared name. `prepared.ts` needs both to send the hot statements to `pg` directly
 * (docs/performance.md); `drizzle-session.test.ts` fails when an upgrade changes what is read here.
 */
/** The version these reads were written for; the test names it when the installed one differs. */
export declare const DRIZZLE_VERSION = "0.45";
/** The `pg` pool or connection a handle or transaction runs on (PostgreSQL), or null (PGlite). */
export declare function pgClientOf(db: Queryable): pg.Pool | pg.ClientBase | null;
/** Runs a built statement through the builder's session, prepared under `name` when one is given. */
export declare function executeThroughBuilder(db: Queryable, built: {
    sql: string;
    params: unknown[];
}, name: string | undefined): Promise<unknown>;
