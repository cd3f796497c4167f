import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';
import { DataDirLockedError, lockDataDir } from './data-dir-lock.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const folders: string[] = [];
const fresh = () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'registry-lock-'));
  folders.push(folder);
  return folder;
};

/** The id of a process that has ended. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(child.stdout.toString());
}

describe('one process at a time on an embedded database', () => {
  afterAll(() => {
    for (const folder of folders) {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('refuses a second opener, naming the folder and the process that holds it', () => {
    const folder = path.join(fresh(), 'pglite');
    const release = lockDataDir(folder);
    try {
      expect(() => lockDataDir(folder)).toThrow(DataDirLockedError);
      expect(() => lockDataDir(folder)).toThrow(`${folder} is open in another process (pid ${process.pid}`);
    } finally {
      release();
    }
    lockDataDir(folder)();
  });

  it('takes over a lock left by a killed process', () => {
    const folder = path.join(fresh(), 'pglite');
    mkdirSync(`${folder}.lock`, { recursive: true });
    writeFileSync(
      path.join(`${folder}.lock`, 'owner.json'),
      JSON.stringify({ pid: deadPid(), host: hostname(), since: '2026-01-01T00:00:00Z' }),
    );
    const release = lockDataDir(folder);
    expect(() => lockDataDir(folder)).toThrow(DataDirLockedError);
    release();
  });

  it('lets only one of several processes racing for a stale lock win', async () => {
    const folder = path.join(fresh(), 'pglite');
    mkdirSync(`${folder}.lock`, { recursive: true });
    writeFileSync(
      path.join(`${folder}.lock`, 'owner.json'),
      JSON.stringify({ pid: deadPid(), host: hostname(), since: '2026-01-01T00:00:00Z' }),
    );
    const script = `import { lockDataDir } from ${JSON.stringify(path.join(import.meta.dirname, 'data-dir-lock.ts'))};
      try { lockDataDir(${JSON.stringify(folder)}); console.log('won'); setTimeout(() => {}, 1500); }
      catch { console.log('refused'); }`;
    const racers = Array.from(
      { length: 4 },
      () =>
        new Promise<string>((resolve) => {
          const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
            cwd: root,
          });
          let out = '';
          child.stdout.on('data', (chunk: Buffer) => {
            out += chunk.toString();
          });
          child.on('exit', () => resolve(out.trim()));
        }),
    );
    const outcomes = await Promise.all(racers);
    expect(outcomes.filter((outcome) => outcome === 'won')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === 'refused')).toHaveLength(3);
  }, 30_000);

  it('keeps the seed away from a database the server has open', async () => {
    const dataDir = fresh();
    const database = await openDatabase({ dataDir });
    try {
      const seed = spawnSync(
        process.execPath,
        ['--import', 'tsx', 'server/src/seed/seed.ts', '--patients', '1'],
        {
          cwd: root,
          env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
          encoding: 'utf8',
        },
      );
      expect(seed.status).not.toBe(0);
      expect(seed.stderr).toContain(
        `${path.join(dataDir, 'pglite')} is open in another process (pid ${process.pid}`,
      );
    } finally {
      await database.close();
    }
    const again = await openDatabase({ dataDir });
    await again.close();
  }, 120_000);
});
