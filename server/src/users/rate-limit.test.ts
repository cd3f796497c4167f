import { en, es } from '@registry/shared';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser, TEST_PASSWORD } from '../test/fixtures.ts';
import { buildTestApp, type TestApp } from '../test/helper.ts';

const FIFTEEN_MINUTES_S = 15 * 60;

describe('per-address rate limits on sign-in and password reset', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, remoteAddress: string, headers: Record<string, string> = {}) =>
    t.request({ method: 'POST', url, payload, remoteAddress, headers });

  /** Sends `count` requests one after the other and answers their status codes. */
  async function hammer(count: number, send: (i: number) => Promise<LightMyRequestResponse>) {
    const statuses: number[] = [];
    for (let i = 0; i < count; i++) {
      statuses.push((await send(i)).statusCode);
    }
    return statuses;
  }

  /**
   * Sends `count` requests at once and answers their status codes: for the reset requests, each of
   * which answers no sooner than RESET_REQUEST_MIN_MS; the limit counts a request when it arrives.
   */
  async function burst(count: number, send: (i: number) => Promise<LightMyRequestResponse>) {
    return (await Promise.all(Array.from({ length: count }, (_, i) => send(i)))).map((res) => res.statusCode);
  }

  function expectTooManyAttempts(res: LightMyRequestResponse, message = es.errors.TOO_MANY_ATTEMPTS) {
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({
      statusCode: 429,
      error: 'Too Many Requests',
      message,
      code: 'TOO_MANY_ATTEMPTS',
      requestId: expect.any(String),
    });
    const retryAfter = Number(res.headers['retry-after']);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(FIFTEEN_MINUTES_S);
  }

  it('allows 100 sign-ins per address in 15 minutes, then answers 429 with retry-after, even to the right password', async () => {
    const user = await insertUser(t.ctx.db);
    const ip = '198.51.100.1';
    // Malformed attempts count as much as any other; they keep the test fast (no password hashing).
    const statuses = await hammer(99, () =>
      post('/api/users/login', { email: user.email, password: 'x' }, ip),
    );
    expect(new Set(statuses)).toEqual(new Set([400]));
    // The hundredth is still allowed.
    expect(
      (await post('/api/users/login', { email: user.email, password: TEST_PASSWORD }, ip)).statusCode,
    ).toBe(200);

    const refused = await post('/api/users/login', { email: user.email, password: TEST_PASSWORD }, ip);
    expectTooManyAttempts(refused);
    // In English too.
    expectTooManyAttempts(
      await post('/api/users/login', { email: user.email, password: TEST_PASSWORD }, ip, {
        'accept-language': 'en',
      }),
      en.errors.TOO_MANY_ATTEMPTS,
    );

    // Another address is still allowed.
    const other = await post(
      '/api/users/login',
      { email: user.email, password: TEST_PASSWORD },
      '198.51.100.2',
    );
    expect(other.statusCode).toBe(200);
  });

  it('allows 20 reset requests per address in 15 minutes, then answers 429 with retry-after', async () => {
    const ip = '198.51.100.11';
    const statuses = await burst(20, (i) =>
      post('/api/users/password/reset', { email: `flood-${i}@example.org` }, ip),
    );
    expect(new Set(statuses)).toEqual(new Set([200]));

    expectTooManyAttempts(await post('/api/users/password/reset', { email: 'flood-20@example.org' }, ip));

    const other = await post('/api/users/password/reset', { email: 'flood-20@example.org' }, '198.51.100.12');
    expect(other.statusCode).toBe(200);
    expect(other.json()).toEqual({ data: { sent: true } });
  });

  it('allows 50 reset confirmations per address in 15 minutes, then answers 429 with retry-after', async () => {
    const ip = '198.51.100.21';
    const payload = (i: number) => ({
      email: `guess-${i}@example.org`,
      verificationCode: String(100000 + i),
      password: 'Nueva-clave7',
    });
    const statuses = await hammer(50, (i) => post('/api/users/password/reset/confirm', payload(i), ip));
    expect(new Set(statuses)).toEqual(new Set([400]));

    expectTooManyAttempts(await post('/api/users/password/reset/confirm', payload(50), ip));

    const other = await post('/api/users/password/reset/confirm', payload(50), '198.51.100.22');
    expect(other.statusCode).toBe(400);
    expect(other.json().code).toBe('INVALID_RESET_CODE');
  });

  it('counts each call on its own: an address that exhausted sign-in may still ask for a reset', async () => {
    const ip = '198.51.100.31';
    await hammer(100, () => post('/api/users/login', { email: 'someone@example.org', password: 'x' }, ip));
    expect(
      (await post('/api/users/login', { email: 'someone@example.org', password: 'x' }, ip)).statusCode,
    ).toBe(429);
    const reset = await post('/api/users/password/reset', { email: 'someone@example.org' }, ip);
    expect(reset.statusCode).toBe(200);
  });

  it('does not limit the signed-in calls of an address that exhausted sign-in', async () => {
    const user = await insertUser(t.ctx.db);
    const login = await post(
      '/api/users/login',
      { email: user.email, password: TEST_PASSWORD },
      '198.51.100.41',
    );
    const token = login.json().data.response.token.accessToken as string;
    await hammer(101, () => post('/api/users/login', { email: user.email, password: 'x' }, '198.51.100.41'));
    const me = await t.request({
      method: 'GET',
      url: '/api/users/me',
      token,
      remoteAddress: '198.51.100.41',
    });
    expect(me.statusCode).toBe(200);
  });
});
