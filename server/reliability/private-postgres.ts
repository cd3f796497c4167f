/**
 * A PostgreSQL server of the test's own, in a temporary folder on its own port, which the test may stop
 * and start (the shared server of TEST_DATABASE_URL must stay up for everyone else).
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { freePort, tempDir } from './harness.ts';

/** The folder of PostgreSQL's server programs (initdb, pg_ctl), if this machine has them. */
export function postgresBin(): string | null {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) {
    return null;
  }
  const versions = readdirSync(base).sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const bin = path.join(base, version, 'bin');
    if (existsSync(path.join(bin, 'initdb')) && existsSync(path.join(bin, 'pg_ctl'))) {
      return bin;
    }
  }
  return null;
}

export interface PrivatePostgres {
  readonly url: string;
  stop(): void;
  start(): void;
  /** `pg_ctl restart -m fast`: every connection is cut at once, and the server is back at once. */
  restart(): void;
  remove(): void;
}

/** PostgreSQL refuses to run as root: as root, its programs run as the postgres user. */
function runner(bin: string) {
  const asRoot = process.getuid?.() === 0;
  return (program: string, args: string[]) =>
    execFileSync(
      asRoot ? 'runuser' : path.join(bin, program),
      asRoot ? ['-u', 'postgres', '--', path.join(bin, program), ...args] : args,
      {
        stdio: 'pipe',
      },
    );
}

export async function startPrivatePostgres(bin: string): Promise<PrivatePostgres> {
  const folder = tempDir('postgres');
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(folder, uid, gid);
  }
  const data = path.join(folder, 'data');
  const port = await freePort();
  const run = runner(bin);
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const options = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const self: PrivatePostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/registry`,
    start: () => run('pg_ctl', ['-D', data, '-o', options, '-l', path.join(folder, 'log'), '-w', 'start']),
    stop: () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']),
    restart: () =>
      run('pg_ctl', [
        '-D',
        data,
        '-o',
        options,
        '-l',
        path.join(folder, 'log'),
        '-m',
        'fast',
        '-w',
        'restart',
      ]),
    remove() {
      try {
        self.stop();
      } catch {
        // Already stopped.
      }
      rmSync(folder, { recursive: true, force: true });
    },
  };
  self.start();
  const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
  await admin.connect();
  await admin.query('create database registry');
  await admin.end();
  return self;
}
