import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/helper.ts';
import { type Caller, newAdmin, newDoctor } from '../test/patients.ts';

/**
 * Unknown query parameters are refused on every route (CONTRACT §2), those that declare no query
 * schema included (`/api/quality/rules` and `/api/notifications` once ignored them).
 */
describe('unknown query parameters', () => {
  let t: TestApp;
  let admin: Caller;
  let doctor: Caller;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await newAdmin(t);
    doctor = await newDoctor(t);
  });
  afterAll(() => t.close());

  it.each(['/api/quality/rules', '/api/notifications', '/api/users/me'])(
    'refuses one on %s with 400 and the parameter named',
    async (url) => {
      const res = await t.request({ method: 'GET', url: `${url}?sort=x`, token: doctor.token });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      expect(Object.keys(res.json().fields)).toEqual(['sort']);
    },
  );

  it('still answers those routes without one', async () => {
    for (const url of ['/api/quality/rules', '/api/notifications']) {
      expect((await t.request({ method: 'GET', url, token: doctor.token })).statusCode, url).toBe(200);
    }
  });

  it('refuses one on every GET route of the API document, for whichever role may call it', async () => {
    const document = (await t.request({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const routes = Object.entries(document.paths)
      .filter(([, methods]) => 'get' in methods)
      .map(([path]) => path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000'));
    expect(routes.length).toBeGreaterThan(25);
    for (const url of routes) {
      let res = await t.request({ method: 'GET', url: `${url}?unknownParameter=1`, token: admin.token });
      if (res.statusCode === 403) {
        res = await t.request({ method: 'GET', url: `${url}?unknownParameter=1`, token: doctor.token });
      }
      expect(res.statusCode, url).toBe(400);
      expect(Object.keys(res.json().fields ?? {}), url).toContain('unknownParameter');
    }
  });
});
