import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { keepFolderPrivate } from './private-folder.ts';

/** Every file and folder under a folder with what group and others may do, where they may do anything. */
function open(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => (statSync(file).mode & 0o077) !== 0)
    .map((file) => path.relative(folder, file));
}

describe('a private folder', () => {
  it('takes group’s and others’ rights from every file and folder, through a linked folder too', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'registry-private-'));
    const target = path.join(root, 'disk');
    mkdirSync(path.join(target, 'base', '1'), { recursive: true });
    writeFileSync(path.join(target, 'PG_VERSION'), '17');
    writeFileSync(path.join(target, 'base', '1', '112'), '');
    for (const file of ['', 'base', 'base/1', 'PG_VERSION', 'base/1/112']) {
      chmodSync(path.join(target, file), file.includes('1') && file.endsWith('112') ? 0o666 : 0o777);
    }
    const linked = path.join(root, 'pglite');
    symlinkSync(target, linked);
    expect(open(target)).not.toEqual([]);

    keepFolderPrivate(linked);

    expect(open(target)).toEqual([]);
    expect(statSync(target).mode & 0o777).toBe(0o700);
    expect(statSync(path.join(target, 'base', '1', '112')).mode & 0o777).toBe(0o600);
  });
});
