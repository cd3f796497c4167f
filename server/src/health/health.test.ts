import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/helper.ts';

describe('GET /api/health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('answers ok when the database answers', async () => {
    const res = await t.request({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('carries the security headers and no-store', async () => {
    const res = await t.request({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('is ready once every migration of this version is applied', async () => {
    const res = await t.request({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    const { applied, expected } = res.json().data.migrations;
    expect(applied).toBe(expected);
    expect(expected).toBeGreaterThanOrEqual(8);
  });

  it('gives every answer a request id, which an error body repeats', async () => {
    const ok = await t.request({ method: 'GET', url: '/api/health' });
    expect(ok.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const refused = await t.request({ method: 'GET', url: '/api/users/me' });
    expect(refused.json().requestId).toBe(refused.headers['x-request-id']);
    // Without a trusted proxy, an id the client sends is not taken.
    const given = await t.request({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'client-chosen-id' },
    });
    expect(given.headers['x-request-id']).not.toBe('client-chosen-id');
  });
});
