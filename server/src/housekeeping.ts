import { IDLE_TIMEOUT_MS } from './auth/sessions.repository.ts';
import type { AppContext } from './context.ts';
import { pruneExpired } from './db/prune.ts';
import { describeError } from './http/logging.ts';
import { LOCKOUT_WINDOW_MS } from './users/lockout.ts';

/** How often expired sign-in data is removed. */
export const HOUSEKEEPING_EVERY_MS = 60 * 60 * 1000;

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
 * that the sessions table does not only grow. Answers a function that stops it.
 */
export function startHousekeeping(
  ctx: AppContext,
  log: { warn(obj: object, message: string): void },
): () => void {
  const run = () => {
    housekeep(ctx).catch((error: unknown) => log.warn({ err: describeError(error) }, 'housekeeping failed'));
  };
  run();
  const timer = setInterval(run, HOUSEKEEPING_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
