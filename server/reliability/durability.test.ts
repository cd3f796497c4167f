import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  api,
  createPostgresDatabase,
  postgresUrl,
  type ServerProcess,
  startServer,
  stop,
  tempDir,
} from './harness.ts';

/** Every row of a paged list, read page by page through the API. */
async function everyRow<Row>(url: string, token: string, list: string): Promise<Row[]> {
  const rows: Row[] = [];
  for (let page = 0; ; page += 1) {
    const res = await api(url).get(`${list}${list.includes('?') ? '&' : '?'}size=1000&page=${page}`, token);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: Row[] };
    rows.push(...body.data);
    if (body.data.length < 1000) {
      return rows;
    }
  }
}

/**
 * Writes from several clients at once until the server dies under them; answers the codes of the
 * institutions whose creation was acknowledged (201).
 */
async function writeUntilKilled(server: ServerProcess, token: string, killAfterMs: number) {
  const acknowledged: string[] = [];
  let next = 0;
  const writer = async () => {
    for (;;) {
      const code = `KILL-${next++}`;
      try {
        const res = await api(server.url).send(
          'POST',
          '/api/institutions',
          { name: `Hospital ${code}`, type: 'Hospital', code },
          token,
        );
        if (res.status === 201) {
          acknowledged.push(code);
        }
      } catch {
        return; // The server is gone.
      }
    }
  };
  const writers = Array.from({ length: 4 }, writer);
  await new Promise((resolve) => setTimeout(resolve, killAfterMs));
  server.child.kill('SIGKILL');
  await server.exited;
  await Promise.all(writers);
  return acknowledged;
}

const engines = [
  { name: 'the embedded database (PGlite)', postgres: false },
  ...(postgresUrl ? [{ name: 'PostgreSQL', postgres: true }] : []),
];

describe.each(engines)('kill -9 on $name', ({ postgres }) => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) {
      await cleanup();
    }
  });

  it('loses no acknowledged write, and the database opens consistent', async () => {
    const dataDir = tempDir('durability');
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const env: Record<string, string> = { DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
    if (postgres) {
      const database = await createPostgresDatabase();
      cleanups.push(database.drop);
      env.DATABASE_URL = database.url;
    }
    let server = await startServer(env);
    cleanups.push(() => void stop(server, 'SIGKILL'));
    const token = await api(server.url).signIn(ADMIN.email, ADMIN.password);
    // A random moment, so that over many runs the kill lands everywhere in a write.
    const killAfterMs = 400 + Math.floor(Math.random() * 1200);
    const acknowledged = await writeUntilKilled(server, token, killAfterMs);
    expect(acknowledged.length, `writes acknowledged in ${killAfterMs} ms`).toBeGreaterThan(5);

    // The same data again: on PGlite the killed server's lock is stale and taken over.
    server = await startServer(env);
    expect((await api(server.url).get('/api/ready')).status).toBe(200);
    const again = await api(server.url).signIn(ADMIN.email, ADMIN.password);
    const institutions = await everyRow<{ id: string; code: string }>(
      server.url,
      again,
      '/api/institutions/list',
    );
    const present = new Set(institutions.map((row) => row.code));
    expect(acknowledged.filter((code) => !present.has(code))).toEqual([]);
    expect(present.size).toBe(institutions.length);
    // Each institution was written whole with its audit event, in one transaction: neither without the other.
    const events = await everyRow<{ entityId: string }>(
      server.url,
      again,
      '/api/audit?action=institution.create',
    );
    const written = institutions.map((row) => row.id).sort();
    expect(events.map((event) => event.entityId).sort()).toEqual(written);
    // And the database takes writes again.
    const res = await api(server.url).send(
      'POST',
      '/api/institutions',
      { name: 'After the crash', type: 'Hospital', code: 'AFTER' },
      again,
    );
    expect(res.status).toBe(201);
    expect(await stop(server)).toBe(0);
  }, 180_000);
});
