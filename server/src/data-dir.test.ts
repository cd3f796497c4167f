import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { DataDirUnsafeError, prepareDataDir } from './data-dir.ts';
import { createMailer } from './mail/mailer.ts';

const made: string[] = [];
const scratch = () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'registry-datadir-'));
  made.push(folder);
  return folder;
};
const modeOf = (file: string) => statSync(file).mode & 0o777;

describe('the data folder', () => {
  const umask = process.umask();
  afterEach(() => {
    process.umask(umask);
    for (const folder of made.splice(0)) {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('is made for its owner only when it does not exist', () => {
    process.umask(0o022);
    const folder = path.join(scratch(), 'data');
    expect(prepareDataDir(folder)).toBe(folder);
    expect(modeOf(folder)).toBe(0o700);
  });

  it('is refused, saying why, when group or others may write into it or into its database or outbox', () => {
    for (const [inside, mode] of [
      ['.', 0o777],
      ['.', 0o720],
      ['.', 0o702],
      ['pglite', 0o770],
      ['outbox', 0o757],
    ] as const) {
      const folder = scratch();
      const target = path.join(folder, inside);
      mkdirSync(target, { recursive: true });
      chmodSync(target, mode);
      expect(() => prepareDataDir(folder), `${inside} ${mode.toString(8)}`).toThrow(DataDirUnsafeError);
      expect(() => prepareDataDir(folder)).toThrow(/may be written by other users .*chmod 700/);
    }
  });

  it('is accepted when only its owner may write, even if others may read', () => {
    const folder = scratch();
    chmodSync(folder, 0o755);
    expect(() => prepareDataDir(folder)).not.toThrow();
  });

  it('gets mail written for its owner only whatever the umask', async () => {
    process.umask(0o000);
    const dataDir = scratch();
    const mailer = createMailer(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }));
    await mailer.send({ to: 'someone@example.org', subject: 'Hello', text: 'Hello', html: '<p>Hello</p>' });
    const outbox = path.join(dataDir, 'outbox');
    expect(modeOf(outbox)).toBe(0o700);
    const [mail] = readdirSync(outbox);
    expect(mail).toMatch(/\.eml$/);
    expect(modeOf(path.join(outbox, mail ?? ''))).toBe(0o600);
  });
});
