import { Transform } from 'node:stream';
import { HttpError } from '../../http/errors.ts';

/**
 * Exports are the heaviest requests: each holds a snapshot (a connection on PostgreSQL) and streams the
 * whole cohort. At most `max` run at once on a server, and at most `perUser` of one user
 * (EXPORTS_MAX, EXPORTS_MAX_PER_USER; docs/operations.md#limits). One more answers at once, before any
 * work: 429 EXPORT_IN_PROGRESS when the caller has enough running, 503 EXPORTS_BUSY when the server
 * has; both with Retry-After.
 */
export interface ExportSlots {
  /** Takes a slot for the user, or throws. The answer frees it, once. */
  take(userId: string): () => void;
  /** Exports running now (metrics, tests). */
  running(): number;
}

const RETRY_AFTER_SECONDS = 30;

const slotsOfApps = new WeakMap<object, ExportSlots>();

/** The export slots of one application (its context): counted per server process. */
export function exportSlotsOf(ctx: {
  readonly config: { readonly exportsMax: number; readonly exportsMaxPerUser: number };
}): ExportSlots {
  let slots = slotsOfApps.get(ctx);
  if (!slots) {
    slots = createExportSlots(ctx.config.exportsMax, ctx.config.exportsMaxPerUser);
    slotsOfApps.set(ctx, slots);
  }
  return slots;
}

export function createExportSlots(max: number, perUser: number): ExportSlots {
  let total = 0;
  const byUser = new Map<string, number>();
  return {
    take(userId) {
      const mine = byUser.get(userId) ?? 0;
      if (mine >= perUser) {
        throw new HttpError(429, 'EXPORT_IN_PROGRESS', undefined, {
          'retry-after': String(RETRY_AFTER_SECONDS),
        });
      }
      if (total >= max) {
        throw new HttpError(503, 'EXPORTS_BUSY', undefined, { 'retry-after': String(RETRY_AFTER_SECONDS) });
      }
      total += 1;
      byUser.set(userId, mine + 1);
      let freed = false;
      return () => {
        if (freed) {
          return;
        }
        freed = true;
        total -= 1;
        const left = (byUser.get(userId) ?? 1) - 1;
        if (left > 0) {
          byUser.set(userId, left);
        } else {
          byUser.delete(userId);
        }
      };
    },
    running: () => total,
  };
}

/**
 * The body of an export, which ends it when its client has taken nothing for `timeoutMs`: a download
 * that stalls (a client that stopped reading, a network that died without a word) would otherwise hold
 * its snapshot, its connection and its slot for ever. Progress is a chunk passing through; once the
 * response stops taking them, the buffers fill and chunks stop passing. `onStall` hears it (the log).
 */
export function stallWatchedBody(timeoutMs: number, onStall: () => void): Transform {
  let timer: NodeJS.Timeout | undefined;
  const body: Transform = new Transform({
    transform(chunk, _encoding, callback) {
      arm();
      callback(null, chunk);
    },
  });
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      onStall();
      body.destroy(new Error(`the export's client took nothing for ${timeoutMs} ms`));
    }, timeoutMs);
    timer.unref();
  };
  arm();
  body.once('close', () => clearTimeout(timer));
  // An export that fails (the database gone) destroys its body with the error, which ends the response;
  // whether or not the response still listens, the error must not go unheard.
  body.on('error', () => undefined);
  return body;
}
