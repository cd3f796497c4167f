import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN, api, freePort, root, tempDir } from './harness.ts';

/** The servers started and not yet exited: a journey that fails before stopping its own leaves none behind. */
const running = new Set<{ kill: (signal: NodeJS.Signals) => boolean }>();

/** Starts `npm start`'s program in a folder and waits for /api/health; answers how long that took. */
async function startIn(folder: string, env: Record<string, string>) {
  const port = await freePort();
  const started = Date.now();
  const { spawn } = await import('node:child_process');
  const child = spawn(process.execPath, ['scripts/launch.mjs', 'main'], {
    cwd: folder,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`stopped before it was ready:\n${output}`);
    }
    if (Date.now() - started > 120_000) {
      child.kill('SIGKILL');
      throw new Error(`not ready:\n${output}`);
    }
    const ok = await fetch(`${url}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) {
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  const readyMs = Date.now() - started;
  const stop = () =>
    new Promise<number | null>((resolve) => {
      child.once('exit', (code) => resolve(code));
      child.kill('SIGTERM');
    });
  return { url, readyMs, output: () => output, stop };
}

describe('the production build', () => {
  const cleanups: (() => void)[] = [];
  afterAll(() => {
    for (const child of running) {
      child.kill('SIGKILL');
    }
    for (const cleanup of cleanups) {
      cleanup();
    }
  });

  it('is built once; later starts run it without building anything', async () => {
    const build = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: root, encoding: 'utf8' });
    expect(build.status, build.stderr).toBe(0);
    expect(build.stdout).toContain('up to date');
    const dataDir = tempDir('production');
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    for (let i = 0; i < 2; i++) {
      const server = await startIn(root, { DATA_DIR: dataDir });
      expect(server.output()).not.toMatch(/built (server|web)/);
      const page = await fetch(`${server.url}/`);
      expect(page.headers.get('content-type')).toContain('text/html');
      expect(await server.stop()).toBe(0);
    }
  });

  it('runs after `npm ci --omit=dev`, with no development tool installed', async () => {
    const folder = tempDir('omit-dev');
    cleanups.push(() => rmSync(folder, { recursive: true, force: true }));
    // The project's files as a clean checkout has them, and the build made elsewhere.
    const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], {
      cwd: root,
      encoding: 'utf8',
    })
      .split('\n')
      .filter((file) => file && existsSync(path.join(root, file)));
    for (const file of files) {
      mkdirSync(path.dirname(path.join(folder, file)), { recursive: true });
      cpSync(path.join(root, file), path.join(folder, file));
    }
    for (const built of ['server/dist', 'web/dist']) {
      cpSync(path.join(root, built), path.join(folder, built), { recursive: true });
    }
    const install = spawnSync('npm', ['ci', '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund'], {
      cwd: folder,
      encoding: 'utf8',
    });
    expect(install.status, install.stderr).toBe(0);
    for (const tool of ['tsx', 'vite', 'esbuild', 'vitest', 'drizzle-kit']) {
      expect(existsSync(path.join(folder, 'node_modules', tool)), tool).toBe(false);
    }
    const server = await startIn(folder, { DATA_DIR: path.join(folder, 'data') });
    const client = api(server.url);
    const token = await client.signIn(ADMIN.email, ADMIN.password);
    expect((await client.get('/api/users/me', token)).status).toBe(200);
    expect((await fetch(`${server.url}/patients`)).headers.get('content-type')).toContain('text/html');
    expect(await server.stop()).toBe(0);
  }, 300_000);
});
