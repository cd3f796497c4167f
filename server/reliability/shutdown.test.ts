import { rmSync } from 'node:fs';
import { request } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  api,
  createPostgresDatabase,
  postgresUrl,
  runProgram,
  type ServerProcess,
  startServer,
  stop,
  tempDir,
} from './harness.ts';

/**
 * A write whose body is still arriving: sent in two halves, the second when `release` resolves. The
 * server has it in flight from the first byte, and needs the database only after the second half.
 */
function slowWrite(url: string, token: string, body: unknown, release: Promise<void>) {
  const text = JSON.stringify(body);
  const half = Math.floor(text.length / 2);
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(
      `${url}/api/institutions`,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(text),
        },
      },
      (res) => {
        let answer = '';
        res.on('data', (chunk: Buffer) => {
          answer += chunk.toString();
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: answer }));
      },
    );
    req.on('error', reject);
    req.write(text.slice(0, half));
    void release.then(() => req.end(text.slice(half)));
  });
}

const engines = [
  { name: 'the embedded database (PGlite)', postgres: false },
  ...(postgresUrl ? [{ name: 'PostgreSQL', postgres: true }] : []),
];

const PATIENTS = 4500;

async function waitFor(condition: () => boolean, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) {
      throw new Error('timed out');
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe.each(engines)('SIGTERM under load on $name', ({ postgres }) => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) {
      await cleanup();
    }
  });

  it('lets the requests in flight finish, refuses new ones, closes the database last and exits 0', async () => {
    const dataDir = tempDir('shutdown');
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    // Three exports of one admin at once: more than EXPORTS_MAX_PER_USER allows by default.
    const env: Record<string, string> = { DATA_DIR: dataDir, EXPORTS_MAX_PER_USER: '3' };
    if (postgres) {
      const database = await createPostgresDatabase();
      cleanups.push(database.drop);
      env.DATABASE_URL = database.url;
    }
    const seed = runProgram('seed', ['--patients', String(PATIENTS), '--seed', '11'], env);
    expect(await seed.exited, seed.output()).toBe(0);

    const server: ServerProcess = await startServer(env);
    cleanups.push(() => void stop(server, 'SIGKILL'));
    const client = api(server.url);
    const token = await client.signIn(ADMIN.email, ADMIN.password);

    // Whole exports and pages of the list, all in flight when the signal comes.
    const exports = Array.from({ length: 3 }, () =>
      client
        .get('/api/patients/json', token)
        .then(async (res) => ({ status: res.status, body: await res.text() })),
    );
    const pages = Array.from({ length: 16 }, (_, page) =>
      client
        .get(`/api/patients/list?size=100&page=${page}`, token)
        .then(async (res) => ({ status: res.status, body: await res.text() })),
    );
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const writes = ['SLOW-1', 'SLOW-2'].map((code) =>
      slowWrite(server.url, token, { name: `Hospital ${code}`, type: 'Hospital', code }, released),
    );
    // In flight: the server has read the start of every one of them.
    const started = () =>
      server
        .output()
        .match(/"url":"\/api\/(patients\/json|patients\/list[^"]*|institutions)"[^\n]*"incoming request"/g)
        ?.length ?? 0;
    await waitFor(() => started() === exports.length + pages.length + writes.length);
    server.child.kill('SIGTERM');
    // The signal is heard once the event loop is free (on PGlite, between two statements).
    await waitFor(() => server.output().includes('SIGTERM received'));
    // The writes' bodies end only now: they need the database after the signal.
    release();
    // A new request is refused: the port is closed, or a kept-alive connection is told 503.
    const late = await client.get('/api/health').then(
      (res) => res.status,
      () => 'refused',
    );
    expect([503, 'refused']).toContain(late);

    for (const done of await Promise.all(writes)) {
      expect(done.status, done.body.slice(0, 300)).toBe(201);
    }
    for (const done of await Promise.all(exports)) {
      expect(done.status, done.body.slice(0, 300)).toBe(200);
      expect((JSON.parse(done.body) as { data: unknown[] }).data).toHaveLength(PATIENTS);
    }
    for (const done of await Promise.all(pages)) {
      expect(done.status, done.body.slice(0, 300)).toBe(200);
      expect((JSON.parse(done.body) as { data: unknown[] }).data).toHaveLength(100);
    }
    expect(await server.exited, server.output()).toBe(0);
    expect(server.output()).not.toMatch(/Cannot use a pool|"level":50/);
  }, 180_000);
});

describe('SIGTERM with a request that never finishes', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) {
      await cleanup();
    }
  });

  it('ends what is still in flight after SHUTDOWN_TIMEOUT_MS, says so, and exits 0', async () => {
    const dataDir = tempDir('drain');
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    // A generous time to start: the machine may be busy with other work.
    const server = await startServer({ DATA_DIR: dataDir, SHUTDOWN_TIMEOUT_MS: '1500' }, 150_000);
    cleanups.push(() => void stop(server, 'SIGKILL'));
    const token = await api(server.url).signIn(ADMIN.email, ADMIN.password);
    // A write whose second half never comes (within REQUEST_TIMEOUT_MS, 60 s).
    const never = slowWrite(
      server.url,
      token,
      { name: 'Hospital NEVER', type: 'Hospital', code: 'NEVER' },
      new Promise(() => undefined),
    ).then(
      (done) => `answered ${done.status}`,
      () => 'cut',
    );
    await waitFor(() => /"url":"\/api\/institutions"[^\n]*"incoming request"/.test(server.output()));
    const signalled = Date.now();
    server.child.kill('SIGTERM');
    expect(await server.exited, server.output()).toBe(0);
    const took = Date.now() - signalled;
    expect(took).toBeGreaterThanOrEqual(1400);
    expect(took).toBeLessThan(10_000);
    expect(await never).toBe('cut');
    expect(server.output()).toMatch(
      /SIGTERM: requests still in flight after 1500 ms are ended now \(\d+ open connections\)/,
    );
  }, 240_000);
});
