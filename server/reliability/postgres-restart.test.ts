import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN, api, type ServerProcess, startServer, stop, tempDir } from './harness.ts';
import { type PrivatePostgres, postgresBin, startPrivatePostgres } from './private-postgres.ts';

const bin = postgresBin();

interface Answer {
  at: number;
  status: number;
  body: { code?: string; statusCode?: number; message?: string; requestId?: string } | null;
}

describe.runIf(bin)('PostgreSQL restarted under load', () => {
  let database: PrivatePostgres | undefined;
  let server: ServerProcess | undefined;
  afterAll(async () => {
    if (server) {
      await stop(server, 'SIGKILL');
    }
    database?.remove();
  });

  it('answers 503 with the error body while the database is away, and recovers by itself', async () => {
    database = await startPrivatePostgres(bin ?? '');
    server = await startServer({
      DATABASE_URL: database.url,
      DATA_DIR: tempDir('restart'),
      LOG_LEVEL: 'warn',
    });
    const client = api(server.url);
    const token = await client.signIn(ADMIN.email, ADMIN.password);

    const answers: Answer[] = [];
    let running = true;
    const worker = async (path: string) => {
      while (running) {
        const res = await client.get(path, token);
        const text = await res.text();
        let body: Answer['body'] = null;
        try {
          body = JSON.parse(text) as Answer['body'];
        } catch {
          body = null;
        }
        answers.push({ at: Date.now(), status: res.status, body });
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    const load = [
      '/api/patients/list?size=25',
      '/api/users/me',
      '/api/institutions/list',
      '/api/patients/list?size=25&relapse=true',
    ].map(worker);

    await new Promise((resolve) => setTimeout(resolve, 1000));
    const down = Date.now();
    database.stop();
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const health = await client.get('/api/health');
    const ready = await client.get('/api/ready');
    database.start();
    const up = Date.now();
    // Recovered when every kind of request has succeeded again after the restart.
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline && answers.filter((a) => a.at > up && a.status === 200).length < 8) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    running = false;
    await Promise.all(load);

    expect(health.status).toBe(503);
    expect(ready.status).toBe(503);
    expect(server.child.exitCode).toBeNull();
    const statuses = new Set(answers.map((a) => a.status));
    expect([...statuses].sort()).toEqual([200, 503]);
    const away = answers.filter((a) => a.at > down + 500 && a.at < up);
    expect(away.length).toBeGreaterThan(10);
    for (const answer of away) {
      expect(answer.status).toBe(503);
      expect(answer.body).toMatchObject({
        statusCode: 503,
        code: 'UNAVAILABLE',
        message: expect.any(String),
        requestId: expect.any(String),
      });
    }
    expect(answers.filter((a) => a.at > up && a.status === 200).length).toBeGreaterThanOrEqual(8);
    expect((await client.get('/api/ready')).status).toBe(200);
  }, 120_000);

  it('survives restarts that cut connections in the middle of transactions and exports', async () => {
    database ??= await startPrivatePostgres(bin ?? '');
    if (server) {
      await stop(server, 'SIGKILL');
    }
    // A generous time to start: the machine may be busy with other work.
    server = await startServer(
      {
        DATABASE_URL: database.url,
        DATA_DIR: tempDir('restarts'),
        LOG_LEVEL: 'warn',
      },
      150_000,
    );
    const client = api(server.url);
    const token = await client.signIn(ADMIN.email, ADMIN.password);

    // Every kind of request that holds a connection across several statements: writes in a
    // transaction with their audit event, exports over a snapshot, sign-ins; and plain reads. No pause
    // between requests, so that connections are checked out when PostgreSQL cuts them.
    const answers: { request: string; status: number; requestId?: string }[] = [];
    let running = true;
    let next = 0;
    const worker = (request: string, send: () => Promise<Response>) => async () => {
      while (running) {
        try {
          const res = await send();
          const body = Buffer.from(await res.arrayBuffer());
          let requestId: string | undefined;
          if (res.status >= 500 && res.headers.get('content-type')?.startsWith('application/json')) {
            requestId = (JSON.parse(body.toString()) as { requestId?: string }).requestId;
          }
          answers.push({ request, status: res.status, requestId });
        } catch (error) {
          // Refused: the server is gone. An export cut mid-stream (its connection to PostgreSQL broke
          // after the first rows were sent) ends the response early instead, which is allowed.
          const code = (error as { cause?: { code?: string } }).cause?.code;
          answers.push({ request, status: code === 'ECONNREFUSED' ? -1 : -2 });
        }
      }
    };
    const load = [
      ...Array.from({ length: 4 }, () =>
        worker('POST /api/institutions', () => {
          const code = `RESTART-${next++}`;
          return client.send(
            'POST',
            '/api/institutions',
            { name: `Hospital ${code}`, type: 'Hospital', code },
            token,
          );
        }),
      ),
      worker('GET /api/patients/csv', () => client.get('/api/patients/csv', token)),
      worker('GET /api/patients/xls', () => client.get('/api/patients/xls', token)),
      worker('GET /api/patients/list', () => client.get('/api/patients/list?size=25', token)),
      worker('GET /api/institutions/list', () => client.get('/api/institutions/list?size=50', token)),
    ].map((run) => run());

    const cycles = 5;
    for (let cycle = 0; cycle < cycles; cycle++) {
      await new Promise((resolve) => setTimeout(resolve, 700));
      database.restart();
      // Serving again before the next cut: an authenticated read succeeds.
      const deadline = Date.now() + 20_000;
      while (
        Date.now() < deadline &&
        (await client.get('/api/users/me', token).catch(() => null))?.status !== 200
      ) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(server.child.exitCode, `the server died in cycle ${cycle + 1}:\n${server.output()}`).toBeNull();
    }
    running = false;
    await Promise.all(load);

    expect(server.child.exitCode, server.output()).toBeNull();
    expect(server.child.signalCode).toBeNull();
    const statuses = answers.map((answer) => answer.status);
    expect(statuses).not.toContain(-1);
    // Only successes and 503s: a cut connection is never a 500. A failure names each request that
    // answered otherwise, with what the server logged of it (the error's class and code).
    const unexpected = answers.filter((answer) => ![200, 201, 503, -2].includes(answer.status));
    const logged = server
      .output()
      .split('\n')
      .filter((line) => unexpected.some((answer) => answer.requestId && line.includes(answer.requestId)));
    expect(unexpected, logged.join('\n')).toEqual([]);
    expect(statuses.filter((status) => status === 201).length).toBeGreaterThan(20);
    expect((await client.get('/api/ready')).status).toBe(200);
    expect(server.output()).not.toMatch(/Unhandled 'error' event|uncaught/i);
  }, 300_000);
});
