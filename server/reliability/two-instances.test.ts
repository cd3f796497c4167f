import { rmSync } from 'node:fs';
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

describe.runIf(postgresUrl)('two servers on one PostgreSQL', () => {
  const servers: ServerProcess[] = [];
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const server of servers) {
      await stop(server, 'SIGKILL');
    }
    for (const cleanup of cleanups.reverse()) {
      await cleanup();
    }
  });

  it('start together on a new database, and then serve as one', async () => {
    const database = await createPostgresDatabase();
    cleanups.push(database.drop);
    const dataDir = tempDir('two');
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    // Both at once on a new database: they take turns to migrate and to create the first admin.
    const env = { DATABASE_URL: database.url, DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
    servers.push(...(await Promise.all([startServer(env), startServer(env)])));
    const seed = runProgram('seed', ['--patients', '300', '--seed', '5'], { DATABASE_URL: database.url });
    expect(await seed.exited, seed.output()).toBe(0);
    const [a, b] = servers.map((server) => api(server.url)) as [
      ReturnType<typeof api>,
      ReturnType<typeof api>,
    ];

    // Sessions: signed in on one, known to the other; signed out on the other, gone on the first.
    const token = await a.signIn(ADMIN.email, ADMIN.password);
    expect((await b.get('/api/users/me', token)).status).toBe(200);
    expect((await b.send('POST', '/api/users/logout', {}, token)).status).toBeLessThan(300);
    expect((await a.get('/api/users/me', token)).status).toBe(401);

    // Lockout: five wrong passwords for one email, spread over both, lock it on both.
    const admin = await a.signIn(ADMIN.email, ADMIN.password);
    const email = 'locked.out@reliability.example.org';
    const created = await a.send(
      'POST',
      '/api/users',
      { email, nickname: 'locked', password: 'Right-pass-123' },
      admin,
    );
    expect(created.status, await created.clone().text()).toBe(201);
    const attempts: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await (i % 2 === 0 ? a : b).send('POST', '/api/users/login', {
        email,
        password: `Wrong-pass-${i}`,
      });
      attempts.push(res.status);
    }
    expect(attempts).toEqual([401, 401, 401, 401, 401, 429]);
    for (const server of [a, b]) {
      const res = await server.send('POST', '/api/users/login', { email, password: 'Right-pass-123' });
      expect(res.status).toBe(429);
      expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    }

    // Per-address rate limit: the 20 reset requests of 15 minutes are counted across both servers.
    const resets: number[] = [];
    for (let i = 0; i < 21; i++) {
      const res = await (i % 2 === 0 ? a : b).send('POST', '/api/users/password/reset', {
        email: `nobody${i}@example.org`,
      });
      resets.push(res.status);
    }
    expect(resets.slice(0, 20).every((status) => status < 300)).toBe(true);
    expect(resets[20]).toBe(429);

    // Exports: the same cohort, whole, from either server at the same time.
    const [csvA, csvB] = await Promise.all(
      [a, b].map(async (server) => {
        const res = await server.get('/api/patients/csv', admin);
        expect(res.status).toBe(200);
        return res.text();
      }),
    );
    expect(csvA).toBe(csvB);
    expect(csvA?.trim().split('\n').length).toBeGreaterThan(300);
  }, 180_000);
});
