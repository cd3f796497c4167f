import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/helper.ts';

/** 20 reset requests per address in 15 minutes: the cheapest limit to reach. */
const LIMIT = 20;

async function resetRequests(t: TestApp, count: number, forwardedFor: string): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) {
    const res = await t.request({
      method: 'POST',
      url: '/api/users/password/reset',
      payload: { email: `nobody${i}@example.org` },
      remoteAddress: '10.9.9.9',
      headers: { 'x-forwarded-for': forwardedFor },
    });
    statuses.push(res.statusCode);
  }
  return statuses;
}

describe('behind a reverse proxy', () => {
  let trusting: TestApp;
  let plain: TestApp;
  beforeAll(async () => {
    trusting = await buildTestApp({ TRUST_PROXY: '1' });
    plain = await buildTestApp();
  });
  afterAll(async () => {
    await trusting.close();
    await plain.close();
  });

  it('counts each client behind a trusted proxy on its own', async () => {
    expect((await resetRequests(trusting, LIMIT + 1, '203.0.113.1')).at(-1)).toBe(429);
    expect(await resetRequests(trusting, 1, '203.0.113.2')).toEqual([200]);
  });

  it('ignores X-Forwarded-For unless TRUST_PROXY says whom to believe', async () => {
    expect((await resetRequests(plain, LIMIT + 1, '203.0.113.1')).at(-1)).toBe(429);
    expect(await resetRequests(plain, 1, '203.0.113.2')).toEqual([429]);
  });
});
