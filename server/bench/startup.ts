/**
 * `npm run bench:startup -- [--runs N]`
 *
 * How long the built server takes from `node scripts/launch.mjs main` (what `npm start` runs) to its
 * first answer on /api/health, on an embedded database that already exists — the everyday restart — and,
 * when DATABASE_URL is set, on PostgreSQL. Builds first if needed, then measures N starts of each and
 * prints the median and the spread, with the machine's load.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
// @ts-expect-error: the build script is plain JavaScript without types.
import { build } from '../../scripts/build.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const { values } = parseArgs({ options: { runs: { type: 'string', default: '10' } } });
const runs = Number(values.runs);

async function once(env: Record<string, string>, port: number): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, ['scripts/launch.mjs', 'main'], {
    cwd: root,
    stdio: 'ignore',
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: 'startup@example.org',
      ADMIN_PASSWORD: 'Startup-pass-1',
      ...env,
    },
  });
  for (;;) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) {
      break;
    }
    if (child.exitCode !== null) {
      throw new Error('the server stopped before it was ready');
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const ms = performance.now() - started;
  await new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
  return ms;
}

const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

async function measure(name: string, env: Record<string, string>): Promise<void> {
  await once(env, 3990); // Creates and migrates the database: not an everyday start.
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    times.push(await once(env, 3990));
  }
  process.stdout.write(
    `${name.padEnd(12)} ready in ${median(times).toFixed(0)} ms (median of ${runs}; ` +
      `min ${Math.min(...times).toFixed(0)}, max ${Math.max(...times).toFixed(0)})\n`,
  );
}

await build({ parts: ['server', 'web'] });
process.stdout.write(
  `load average before: ${os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}, ${os.cpus().length} cores\n`,
);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'registry-startup-'));
try {
  await measure('PGlite', { DATA_DIR: dataDir });
  if (process.env.DATABASE_URL) {
    await measure('PostgreSQL', { DATABASE_URL: process.env.DATABASE_URL, DATA_DIR: dataDir });
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
