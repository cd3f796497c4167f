import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/helper.ts';

/** 20 reset requests per address in 15 minutes: the cheapest limit to reach. */
const LIMIT = 20;

/**
 * Sends `count` reset requests at once from behind the proxy at 10.9.9.9, as `forwardedFor`, and answers
 * their status codes. At once, not one after the other: each answer takes at least
 * RESET_REQUEST_MIN_MS, and the limit counts a request when it arrives.
 */
async function resetRequests(t: TestApp, count: number, forwardedFor: string): Promise<number[]> {
  const responses = await Promise.all(
    Array.from({ length: count }, (_, i) =>
      t.request({
        method: 'POST',
        url: '/api/users/password/reset',
        payload: { email: `nobody${i}@example.org` },
        remoteAddress: '10.9.9.9',
        headers: { 'x-forwarded-for': forwardedFor },
      }),
    ),
  );
  return responses.map((res) => res.statusCode);
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
    expect(new Set(await resetRequests(trusting, LIMIT, '203.0.113.1'))).toEqual(new Set([200]));
    expect(await resetRequests(trusting, 1, '203.0.113.1')).toEqual([429]);
    expect(await resetRequests(trusting, 1, '203.0.113.2')).toEqual([200]);
  });

  it('ignores X-Forwarded-For unless TRUST_PROXY says whom to believe', async () => {
    expect(new Set(await resetRequests(plain, LIMIT, '203.0.113.1'))).toEqual(new Set([200]));
    expect(await resetRequests(plain, 1, '203.0.113.1')).toEqual([429]);
    expect(await resetRequests(plain, 1, '203.0.113.2')).toEqual([429]);
  });
});
