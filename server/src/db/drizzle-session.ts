import pg from 'pg';
import type { Queryable } from './client.ts';

/**
 * The one place that reads the query builder's private session (drizzle-orm 0.45): the `pg` pool or
 * connection under a handle or a transaction, and the builder's own way to run a built statement with a
 * prepared name. `prepared.ts` needs both to send the hot statements to `pg` directly
 * (docs/performance.md); `drizzle-session.test.ts` fails when an upgrade changes what is read here.
 */

/** The version these reads were written for; the test names it when the installed one differs. */
export const DRIZZLE_VERSION = '0.45';

interface Session {
  readonly client?: unknown;
  prepareQuery(
    query: { sql: string; params: unknown[] },
    fields: undefined,
    name: string | undefined,
    isResponseInArrayMode: boolean,
  ): { execute(): Promise<unknown> };
}

const sessionOf = (db: Queryable): Session => (db as unknown as { _: { session: Session } })._.session;

/** The `pg` pool or connection a handle or transaction runs on (PostgreSQL), or null (PGlite). */
export function pgClientOf(db: Queryable): pg.Pool | pg.ClientBase | null {
  const client = sessionOf(db).client;
  return client instanceof pg.Pool || client instanceof pg.Client ? client : null;
}

/** Runs a built statement through the builder's session, prepared under `name` when one is given. */
export function executeThroughBuilder(
  db: Queryable,
  built: { sql: string; params: unknown[] },
  name: string | undefined,
): Promise<unknown> {
  return sessionOf(db).prepareQuery(built, undefined, name, false).execute();
}
