import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { AppContext } from '../context.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { auditEvents } from '../db/schema.ts';
import { createMailer } from '../mail/mailer.ts';
import { openTestDatabase, type TestDatabase } from './database.ts';
import { TEST_PASSWORD } from './fixtures.ts';

export interface TestApp {
  readonly app: FastifyInstance;
  readonly ctx: AppContext;
  readonly database: TestDatabase;
  /** Moves the test clock forward. */
  advance(ms: number): void;
  /** Sends a request as a client would, with an optional bearer token. */
  request(options: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
  /** Signs in through the API (the test fails if refused) and answers the session's token. */
  signIn(email: string, password?: string): Promise<string>;
  /** `GET /api/users/me`, with the token if one is given. */
  me(token?: string): Promise<LightMyRequestResponse>;
  /** The audit trail's entries of one record and action, oldest first. */
  auditOf(entityId: string, action: string): Promise<(typeof auditEvents.$inferSelect)[]>;
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
  const request: TestApp['request'] = ({ token, headers, ...options }) =>
    app.inject({
      ...options,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    });
  return {
    app,
    ctx,
    database,
    advance(ms) {
      current += ms;
    },
    request,
    async signIn(email, password = TEST_PASSWORD) {
      const res = await request({ method: 'POST', url: '/api/users/login', payload: { email, password } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.response.token.accessToken as string;
    },
    me(token) {
      return request({ method: 'GET', url: '/api/users/me', ...(token === undefined ? {} : { token }) });
    },
    auditOf(entityId, action) {
      return database.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.entityId, entityId), eq(auditEvents.action, action)))
        .orderBy(auditEvents.id);
    },
    async close() {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
