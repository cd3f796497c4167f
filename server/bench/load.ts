import autocannon from 'autocannon';
import pg from 'pg';

/** Latencies in milliseconds and throughput of one measurement. */
export interface Measure {
  readonly p50: number;
  readonly p95: number;
  readonly p99: number;
  readonly rps: number;
  readonly requests: number;
  readonly errors: number;
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) {
    return Number.NaN;
  }
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

function summarise(latencies: number[], seconds: number, errors: number): Measure {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    rps: latencies.length / seconds,
    requests: latencies.length,
    errors,
  };
}

/** A request of the app: method, path and body; `path` may vary per call (a different patient). */
export interface AppRequest {
  readonly method: 'GET' | 'PATCH';
  readonly path: () => string;
  readonly body?: () => string;
}

/** One request at a time, for `count` requests: latency alone. */
export async function alone(
  base: string,
  token: string,
  request: AppRequest,
  count: number,
): Promise<Measure> {
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  for (let i = 0; i < count; i++) {
    const t0 = performance.now();
    const res = await fetch(`${base}${request.path()}`, {
      method: request.method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      ...(request.body ? { body: request.body() } : {}),
    });
    await res.arrayBuffer();
    latencies.push(performance.now() - t0);
    if (res.status >= 400) {
      errors++;
    }
  }
  return summarise(latencies, (performance.now() - started) / 1000, errors);
}

/** `connections` clients in a closed loop for `seconds`, through autocannon. */
export async function loaded(
  base: string,
  token: string,
  request: AppRequest,
  connections: number,
  seconds: number,
): Promise<Measure> {
  const result = await autocannon({
    url: base,
    connections,
    duration: seconds,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    requests: [
      {
        method: request.method,
        setupRequest: (req) => ({
          ...req,
          path: request.path(),
          ...(request.body ? { body: request.body() } : {}),
        }),
      },
    ],
  });
  const errors = result.non2xx + result.errors + result.timeouts;
  return {
    p50: result.latency.p50,
    p95: result.latency.p97_5 ?? result.latency.p90,
    p99: result.latency.p99,
    rps: result.requests.average,
    requests: result.requests.total,
    errors,
  };
}

/** A statement as the app sent it. */
export interface Statement {
  readonly text: string;
  readonly params: unknown[];
}

/**
 * The app's statements for one request, replayed straight through `pg` by `connections` clients in a
 * closed loop for `seconds`: what the database alone can do for that request.
 */
export async function raw(
  url: string,
  requests: readonly (readonly Statement[])[],
  connections: number,
  seconds: number,
): Promise<Measure> {
  // The app's own session settings (no JIT), so that only the app's work differs.
  const pool = new pg.Pool({ connectionString: url, max: connections, options: '-c jit=off' });
  pool.on('error', () => undefined);
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      const client = await pool.connect();
      try {
        while (performance.now() < deadline) {
          const statements = requests[next++ % requests.length] ?? [];
          const t0 = performance.now();
          try {
            for (const statement of statements) {
              await client.query(statement.text, statement.params);
            }
            latencies.push(performance.now() - t0);
          } catch {
            errors++;
            await client.query('rollback').catch(() => undefined);
          }
        }
      } finally {
        client.release();
      }
    }),
  );
  await pool.end();
  return summarise(latencies, (performance.now() - started) / 1000, errors);
}
