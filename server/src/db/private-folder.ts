import { chmodSync, lstatSync, readdirSync, realpathSync } from 'node:fs';
import path from 'node:path';

/** What group and others may do. */
const GROUP_AND_OTHERS = 0o077;

/**
 * Takes from every file and folder under `folder` what group and others may do. The embedded database
 * sets its files' modes itself (its first files come out 0666 whatever the process's umask), so the
 * umask alone does not keep them private: this runs after it opens and after it closes. The folder itself
 * may be a link (to another disk, say): its target is made private; links inside it are left alone.
 */
export function keepFolderPrivate(folder: string): void {
  const visit = (entry: string) => {
    const stat = lstatSync(entry, { throwIfNoEntry: false });
    if (!stat || stat.isSymbolicLink()) {
      return;
    }
    if ((stat.mode & GROUP_AND_OTHERS) !== 0) {
      chmodSync(entry, stat.mode & 0o700);
    }
    if (stat.isDirectory()) {
      for (const name of readdirSync(entry)) {
        visit(path.join(entry, name));
      }
    }
  };
  visit(realpathSync(folder));
}
