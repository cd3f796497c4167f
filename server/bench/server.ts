import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
// @ts-expect-error: the build script is plain JavaScript without types.
import { build } from '../../scripts/build.mjs';

/** The password of every user a benchmark makes. */
export const PASSWORD = 'Bench-pass1!';
const root = path.resolve(import.meta.dirname, '../..');

/** Where the measured database lives: a database on the PostgreSQL server, or a PGlite folder. */
export type Target = { engine: 'postgres'; url: string } | { engine: 'pglite'; dataDir: string };

/**
 * A new database to measure: `<prefix>_<time>` on the PostgreSQL server of DATABASE_URL when it is set,
 * else a new PGlite folder in the temporary directory.
 */
export async function freshTarget(prefix: string): Promise<Target> {
  if (!process.env.DATABASE_URL) {
    return {
      engine: 'pglite',
      dataDir: mkdtempSync(path.join(os.tmpdir(), `${prefix.replaceAll('_', '-')}-`)),
    };
  }
  const name = `${prefix}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  return { engine: 'postgres', url: url.toString() };
}

export interface RunningServer {
  readonly base: string;
  readonly pid: number;
  stop(): Promise<void>;
}

/**
 * Starts the real server on the target as it runs in production: the built bundle (built first if
 * missing or out of date), with the heap `npm start` gives it (docs/operations.md). `profile` names a
 * folder for a CPU profile written when it stops.
 */
export async function startServer(target: Target, profile?: string): Promise<RunningServer> {
  const port = 3900 + Math.floor(Math.random() * 90);
  await build({ parts: ['server'], quiet: true });
  const flags = profile ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profile)}`] : [];
  const child = spawn(process.execPath, ['--max-old-space-size=1024', ...flags, 'server/dist/main.js'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...(target.engine === 'postgres'
        ? { DATABASE_URL: target.url }
        : { DATABASE_URL: '', DATA_DIR: target.dataDir }),
      ADMIN_EMAIL: 'unused-bootstrap@example.org',
      ADMIN_PASSWORD: PASSWORD,
    },
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) {
      return {
        base,
        pid: child.pid ?? 0,
        stop: () =>
          new Promise((resolve) => {
            child.once('exit', () => resolve());
            child.kill('SIGTERM');
          }),
      };
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the server did not start');
}

/** Signs a benchmark user in; answers the access token. */
export async function signIn(base: string, email: string): Promise<string> {
  const res = await fetch(`${base}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  return ((await res.json()) as { data: { response: { token: { accessToken: string } } } }).data.response
    .token.accessToken;
}
