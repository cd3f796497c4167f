import { mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

/**
 * One process at a time on an embedded database (docs/operations.md#the-embedded-database): PGlite
 * keeps its state in the opening process, and a second opener corrupts the folder. Whoever opens a data
 * folder first makes `<folder>.lock` beside it (a directory: mkdir is atomic) holding its process id; a
 * second opener stops at once, naming the folder and that process. A lock whose process is gone (killed)
 * is taken over under a second lock, `<folder>.lock.takeover`: whoever makes it looks at the lock again
 * and renames it away only if it is still the stale one, so that a racer that judged the old lock stale
 * cannot rename away the new lock of the process that took it over first.
 */

export class DataDirLockedError extends Error {
  constructor(
    readonly folder: string,
    readonly holder: { pid: number; host: string; since: string },
  ) {
    super(
      `The embedded database in ${folder} is open in another process (pid ${holder.pid} on ${holder.host}, ` +
        `since ${holder.since}). Stop that process first — the server, a seed or a backup — and try again.`,
    );
    this.name = 'DataDirLockedError';
  }
}

export interface Holder {
  pid: number;
  host: string;
  since: string;
}

function holderOf(lock: string): Holder | null {
  try {
    return JSON.parse(readFileSync(path.join(lock, 'owner.json'), 'utf8')) as Holder;
  } catch {
    return null;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** How long a lock may stay without its owner written before it counts as left by a crash. */
const UNWRITTEN_MS = 10_000;

/** Whether a lock was left behind: its process is gone, or it never got an owner and is not new. */
function stale(lock: string, holder: Holder | null): boolean {
  if (holder) {
    return holder.host === hostname() && !alive(holder.pid);
  }
  try {
    return Date.now() - statSync(lock).mtimeMs > UNWRITTEN_MS;
  } catch {
    return false;
  }
}

/** The lock folder of a data folder; the process holding it may keep other files there (a socket). */
export const lockFolderOf = (folder: string): string => `${folder}.lock`;

/** The live process that holds a data folder's lock, if any. */
export function lockHolder(folder: string): Holder | null {
  const lock = lockFolderOf(folder);
  const holder = holderOf(lock);
  return holder && !stale(lock, holder) ? holder : null;
}

/** Waits a few milliseconds without giving up the thread (the lock is taken before anything else runs). */
function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * Renames a stale lock away while holding the takeover lock, after looking at it again; answers false
 * when another process is taking it over. A takeover lock older than a lock may stay unwritten was left
 * by a crash in those few lines, and is removed.
 */
function takeOver(lock: string): boolean {
  const takeover = `${lock}.takeover`;
  try {
    mkdirSync(takeover, { mode: 0o700 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
      throw error;
    }
    if (stale(takeover, null)) {
      rmSync(takeover, { recursive: true, force: true });
    }
    return false;
  }
  try {
    if (stale(lock, holderOf(lock))) {
      const away = `${lock}.stale-${process.pid}-${Date.now()}`;
      renameSync(lock, away);
      rmSync(away, { recursive: true, force: true });
    }
    return true;
  } catch {
    // Gone in the meantime: look again.
    return true;
  } finally {
    rmSync(takeover, { recursive: true, force: true });
  }
}

/** Takes the lock of a data folder, or throws DataDirLockedError; answers the function that releases it. */
export function lockDataDir(folder: string): () => void {
  const lock = lockFolderOf(folder);
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      mkdirSync(lock, { mode: 0o700 });
      const me: Holder = { pid: process.pid, host: hostname(), since: new Date().toISOString() };
      writeFileSync(path.join(lock, 'owner.json'), JSON.stringify(me), { mode: 0o600 });
      return () => rmSync(lock, { recursive: true, force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
        throw error;
      }
    }
    const holder = holderOf(lock);
    if (stale(lock, holder)) {
      if (!takeOver(lock)) {
        pause(10);
      }
    } else if (holder) {
      throw new DataDirLockedError(folder, holder);
    } else {
      // A lock being written this instant has no owner yet: look again shortly.
      pause(10);
    }
  }
  throw new DataDirLockedError(folder, holderOf(lock) ?? { pid: 0, host: 'unknown', since: 'unknown' });
}
