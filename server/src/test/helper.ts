import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Writable } from 'node:stream';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { AppContext } from '../context.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { createMailer } from '../mail/mailer.ts';
import { openTestDatabase, type TestDatabase } from './database.ts';

export interface TestApp {
  readonly app: FastifyInstance;
  readonly ctx: AppContext;
  readonly database: TestDatabase;
  /** Moves the test clock forward. */
  advance(ms: number): void;
  /** Sends a request as a client would, with an optional bearer token. */
  request(options: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/** An app on a fresh database with a clock the test controls; no port is opened. */
export async function buildTestApp(
  env: NodeJS.ProcessEnv = {},
  options: { logStream?: Writable; database?: DatabaseHandle } = {},
): Promise<TestApp> {
  // Another app on a database that already exists stands for a second server process.
  const database: TestDatabase = options.database ?? (await openTestDatabase());
  let current = Date.now();
  // Mail without SMTP_URL lands in DATA_DIR/outbox: a temporary folder of this test file.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'registry-api-'));
  const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir, ...env });
  const ctx: AppContext = {
    db: database.db,
    config,
    now: () => new Date(current),
    mailer: createMailer(config),
  };
  const app = await buildApp(ctx, {
    checkAnswers: true,
    ...(options.logStream ? { logStream: options.logStream } : {}),
  });
  await app.ready();
  return {
    app,
    ctx,
    database,
    advance(ms) {
      current += ms;
    },
    request({ token, headers, ...options }) {
      return app.inject({
        ...options,
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
      });
    },
    async close() {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
