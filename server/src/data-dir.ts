import { mkdirSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * DATA_DIR holds every patient's data (the embedded database) and mail with reset codes (the outbox):
 * it is the server's user's alone (docs/operations.md#the-data-folder). Whatever the umask the process
 * was started with, what the server writes there is readable by its owner only: files 0600, folders
 * 0700. A folder that others may write into is refused at start — anyone who can write there can
 * replace the database or read what the server writes next.
 */

/** Files and folders made by this process: owner only. Called first thing by every program. */
export function keepFilesPrivate(): void {
  process.umask(0o077);
}

export class DataDirUnsafeError extends Error {
  constructor(
    readonly folder: string,
    readonly mode: number,
  ) {
    super(
      `The data folder ${folder} may be written by other users (mode ${(mode & 0o777).toString(8).padStart(3, '0')}). ` +
        `It holds patients' data: make it the server's user's alone (chmod 700 ${folder}), or set DATA_DIR to another folder.`,
    );
    this.name = 'DataDirUnsafeError';
  }
}

/** Group or others may write. */
const WRITABLE_BY_OTHERS = 0o022;

/**
 * Makes DATA_DIR (0700) if it does not exist, and refuses it, or its `pglite` and `outbox` folders, when
 * group or others may write there.
 */
export function prepareDataDir(dataDir: string): string {
  const folder = path.resolve(dataDir);
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  for (const inside of [folder, path.join(folder, 'pglite'), path.join(folder, 'outbox')]) {
    let mode: number;
    try {
      mode = statSync(inside).mode;
    } catch {
      continue; // Not made yet: it will be made private.
    }
    if ((mode & WRITABLE_BY_OTHERS) !== 0) {
      throw new DataDirUnsafeError(inside, mode);
    }
  }
  return folder;
}
