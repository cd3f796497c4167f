import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { rowsOf } from '../db/statements.ts';

interface Counted {
  count: number;
  windowStart: string;
}

/**
 * A store for @fastify/rate-limit that counts in the database, so that several server processes on one
 * PostgreSQL share each address's limit (docs/operations.md#several-instances). One atomic upsert per
 * limited request: a window that has passed starts again at one.
 */
export function databaseRateLimitStore(ctx: AppContext): FastifyRateLimitStoreCtor {
  class DatabaseStore {
    constructor(
      _options: unknown,
      private readonly prefix = '',
    ) {}

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      const now = ctx.now();
      const expired = sql`rate_limits.window_start + ${timeWindow} * interval '1 millisecond' <= ${now.toISOString()}::timestamptz`;
      ctx.db
        .execute(sql`insert into rate_limits (key, window_start, count)
          values (${`${this.prefix}${key}`}, ${now.toISOString()}::timestamptz, 1)
          on conflict (key) do update set
            count = case when ${expired} then 1 else rate_limits.count + 1 end,
            window_start = case when ${expired} then excluded.window_start else rate_limits.window_start end
          returning count, window_start::text as "windowStart"`)
        .then(
          (result) => {
            const [row] = rowsOf<Counted>(result);
            const started = row ? new Date(row.windowStart).getTime() : now.getTime();
            callback(null, {
              current: row?.count ?? 1,
              ttl: Math.max(0, started + timeWindow - now.getTime()),
            });
          },
          (error: unknown) => callback(error as Error),
        );
    }

    /**
     * A route's own limit, counted under its own keys. The plugin passes the route's merged limit
     * parameters with the route as `routeInfo` (its types say the route options).
     */
    child(params: unknown): DatabaseStore {
      const route = (params as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo;
      return new DatabaseStore(null, `${String(route?.method ?? '')} ${route?.url ?? ''}:`);
    }
  }
  return DatabaseStore as unknown as FastifyRateLimitStoreCtor;
}
