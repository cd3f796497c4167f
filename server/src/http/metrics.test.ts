import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/helper.ts';

describe('Prometheus metrics', () => {
  const token = 'metrics-token-for-the-tests';
  let t: TestApp;
  let off: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ METRICS_TOKEN: token });
    off = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
    await off.close();
  });

  it('answers only the bearer of METRICS_TOKEN', async () => {
    expect((await t.request({ method: 'GET', url: '/api/metrics' })).statusCode).toBe(401);
    expect(
      (await t.request({ method: 'GET', url: '/api/metrics', token: 'wrong-token-of-same-length!' }))
        .statusCode,
    ).toBe(401);
    expect((await off.request({ method: 'GET', url: '/api/metrics', token })).statusCode).toBe(404);
  });

  it('counts requests by route and keeps latencies and the event loop’s lag', async () => {
    await t.request({ method: 'GET', url: '/api/health' });
    await t.request({ method: 'GET', url: '/api/users/me' });
    const res = await t.request({ method: 'GET', url: '/api/metrics', token });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/http_request_duration_seconds_count\{[^}]*route="\/api\/health"[^}]*\} \d+/);
    expect(res.body).toMatch(/route="\/api\/users\/me"[^}]*status_code="401"/);
    expect(res.body).toContain('nodejs_eventloop_lag_seconds');
  });
});
