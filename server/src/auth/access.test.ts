import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { auditEvents } from '../db/schema.ts';
import { registerErrorHandler } from '../http/error-handler.ts';
import { insertInstitution, insertUser } from '../test/fixtures.ts';
import { buildTestApp, type TestApp } from '../test/helper.ts';
import { allows, registerAccessControl } from './access.ts';
import type { Access, Principal } from './principal.ts';

const admin: Principal = {
  userId: '00000000-0000-4000-8000-000000000001',
  sessionId: '00000000-0000-4000-8000-000000000011',
  email: 'admin@example.org',
  nickname: 'admin',
  isAdmin: true,
  secondFactor: false,
  doctor: null,
};
const doctor: Principal = {
  userId: '00000000-0000-4000-8000-000000000002',
  sessionId: '00000000-0000-4000-8000-000000000012',
  email: 'doctor@example.org',
  nickname: 'doctor',
  isAdmin: false,
  secondFactor: false,
  doctor: {
    id: '00000000-0000-4000-8000-000000000022',
    institutionId: '00000000-0000-4000-8000-000000000032',
    institutionType: 'Hospital',
  },
};
/** Signed in, but neither an admin nor a doctor (a user whose doctor record is missing). */
const neither: Principal = { ...doctor, doctor: null };

describe('allows', () => {
  const table: [Access, string, Principal | null, boolean][] = [
    ['public', 'nobody', null, true],
    ['public', 'an admin', admin, true],
    ['public', 'a doctor', doctor, true],
    ['signedIn', 'nobody', null, false],
    ['signedIn', 'an admin', admin, true],
    ['signedIn', 'a doctor', doctor, true],
    ['admin', 'nobody', null, false],
    ['admin', 'an admin', admin, true],
    ['admin', 'a doctor', doctor, false],
    ['doctor', 'nobody', null, false],
    ['doctor', 'an admin', admin, false],
    ['doctor', 'a doctor', doctor, true],
    ['signedIn', 'a user neither admin nor doctor', neither, true],
    ['admin', 'a user neither admin nor doctor', neither, false],
    ['doctor', 'a user neither admin nor doctor', neither, false],
  ];

  it.each(table)('%s access lets %s through: %s', (access, _, principal, expected) => {
    expect(allows(access, principal)).toBe(expected);
  });
});

describe('access control', () => {
  let t: TestApp;
  let tiny: FastifyInstance;
  beforeAll(async () => {
    t = await buildTestApp();
    tiny = Fastify();
    registerErrorHandler(tiny);
    registerAccessControl(tiny, t.ctx);
    tiny.get('/api/only-admins', { config: { access: 'admin' } }, async () => ({ data: 'admin' }));
    tiny.get('/api/only-doctors', { config: { access: 'doctor' } }, async () => ({ data: 'doctor' }));
    tiny.get('/api/docs/extra', async (request) => ({ access: request.routeOptions.config.access }));
    tiny.get('/outside', async () => ({ data: 'outside' }));
    await tiny.ready();
  });
  afterAll(async () => {
    await tiny.close();
    await t.close();
  });

  it('builds the whole app, which proves every route under /api declares an access policy', async () => {
    const app = await buildApp(t.ctx);
    try {
      await expect(app.ready()).resolves.toBeDefined();
    } finally {
      await app.close();
    }
  });

  it('refuses to register a route under /api on the real app without an access policy', async () => {
    const app = await buildApp(t.ctx);
    try {
      expect(() => app.get('/api/undeclared', async () => ({}))).toThrow(
        'Route GET /api/undeclared declares no access policy',
      );
      expect(() =>
        app.post('/api/declared', { config: { access: 'admin' } }, async () => ({})),
      ).not.toThrow();
    } finally {
      await app.close();
    }
  });

  it('refuses a route without an access policy on any instance that uses the access control', () => {
    const app = Fastify();
    registerAccessControl(app, t.ctx);
    expect(() => app.get('/api/undeclared', async () => ({}))).toThrow(/declares no access policy/);
    expect(() =>
      app.route({ method: 'PUT', url: '/api/empty-config', config: {}, handler: async () => ({}) }),
    ).toThrow(/declares no access policy/);
    expect(() => app.get('/elsewhere', async () => ({}))).not.toThrow();
    return app.close();
  });

  it('refuses an undeclared route inside a plugin under the /api prefix when the app starts', async () => {
    const app = Fastify();
    registerAccessControl(app, t.ctx);
    const start = async () => {
      await app.register(
        async (api) => {
          api.get('/hidden', async () => ({}));
        },
        { prefix: '/api' },
      );
      await app.ready();
    };
    await expect(start()).rejects.toThrow('Route GET /api/hidden declares no access policy');
    await app.close().catch(() => undefined);
  });

  it('makes the API documentation public', async () => {
    const res = await tiny.inject({ method: 'GET', url: '/api/docs/extra' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ access: 'public' });
  });

  it('answers 401 to a declared route without a token', async () => {
    const res = await tiny.inject({ method: 'GET', url: '/api/only-admins' });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHENTICATED');
  });

  it('lets an admin through an admin route and answers 403 to a doctor, recording the refusal', async () => {
    const adminUser = await insertUser(t.ctx.db, { isAdmin: true });
    const institution = await insertInstitution(t.ctx.db);
    const doctorUser = await insertUser(t.ctx.db, { institutionId: institution.id });

    const allowed = await tiny.inject({
      method: 'GET',
      url: '/api/only-admins',
      headers: { authorization: `Bearer ${await t.signIn(adminUser.email)}` },
    });
    expect(allowed.statusCode).toBe(200);

    const refused = await tiny.inject({
      method: 'GET',
      url: '/api/only-admins',
      headers: { authorization: `Bearer ${await t.signIn(doctorUser.email)}` },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('FORBIDDEN');

    const denied = await t.ctx.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.actorUserId, doctorUser.id))
      .then((rows) => rows.filter((row) => row.outcome === 'denied'));
    expect(denied).toMatchObject([{ action: 'GET /api/only-admins', actorEmail: doctorUser.email }]);
  });

  it('lets a doctor through a doctor route and answers 403 to an admin', async () => {
    const adminUser = await insertUser(t.ctx.db, { isAdmin: true });
    const institution = await insertInstitution(t.ctx.db);
    const doctorUser = await insertUser(t.ctx.db, { institutionId: institution.id });

    const allowed = await tiny.inject({
      method: 'GET',
      url: '/api/only-doctors',
      headers: { authorization: `Bearer ${await t.signIn(doctorUser.email)}` },
    });
    expect(allowed.statusCode).toBe(200);

    const refused = await tiny.inject({
      method: 'GET',
      url: '/api/only-doctors',
      headers: { authorization: `Bearer ${await t.signIn(adminUser.email)}` },
    });
    expect(refused.statusCode).toBe(403);
  });

  it('leaves routes outside /api alone', async () => {
    const res = await tiny.inject({ method: 'GET', url: '/outside' });
    expect(res.statusCode).toBe(200);
  });
});
