import { chmodSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN, api, runProgram, type ServerProcess, startServer, stop, tempDir } from './harness.ts';

/** Every file and folder under a folder, with its permission bits. */
function walk(folder: string): { file: string; mode: number }[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(entry.parentPath, entry.name);
    const mode = statSync(file).mode & 0o777;
    return entry.isDirectory() ? [{ file, mode }, ...walk(file)] : [{ file, mode }];
  });
}

describe('the data folder is the server’s user’s alone', () => {
  let server: ServerProcess | undefined;
  const umask = process.umask();
  afterAll(async () => {
    process.umask(umask);
    if (server) {
      await stop(server, 'SIGKILL');
    }
  });

  it('holds the embedded database and the outbox readable by the owner only, whatever the umask', async () => {
    // The server inherits a permissive umask from whoever starts it.
    process.umask(0o000);
    const dataDir = tempDir('private');
    chmodSync(dataDir, 0o700);
    // A generous time to start: the machine may be busy with other work.
    server = await startServer({ DATA_DIR: dataDir, LOG_LEVEL: 'warn' }, 150_000);
    process.umask(umask);
    const client = api(server.url);
    await client.signIn(ADMIN.email, ADMIN.password);
    expect((await client.send('POST', '/api/users/password/reset', { email: ADMIN.email })).status).toBe(200);
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline && !walk(dataDir).some((entry) => entry.file.endsWith('.eml'))) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await stop(server)).toBe(0);
    server = undefined;

    const entries = walk(dataDir);
    expect(entries.some((entry) => entry.file.endsWith('.eml'))).toBe(true);
    expect(
      entries.filter((entry) => entry.file.includes(`${path.sep}pglite${path.sep}`)).length,
    ).toBeGreaterThan(10);
    const open = entries.filter((entry) => (entry.mode & 0o077) !== 0);
    expect(open.map((entry) => `${entry.file} ${entry.mode.toString(8)}`)).toEqual([]);
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
  }, 240_000);

  it('refuses to start on a folder others may write into, and says why', async () => {
    const dataDir = tempDir('open');
    chmodSync(dataDir, 0o777);
    const program = runProgram('main', [], {
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    });
    expect(await program.exited).toBe(1);
    expect(program.output()).toContain(`The data folder ${dataDir} may be written by other users (mode 777)`);
    expect(readdirSync(dataDir)).toEqual([]);
  }, 180_000);
});
