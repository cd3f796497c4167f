import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { AppContext } from '../context.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { openTestDatabase } from './database.ts';

export interface TestApp {
  readonly app: FastifyInstance;
  readonly ctx: AppContext;
  readonly database: DatabaseHandle;
  /** Moves the test clock forward. */
  advance(ms: number): void;
  /** Sends a request as a client would, with an optional bearer token. */
  request(options: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/** An app on a fresh database with a clock the test controls; no port is opened. */
export async function buildTestApp(env: NodeJS.ProcessEnv = {}): Promise<TestApp> {
  const database = await openTestDatabase();
  let current = Date.now();
  const ctx: AppContext = {
    db: database.db,
    config: loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: '/nonexistent-test-data', ...env }),
    now: () => new Date(current),
  };
  const app = await buildApp(ctx);
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
    },
  };
}
