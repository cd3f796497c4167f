import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Database, poolOf } from '../db/client.ts';
import { unauthenticated } from './errors.ts';

/** Whether a request carries the metrics' bearer token, compared in constant time. */
function hasToken(request: FastifyRequest, token: string): boolean {
  const given = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
  const [a, b] = [Buffer.from(given), Buffer.from(token)];
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Prometheus metrics at /api/metrics (docs/operations.md#monitoring), only when METRICS_TOKEN is set and
 * only with that bearer token: request counts and latencies by route (fastify-metrics), Node's own
 * metrics with the event loop's lag (prom-client), and the database pool's connections.
 */
export async function registerMetrics(app: FastifyInstance, db: Database, token: string): Promise<void> {
  const pool = poolOf(db);
  // Loaded only when metrics are asked for.
  const [{ default: metrics }, { default: client }] = await Promise.all([
    import('fastify-metrics'),
    import('prom-client'),
  ]);
  await app.register(metrics, {
    endpoint: {
      url: '/api/metrics',
      method: 'GET',
      config: { access: 'public' },
      schema: { hide: true },
      onRequest: async (request: FastifyRequest) => {
        if (!hasToken(request, token)) {
          throw unauthenticated();
        }
      },
      handler: () => undefined,
    },
    clearRegisterOnInit: true,
    routeMetrics: { enabled: true, registeredRoutesOnly: true, groupStatusCodes: false },
  });
  if (pool) {
    const gauge = (name: string, help: string, read: () => number) =>
      new client.Gauge({
        name,
        help,
        collect() {
          this.set(read());
        },
      });
    gauge('registry_db_pool_connections', 'Connections the database pool holds', () => pool.totalCount);
    gauge('registry_db_pool_idle', 'Idle connections of the database pool', () => pool.idleCount);
    gauge('registry_db_pool_waiting', 'Requests waiting for a database connection', () => pool.waitingCount);
  }
}
