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
});
