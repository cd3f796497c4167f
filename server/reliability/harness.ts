/**
 * Starts the built server as its own process, as an operator would (node server/dist/main.js), and
 * talks to it over HTTP: the reliability tests kill, restart and stop it for real.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const ADMIN = { email: 'admin@reliability.example.org', password: 'Reliable-pass-1' };

/** A port nobody listens on now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export const tempDir = (prefix: string) => mkdtempSync(path.join(tmpdir(), `registry-${prefix}-`));

export interface ServerProcess {
  readonly url: string;
  readonly child: ChildProcess;
  /** Everything the process wrote, standard output and error. */
  output(): string;
  /** Resolves with the exit code (or the signal's name) when the process ends. */
  readonly exited: Promise<number | string>;
}

/** Runs one of the built programs (server/dist/<name>.js) with the given environment. */
export function runProgram(
  name: string,
  args: string[],
  env: Record<string, string>,
): { child: ChildProcess; output: () => string; exited: Promise<number | string> } {
  const child = spawn(
    process.execPath,
    ['--enable-source-maps', path.join(root, 'server', 'dist', `${name}.js`), ...args],
    {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'info', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<number | string>((resolve) => {
    child.once('exit', (code, signal) => resolve(code ?? signal ?? -1));
  });
  return { child, output: () => output, exited };
}

/** Runs an operator's script as the README says (`npm run <name>`): through the launcher, which builds what is missing. */
export function runScript(
  name: string,
  args: string[],
  env: Record<string, string>,
): { child: ChildProcess; output: () => string; exited: Promise<number | string> } {
  const child = spawn(process.execPath, [path.join(root, 'scripts', 'launch.mjs'), name, ...args], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  for (const stream of [child.stdout, child.stderr]) {
    stream?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
  }
  const exited = new Promise<number | string>((resolve) => {
    child.once('exit', (code, signal) => resolve(code ?? signal ?? -1));
  });
  return { child, output: () => output, exited };
}

/** Starts the built server and waits until it answers /api/health. */
export async function startServer(env: Record<string, string>, timeoutMs = 60_000): Promise<ServerProcess> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const program = runProgram('main', [], {
    HOST: '127.0.0.1',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    ...env,
    PORT: String(port),
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  let gone: number | string | undefined;
  void program.exited.then((code) => {
    gone = code;
  });
  for (;;) {
    if (gone !== undefined) {
      throw new Error(`the server stopped (${gone}) before it was ready:\n${program.output()}`);
    }
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) {
        break;
      }
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      program.child.kill('SIGKILL');
      throw new Error(`the server was not ready in ${timeoutMs} ms:\n${program.output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { url, ...program };
}

/** Stops a server with a signal and answers how it ended. */
export async function stop(
  server: ServerProcess,
  signal: NodeJS.Signals = 'SIGTERM',
): Promise<number | string> {
  if (server.child.exitCode === null && server.child.signalCode === null) {
    server.child.kill(signal);
  }
  return server.exited;
}

export interface Api {
  get(path: string, token?: string): Promise<Response>;
  send(
    method: string,
    path: string,
    body: unknown,
    token?: string,
    headers?: Record<string, string>,
  ): Promise<Response>;
  signIn(email: string, password: string): Promise<string>;
}

export function api(url: string): Api {
  const auth = (token?: string): Record<string, string> =>
    token ? { authorization: `Bearer ${token}` } : {};
  const self: Api = {
    get: (p, token) => fetch(`${url}${p}`, { headers: auth(token) }),
    send: (method, p, body, token, headers = {}) =>
      fetch(`${url}${p}`, {
        method,
        headers: { 'content-type': 'application/json', ...auth(token), ...headers },
        body: JSON.stringify(body),
      }),
    async signIn(email, password) {
      const res = await self.send('POST', '/api/users/login', { email, password });
      if (res.status !== 200) {
        throw new Error(`sign-in answered ${res.status}: ${await res.text()}`);
      }
      return ((await res.json()) as { data: { response: { token: { accessToken: string } } } }).data.response
        .token.accessToken;
    },
  };
  return self;
}

/** PostgreSQL for the tests that need it: TEST_DATABASE_URL names any database on the server. */
export const postgresUrl = process.env.TEST_DATABASE_URL;

/** Creates a new database on the test server; answers its URL and a function that drops it. */
export async function createPostgresDatabase(
  serverUrl = postgresUrl,
): Promise<{ url: string; drop: () => Promise<void> }> {
  if (!serverUrl) {
    throw new Error('TEST_DATABASE_URL is not set');
  }
  const name = `registry_rel_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleaner = new pg.Client({ connectionString: serverUrl });
      await cleaner.connect();
      await cleaner.query(`drop database if exists ${name} with (force)`);
      await cleaner.end();
    },
  };
}
