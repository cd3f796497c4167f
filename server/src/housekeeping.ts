import { IDLE_TIMEOUT_MS } from './auth/sessions.repository.ts';
import type { AppContext } from './context.ts';
import { pgliteOf } from './db/client.ts';
import { analyzeChanged } from './db/maintenance.ts';
import { pruneExpired } from './db/prune.ts';
import { describeError } from './http/logging.ts';
import { LOCKOUT_WINDOW_MS } from './users/lockout.ts';

/** How often expired sign-in data is removed. */
export const HOUSEKEEPING_EVERY_MS = 60 * 60 * 1000;

/** How often the embedded database's planner statistics are checked for tables that changed. */
export const STATISTICS_EVERY_MS = 5 * 60 * 1000;

const RATE_WINDOW_MS = 15 * 60 * 1000;

/** Removes expired sign-in data now. */
export function housekeep(ctx: AppContext) {
  return pruneExpired(ctx.db, ctx.now(), {
    idleMs: IDLE_TIMEOUT_MS,
    lockWindowMs: LOCKOUT_WINDOW_MS,
    rateWindowMs: RATE_WINDOW_MS,
  });
}

/**
 * Removes expired sign-in data at start and every hour while the server runs (docs/operations.md), so
 * that the sessions table does not only grow; on the embedded database it also refreshes the planner's
 * statistics of tables that changed much, every five minutes. Answers a function that stops it.
 */
export function startHousekeeping(
  ctx: AppContext,
  log: { warn(obj: object, message: string): void },
): () => void {
  const run = () => {
    housekeep(ctx).catch((error: unknown) => log.warn({ err: describeError(error) }, 'housekeeping failed'));
  };
  run();
  const timers = [setInterval(run, HOUSEKEEPING_EVERY_MS)];
  // PGlite has no autovacuum: without fresh statistics its planner turns queries of milliseconds into seconds.
  if (pgliteOf(ctx.db)) {
    timers.push(
      setInterval(() => {
        analyzeChanged(ctx.db).catch((error: unknown) =>
          log.warn({ err: describeError(error) }, 'planner statistics failed'),
        );
      }, STATISTICS_EVERY_MS),
    );
  }
  for (const timer of timers) {
    timer.unref();
  }
  return () => {
    for (const timer of timers) {
      clearInterval(timer);
    }
  };
}
