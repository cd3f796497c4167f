import { es } from '@registry/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, sessions } from '../db/schema.ts';
import { insertInstitution, insertUser } from '../test/fixtures.ts';
import { buildTestApp, type TestApp } from '../test/helper.ts';

const MINUTE = 60 * 1000;

describe('sessions: GET /api/users/me and POST /api/users/logout', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const logout = (token?: string) => t.request({ method: 'POST', url: '/api/users/logout', token });

  it('answers the signed-in admin, with no doctor', async () => {
    const admin = await insertUser(t.ctx.db, { isAdmin: true, nickname: 'root' });
    const res = await t.me(await t.signIn(admin.email));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: {
        id: admin.id,
        email: admin.email,
        nickname: 'root',
        createdAt: admin.createdAt.toISOString(),
        isAdmin: true,
        isActive: true,
        mfaEnabled: false,
        doctor: null,
      },
    });
  });

  it('answers the signed-in doctor with their institution and no patients yet', async () => {
    const institution = await insertInstitution(t.ctx.db, { type: 'BioBanco' });
    const doctor = await insertUser(t.ctx.db, { institutionId: institution.id });
    const res = await t.me(await t.signIn(doctor.email));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data.email).toBe(doctor.email);
    expect(body.data.isAdmin).toBe(false);
    expect(body.data.doctor).toEqual({
      id: expect.any(String),
      first_name: 'Ana',
      last_name: 'García',
      gender: 'female',
      institution: { id: institution.id, name: institution.name, type: 'BioBanco' },
      patientsQty: 0,
    });
  });

  it('never sends the password hash', async () => {
    const user = await insertUser(t.ctx.db);
    const res = await t.me(await t.signIn(user.email));
    expect(res.body).not.toContain(user.passwordHash);
    expect(res.body).not.toMatch(/password/i);
  });

  it('answers 401 UNAUTHENTICATED without a token', async () => {
    const res = await t.me();
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      statusCode: 401,
      error: 'Unauthorized',
      message: es.errors.UNAUTHENTICATED,
      code: 'UNAUTHENTICATED',
      requestId: expect.any(String),
    });
  });

  it('answers 401 to a garbage token', async () => {
    const res = await t.me('this-is-not-a-token');
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHENTICATED');
  });

  it('answers 401 to an authorization header that is not a bearer token', async () => {
    const user = await insertUser(t.ctx.db);
    const token = await t.signIn(user.email);
    const res = await t.request({ method: 'GET', url: '/api/users/me', headers: { authorization: token } });
    expect(res.statusCode).toBe(401);
  });

  it('ends the session at logout, while another token of the same user stays alive', async () => {
    const user = await insertUser(t.ctx.db);
    const first = await t.signIn(user.email);
    const second = await t.signIn(user.email);

    const res = await logout(first);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { loggedOut: true } });

    expect((await t.me(first)).statusCode).toBe(401);
    expect((await logout(first)).statusCode).toBe(401);
    expect((await t.me(second)).statusCode).toBe(200);
  });

  it('records the logout in the audit trail', async () => {
    const user = await insertUser(t.ctx.db);
    await logout(await t.signIn(user.email));
    const rows = await t.ctx.db.select().from(auditEvents).where(eq(auditEvents.actorUserId, user.id));
    expect(rows.map((row) => row.action)).toEqual(['auth.login', 'auth.logout']);
  });

  it('refuses logout without a token', async () => {
    const res = await logout();
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHENTICATED');
  });

  it('keeps a token alive after 29 minutes idle', async () => {
    const user = await insertUser(t.ctx.db);
    const token = await t.signIn(user.email);
    t.advance(29 * MINUTE);
    expect((await t.me(token)).statusCode).toBe(200);
  });

  it('kills a token idle for more than 30 minutes', async () => {
    const user = await insertUser(t.ctx.db);
    const token = await t.signIn(user.email);
    t.advance(30 * MINUTE + 1000);
    const res = await t.me(token);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHENTICATED');
    // It stays dead.
    expect((await t.me(token)).statusCode).toBe(401);
  });

  it('measures idleness from the last use, not from the sign-in', async () => {
    const user = await insertUser(t.ctx.db);
    const token = await t.signIn(user.email);
    t.advance(25 * MINUTE);
    expect((await t.me(token)).statusCode).toBe(200);
    t.advance(25 * MINUTE);
    expect((await t.me(token)).statusCode).toBe(200);
    t.advance(30 * MINUTE + 1000);
    expect((await t.me(token)).statusCode).toBe(401);
  });

  it('keeps a token used every 20 minutes alive until 12 hours after its creation', async () => {
    const user = await insertUser(t.ctx.db);
    const token = await t.signIn(user.email);
    // 35 uses, 20 minutes apart: the last at 11 h 40 min.
    for (let use = 1; use <= 35; use++) {
      t.advance(20 * MINUTE);
      expect((await t.me(token)).statusCode, `use ${use}`).toBe(200);
    }
    t.advance(19 * MINUTE);
    expect((await t.me(token)).statusCode).toBe(200);
    t.advance(1 * MINUTE);
    // 12 hours after its creation.
    expect((await t.me(token)).statusCode).toBe(401);
  });

  it('kills the tokens of a user deactivated in the database at once', async () => {
    const user = await insertUser(t.ctx.db);
    const token = await t.signIn(user.email);
    expect((await t.me(token)).statusCode).toBe(200);

    await t.ctx.db.execute(sql`update users set is_active = false where id = ${user.id}`);

    const res = await t.me(token);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHENTICATED');
    expect(await t.ctx.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
  });

  it('kills the tokens of a doctor whose institution is deactivated, at once', async () => {
    const institution = await insertInstitution(t.ctx.db);
    const doctor = await insertUser(t.ctx.db, { institutionId: institution.id });
    const token = await t.signIn(doctor.email);
    expect((await t.me(token)).statusCode).toBe(200);

    await t.ctx.db.execute(sql`update institutions set is_active = false where id = ${institution.id}`);

    expect((await t.me(token)).statusCode).toBe(401);
    // Reactivating the institution does not bring the dead token back.
    await t.ctx.db.execute(sql`update institutions set is_active = true where id = ${institution.id}`);
    expect((await t.me(token)).statusCode).toBe(401);
  });
});
