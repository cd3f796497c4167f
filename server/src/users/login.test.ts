import { en, es } from '@registry/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, sessions } from '../db/schema.ts';
import { insertInstitution, insertUser, TEST_PASSWORD } from '../test/fixtures.ts';
import { buildTestApp, type TestApp } from '../test/helper.ts';

const WRONG_PASSWORD = 'Wrong-pass9';
const MINUTE = 60 * 1000;

describe('POST /api/users/login', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const login = (payload: unknown, headers: Record<string, string> = {}) =>
    t.request({ method: 'POST', url: '/api/users/login', payload: payload as object, headers });

  const auditRowsOf = (email: string) =>
    t.ctx.db.select().from(auditEvents).where(eq(auditEvents.actorEmail, email)).orderBy(auditEvents.id);

  it('answers a token that lives 1800 seconds idle', async () => {
    const user = await insertUser(t.ctx.db);
    const res = await login({ email: user.email, password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      data: { response: { token: { accessToken: expect.any(String), expiresIn: 1800 } } },
    });
    expect(Object.keys(body.data.response.token).sort()).toEqual(['accessToken', 'expiresIn']);
  });

  it('answers an opaque token of at least 128 random bits, different at each sign-in', async () => {
    const user = await insertUser(t.ctx.db);
    const first = (await login({ email: user.email, password: TEST_PASSWORD })).json().data.response.token
      .accessToken as string;
    const second = (await login({ email: user.email, password: TEST_PASSWORD })).json().data.response.token
      .accessToken as string;
    expect(first).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(Buffer.from(first, 'base64url').length * 8).toBeGreaterThanOrEqual(128);
    expect(second).not.toBe(first);
  });

  it('keeps only a hash of the token in the database', async () => {
    const user = await insertUser(t.ctx.db);
    const token = (await login({ email: user.email, password: TEST_PASSWORD })).json().data.response.token
      .accessToken as string;
    const rows = await t.ctx.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('compares the email case-insensitively', async () => {
    const user = await insertUser(t.ctx.db, { email: 'mixed.case@example.org' });
    const res = await login({ email: 'Mixed.CASE@Example.ORG', password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.response.token.accessToken).toEqual(expect.any(String));
    const me = await t.request({
      method: 'GET',
      url: '/api/users/me',
      token: res.json().data.response.token.accessToken,
    });
    expect(me.json().data.id).toBe(user.id);
  });

  it('refuses a wrong password with 401 INVALID_CREDENTIALS', async () => {
    const user = await insertUser(t.ctx.db);
    const res = await login({ email: user.email, password: WRONG_PASSWORD });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      statusCode: 401,
      error: 'Unauthorized',
      message: es.errors.INVALID_CREDENTIALS,
      code: 'INVALID_CREDENTIALS',
      requestId: expect.any(String),
    });
  });

  it('answers an unknown email with exactly the same body as a wrong password', async () => {
    const user = await insertUser(t.ctx.db);
    const wrongPassword = await login({ email: user.email, password: WRONG_PASSWORD });
    const unknownEmail = await login({ email: 'nobody-here@example.org', password: WRONG_PASSWORD });
    expect(unknownEmail.statusCode).toBe(401);
    // The same body to the byte, but for the request's own id.
    const withoutId = (body: string) => body.replace(/"requestId":"[^"]*"/, '');
    expect(withoutId(unknownEmail.body)).toBe(withoutId(wrongPassword.body));
  });

  it('answers the right password of an inactive user exactly as a wrong one', async () => {
    const active = await insertUser(t.ctx.db);
    const user = await insertUser(t.ctx.db, { isActive: false });
    const res = await login({ email: user.email, password: TEST_PASSWORD }, { 'accept-language': 'en' });
    const wrong = await login({ email: active.email, password: WRONG_PASSWORD }, { 'accept-language': 'en' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'INVALID_CREDENTIALS', message: en.errors.INVALID_CREDENTIALS });
    const withoutId = (body: string) => body.replace(/"requestId":"[^"]*"/, '');
    expect(withoutId(res.body)).toBe(withoutId(wrong.body));
    expect(Object.keys(res.headers).sort()).toEqual(Object.keys(wrong.headers).sort());
    expect(await t.ctx.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
  });

  it('answers an inactive user with a wrong password exactly as any wrong password', async () => {
    const active = await insertUser(t.ctx.db);
    const inactive = await insertUser(t.ctx.db, { isActive: false });
    const wrongActive = await login({ email: active.email, password: WRONG_PASSWORD });
    const wrongInactive = await login({ email: inactive.email, password: WRONG_PASSWORD });
    expect(wrongInactive.statusCode).toBe(401);
    const withoutId = (body: string) => body.replace(/"requestId":"[^"]*"/, '');
    expect(withoutId(wrongInactive.body)).toBe(withoutId(wrongActive.body));
    expect(wrongInactive.json().code).toBe('INVALID_CREDENTIALS');
  });

  it('counts the wrong passwords of an inactive user towards the lockout, and the right one too', async () => {
    const user = await insertUser(t.ctx.db, { isActive: false });
    for (let i = 0; i < 4; i++) {
      expect((await login({ email: user.email, password: WRONG_PASSWORD })).json().code).toBe(
        'INVALID_CREDENTIALS',
      );
    }
    expect((await login({ email: user.email, password: TEST_PASSWORD })).json().code).toBe(
      'INVALID_CREDENTIALS',
    );
    const locked = await login({ email: user.email, password: TEST_PASSWORD });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('TOO_MANY_ATTEMPTS');
    const outcomes = (await auditRowsOf(user.email)).map((row) => row.outcome);
    expect(outcomes).toEqual(['failed', 'failed', 'failed', 'failed', 'failed', 'denied']);
  });

  it('answers a doctor of an inactive institution as any wrong password, even with the right one', async () => {
    const institution = await insertInstitution(t.ctx.db, { isActive: false });
    const user = await insertUser(t.ctx.db, { institutionId: institution.id });
    const right = await login({ email: user.email, password: TEST_PASSWORD });
    expect(right.statusCode).toBe(401);
    expect(right.json()).toMatchObject({
      code: 'INVALID_CREDENTIALS',
      message: es.errors.INVALID_CREDENTIALS,
    });
    const wrong = await login({ email: user.email, password: WRONG_PASSWORD });
    expect(wrong.json().code).toBe('INVALID_CREDENTIALS');
  });

  it('lets a doctor of an active institution sign in', async () => {
    const institution = await insertInstitution(t.ctx.db);
    const user = await insertUser(t.ctx.db, { institutionId: institution.id });
    const res = await login({ email: user.email, password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
  });

  it('refuses missing fields with 400 VALIDATION_FAILED naming email and password', async () => {
    const res = await login({});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: es.errors.VALIDATION_FAILED,
      code: 'VALIDATION_FAILED',
      fields: { email: es.validation.emailRequired, password: es.validation.passwordRequired },
      requestId: expect.any(String),
    });
  });

  it('refuses an invalid email with fields.email', async () => {
    const res = await login({ email: 'not-an-email', password: TEST_PASSWORD });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
    expect(res.json().fields).toEqual({ email: es.validation.emailInvalid });
  });

  it('refuses a password shorter than 6 characters with fields.password', async () => {
    const res = await login({ email: 'someone@example.org', password: 'Ab1!x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ password: es.validation.passwordMin });
  });

  it('refuses an unknown body field with 400 and fields naming it', async () => {
    const user = await insertUser(t.ctx.db);
    const res = await login({ email: user.email, password: TEST_PASSWORD, rememberMe: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
    expect(res.json().fields).toEqual({ rememberMe: es.validation.unknownField });
  });

  it('writes its messages in Spanish by default', async () => {
    const res = await login({ email: 'not-an-email' });
    expect(res.json().message).toBe('Revise los datos ingresados.');
    expect(res.json().fields).toEqual({
      email: 'El email no es válido.',
      password: 'Debe ingresar su contraseña.',
    });
  });

  it('writes its messages in English when Accept-Language asks for en', async () => {
    const invalid = await login({ email: 'not-an-email' }, { 'accept-language': 'en' });
    expect(invalid.json().message).toBe(en.errors.VALIDATION_FAILED);
    expect(invalid.json().fields).toEqual({
      email: en.validation.emailInvalid,
      password: en.validation.passwordRequired,
    });
    const refused = await login(
      { email: 'nobody-here@example.org', password: WRONG_PASSWORD },
      { 'accept-language': 'en' },
    );
    expect(refused.json().message).toBe('Sign-in failed, please try again.');
  });

  it('locks an email for 15 minutes after 5 failures, even for the right password', async () => {
    const user = await insertUser(t.ctx.db);
    for (let i = 0; i < 5; i++) {
      expect((await login({ email: user.email, password: WRONG_PASSWORD })).statusCode).toBe(401);
    }
    const locked = await login({ email: user.email, password: TEST_PASSWORD });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({
      statusCode: 429,
      error: 'Too Many Requests',
      message: es.errors.TOO_MANY_ATTEMPTS,
      code: 'TOO_MANY_ATTEMPTS',
      requestId: expect.any(String),
    });
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // The lock is per email, whatever its case.
    const otherCase = await login({ email: user.email.toUpperCase(), password: TEST_PASSWORD });
    expect(otherCase.statusCode).toBe(429);
  });

  it('lets the right password in again once the 15 minutes of the lock have passed', async () => {
    const user = await insertUser(t.ctx.db);
    for (let i = 0; i < 5; i++) {
      await login({ email: user.email, password: WRONG_PASSWORD });
    }
    const locked = await login({ email: user.email, password: TEST_PASSWORD });
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBe(String(15 * 60));
    t.advance(15 * MINUTE);
    const res = await login({ email: user.email, password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
  });

  it('still locks 14 minutes later and tells how long is left', async () => {
    const user = await insertUser(t.ctx.db);
    for (let i = 0; i < 5; i++) {
      await login({ email: user.email, password: WRONG_PASSWORD });
    }
    t.advance(14 * MINUTE);
    const locked = await login({ email: user.email, password: TEST_PASSWORD });
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBe('60');
    t.advance(MINUTE + 1000);
    expect((await login({ email: user.email, password: TEST_PASSWORD })).statusCode).toBe(200);
  });

  it('keeps the lock for 15 minutes after the fifth failure, however the failures were spread', async () => {
    const user = await insertUser(t.ctx.db);
    for (let i = 0; i < 5; i++) {
      if (i > 0) {
        t.advance(3 * MINUTE);
      }
      await login({ email: user.email, password: WRONG_PASSWORD });
    }
    // Five failures within 12 minutes: the fifth starts a lock of 15 minutes (docs/product-rules.md#accounts).
    t.advance(14 * MINUTE);
    const locked = await login({ email: user.email, password: TEST_PASSWORD });
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBe('60');
  });

  it('does not count failures older than 15 minutes', async () => {
    const user = await insertUser(t.ctx.db);
    for (let i = 0; i < 4; i++) {
      await login({ email: user.email, password: WRONG_PASSWORD });
    }
    t.advance(16 * MINUTE);
    expect((await login({ email: user.email, password: WRONG_PASSWORD })).statusCode).toBe(401);
    expect((await login({ email: user.email, password: TEST_PASSWORD })).statusCode).toBe(200);
  });

  it('locks an unknown email too, so that the lock does not tell which emails exist', async () => {
    for (let i = 0; i < 5; i++) {
      await login({ email: 'ghost@example.org', password: WRONG_PASSWORD });
    }
    const res = await login({ email: 'ghost@example.org', password: WRONG_PASSWORD });
    expect(res.statusCode).toBe(429);
  });

  it('records every attempt, successful or not, in the audit trail', async () => {
    const user = await insertUser(t.ctx.db);
    expect(await auditRowsOf(user.email)).toEqual([]);

    await login({ email: user.email, password: WRONG_PASSWORD });
    await login({ email: user.email, password: TEST_PASSWORD });

    const rows = await auditRowsOf(user.email);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      action: 'auth.login',
      outcome: 'failed',
      actorUserId: user.id,
      actorEmail: user.email,
    });
    expect(rows[1]).toMatchObject({
      action: 'auth.login',
      outcome: 'ok',
      actorUserId: user.id,
      actorEmail: user.email,
      entityType: 'user',
      entityId: user.id,
    });
    for (const row of rows) {
      expect(row.at).toEqual(t.ctx.now());
      expect(row.ip).toEqual(expect.any(String));
    }
  });

  it('records failures for unknown emails and refusals during a lock', async () => {
    const email = 'audit-ghost@example.org';
    for (let i = 0; i < 6; i++) {
      await login({ email, password: WRONG_PASSWORD });
    }
    const rows = await auditRowsOf(email);
    expect(rows.map((row) => row.outcome)).toEqual([
      'failed',
      'failed',
      'failed',
      'failed',
      'failed',
      'denied',
    ]);
    for (const row of rows) {
      expect(row.action).toBe('auth.login');
      expect(row.actorUserId).toBeNull();
    }
  });

  it('never writes the password into the audit trail', async () => {
    const user = await insertUser(t.ctx.db);
    const typo = 'Typo-in-password-42';
    await login({ email: user.email, password: typo });
    await login({ email: user.email, password: TEST_PASSWORD });
    const everything = JSON.stringify(await t.ctx.db.select().from(auditEvents));
    expect(everything).not.toContain(TEST_PASSWORD);
    expect(everything).not.toContain(typo);
    expect(everything).not.toContain(WRONG_PASSWORD);
  });
});
