import { randomBytes } from 'node:crypto';
import { existsSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  type Api,
  api,
  createPostgresDatabase,
  postgresUrl,
  runProgram,
  runScript,
  type ServerProcess,
  startServer,
  stop,
  tempDir,
} from './harness.ts';

const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]),
  randomBytes(20_000),
  Buffer.from([0xff, 0xd9]),
]);

async function run(script: ReturnType<typeof runScript>) {
  const code = await script.exited;
  return { code, output: script.output() };
}

/** What a user would see of the registry: the number of patients, and a file's bytes. */
async function snapshotOf(client: Api, token: string, fileId: string) {
  const list = await client.get('/api/patients/list?size=1', token);
  expect(list.status).toBe(200);
  const file = await client.get(`/api/files/download/${fileId}`, token);
  expect(file.status).toBe(200);
  return {
    total: ((await list.json()) as { total: number }).total,
    file: Buffer.from(await file.arrayBuffer()),
  };
}

async function uploadFile(client: Api, url: string, token: string): Promise<string> {
  const list = await client.get('/api/patients/list?size=1', token);
  const patientId = ((await list.json()) as { data: { id: string }[] }).data[0]?.id ?? '';
  const form = new FormData();
  form.append('patientId', patientId);
  form.append('file', new Blob([JPEG], { type: 'image/jpeg' }), 'médula.jpg');
  const res = await fetch(`${url}/api/files`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { data: { id: string } }).data.id;
}

const engines = [
  { name: 'the embedded database (PGlite)', postgres: false },
  ...(postgresUrl ? [{ name: 'PostgreSQL', postgres: true }] : []),
];

describe.each(engines)('npm run backup and restore on $name', ({ postgres }) => {
  const cleanups: (() => Promise<void> | void)[] = [];
  let server: ServerProcess | undefined;
  afterAll(async () => {
    if (server) {
      await stop(server, 'SIGKILL');
    }
    for (const cleanup of cleanups.reverse()) {
      await cleanup();
    }
  });

  it('backs up the running server, and the restored database serves the same registry', async () => {
    const folder = tempDir('backups');
    cleanups.push(() => rmSync(folder, { recursive: true, force: true }));
    const source: Record<string, string> = { DATA_DIR: path.join(folder, 'data') };
    const target: Record<string, string> = { DATA_DIR: path.join(folder, 'restored') };
    if (postgres) {
      for (const env of [source, target]) {
        const database = await createPostgresDatabase();
        cleanups.push(database.drop);
        env.DATABASE_URL = database.url;
      }
    }
    expect((await run(runProgram('seed', ['--patients', '200', '--seed', '9'], source))).code).toBe(0);
    server = await startServer(source);
    let client = api(server.url);
    let token = await client.signIn(ADMIN.email, ADMIN.password);
    const fileId = await uploadFile(client, server.url, token);
    const before = await snapshotOf(client, token, fileId);

    if (!postgres) {
      // A second process on the embedded database is refused at once, naming the folder and the server.
      const seed = await run(runProgram('seed', ['--patients', '10'], source));
      expect(seed.code).toBe(1);
      expect(seed.output).toContain(path.join(folder, 'data', 'pglite'));
      expect(seed.output).toContain(`pid ${server.child.pid}`);
      expect((await client.get('/api/health')).status).toBe(200);
    }

    // While the server runs (on PGlite it takes the backup itself).
    const file = path.join(folder, 'registry.backup.gz');
    const backup = await run(runScript('backup', ['--out', file], source));
    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toMatch(/written to .* and checked: \d+ tables, \d+ rows/);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(existsSync(`${file}.partial`)).toBe(false);
    expect((await client.get('/api/health')).status).toBe(200);
    expect(await stop(server)).toBe(0);
    server = undefined;

    const check = await run(runScript('restore', ['--check', file], {}));
    expect(check.code, check.output).toBe(0);
    expect(check.output).toMatch(/is a whole backup/);
    expect(check.output).toMatch(/patients\s+200 rows/);

    const restore = await run(runScript('restore', [file], target));
    expect(restore.code, restore.output).toBe(0);
    expect(restore.output).toMatch(/Restored the backup taken at .*: \d+ rows in \d+ tables/);
    // Not twice into the same database.
    const again = await run(runScript('restore', [file], target));
    expect(again.code).toBe(1);
    expect(again.output).toMatch(/not empty/);

    server = await startServer(target);
    client = api(server.url);
    token = await client.signIn(ADMIN.email, ADMIN.password);
    const after = await snapshotOf(client, token, fileId);
    expect(after.total).toBe(before.total);
    expect(after.file.equals(JPEG)).toBe(true);
    expect(await stop(server)).toBe(0);
    server = undefined;
  }, 180_000);
});
