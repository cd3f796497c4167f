import { es } from '@registry/shared';
import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../db/schema.ts';
import { insertInstitution, insertUser } from '../test/fixtures.ts';
import { buildTestApp, type TestApp } from '../test/helper.ts';

/**
 * The permission matrix of the accounts feature (docs/product-rules.md#roles): every route, as an admin, a doctor,
 * an inactive user's old token and no token at all.
 */
describe('who may manage users and institutions', () => {
  let t: TestApp;
  let tokens: { admin: string; doctor: string; inactive: string };
  let doctorId: string;
  let targetUserId: string;
  let institutionId: string;
  let counter = 0;

  beforeAll(async () => {
    t = await buildTestApp();
    const institution = await insertInstitution(t.ctx.db);
    institutionId = institution.id;
    const admin = await insertUser(t.ctx.db, { isAdmin: true });
    const doctor = await insertUser(t.ctx.db, { institutionId });
    doctorId = doctor.id;
    const formerAdmin = await insertUser(t.ctx.db, { isAdmin: true });
    targetUserId = (await insertUser(t.ctx.db)).id;
    tokens = {
      admin: await t.signIn(admin.email),
      doctor: await t.signIn(doctor.email),
      inactive: await t.signIn(formerAdmin.email),
    };
    // The former admin signed in while active, then was deactivated through the API.
    const off = await t.request({
      method: 'PATCH',
      url: `/api/users/${formerAdmin.id}`,
      payload: { isActive: false },
      token: tokens.admin,
    });
    expect(off.statusCode).toBe(200);
  });
  afterAll(() => t.close());

  interface Route {
    readonly method: 'GET' | 'POST' | 'PATCH';
    /** The route as declared, which is also the action of a refusal in the audit trail. */
    readonly path: string;
    /** A request an admin may make, built afresh for each call. */
    readonly request: () => { url: string; payload?: object };
    readonly adminStatus: number;
  }

  const unique = () => `perm${++counter}`;

  const routes: Route[] = [
    {
      method: 'GET',
      path: '/api/users/list',
      request: () => ({ url: '/api/users/list?page=0&size=10' }),
      adminStatus: 200,
    },
    {
      method: 'POST',
      path: '/api/users',
      request: () => {
        const name = unique();
        return {
          url: '/api/users',
          payload: { nickname: name, email: `${name}@example.org`, password: 'Permiso-ok1' },
        };
      },
      adminStatus: 201,
    },
    {
      method: 'POST',
      path: '/api/doctors',
      request: () => {
        const name = unique();
        return {
          url: '/api/doctors',
          payload: {
            user: { nickname: name, email: `${name}@example.org`, password: 'Permiso-ok1' },
            institutionId,
            first_name: 'Permiso',
            last_name: 'Prueba',
            gender: 'male',
          },
        };
      },
      adminStatus: 201,
    },
    {
      method: 'PATCH',
      path: '/api/users/:id',
      request: () => ({ url: `/api/users/${targetUserId}`, payload: { isActive: true } }),
      adminStatus: 200,
    },
    {
      method: 'GET',
      path: '/api/institutions/list',
      request: () => ({ url: '/api/institutions/list' }),
      adminStatus: 200,
    },
    {
      method: 'POST',
      path: '/api/institutions',
      request: () => {
        const name = unique();
        return { url: '/api/institutions', payload: { name: `Inst ${name}`, type: 'Hospital', code: name } };
      },
      adminStatus: 201,
    },
    {
      method: 'PATCH',
      path: '/api/institutions/:id',
      request: () => ({ url: `/api/institutions/${institutionId}`, payload: { isActive: true } }),
      adminStatus: 200,
    },
    {
      method: 'GET',
      path: '/api/institutions/codes',
      request: () => ({ url: '/api/institutions/codes' }),
      adminStatus: 200,
    },
  ];

  const send = (route: Route, token?: string) => {
    const { url, payload } = route.request();
    const options: InjectOptions & { token?: string } = { method: route.method, url, token };
    return t.request(payload ? { ...options, payload } : options);
  };

  const table = routes.map((route) => [`${route.method} ${route.path}`, route] as const);

  it.each(table)('%s: an admin is served', async (_, route) => {
    const res = await send(route, tokens.admin);
    expect(res.statusCode).toBe(route.adminStatus);
    expect(res.json()).toHaveProperty('data');
  });

  it.each(table)('%s: a doctor gets 403 FORBIDDEN, recorded as denied', async (name, route) => {
    const res = await send(route, tokens.doctor);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      statusCode: 403,
      error: 'Forbidden',
      message: es.errors.FORBIDDEN,
      code: 'FORBIDDEN',
      requestId: expect.any(String),
    });
    const rows = await t.ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.actorUserId, doctorId), eq(auditEvents.action, name)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ outcome: 'denied', actorUserId: doctorId, ip: expect.any(String) });
  });

  it.each(table)("%s: an inactive user's old token gets 401 UNAUTHENTICATED", async (_, route) => {
    const res = await send(route, tokens.inactive);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHENTICATED');
  });

  it.each(table)('%s: no token gets 401 UNAUTHENTICATED', async (_, route) => {
    const res = await send(route);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      statusCode: 401,
      error: 'Unauthorized',
      message: es.errors.UNAUTHENTICATED,
      code: 'UNAUTHENTICATED',
      requestId: expect.any(String),
    });
  });

  it.each(table)('%s: a doctor is refused before the body is even read', async (_, route) => {
    const res = await t.request({ method: route.method, url: route.request().url, token: tokens.doctor });
    expect(res.statusCode).toBe(403);
  });

  it('changed nothing for the refused calls', async () => {
    const creations = await t.ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.actorUserId, doctorId), eq(auditEvents.outcome, 'ok')));
    // The doctor's own sign-in is the only thing that went through.
    expect(creations.map((row) => row.action)).toEqual(['auth.login']);
  });
});
