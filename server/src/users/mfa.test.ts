import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { users } from '../db/schema.ts';
import { insertUser, TEST_PASSWORD } from '../test/fixtures.ts';
import { buildTestApp, type TestApp } from '../test/helper.ts';
import { openSecret, sealStoredSecrets, totpKeyOf } from './secret-box.ts';
import { codeAt } from './totp.ts';

const STEP_MS = 30_000;

describe('a second factor for sign-in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST', url: string, payload?: object, token?: string) =>
    t.request({ method, url, ...(payload ? { payload } : {}), ...(token ? { token } : {}) });
  const password = (email: string, secret = TEST_PASSWORD) =>
    call('POST', '/api/users/login', { email, password: secret });
  const code = (secret: string, email: string) => codeAt(secret, email, t.ctx.now());

  /** A user with a second factor on, signed in, with the secret and the recovery codes. */
  async function enrolled() {
    const user = await insertUser(t.ctx.db, { isAdmin: true });
    const token = (await password(user.email)).json().data.response.token.accessToken as string;
    const setup = (await call('POST', '/api/users/me/mfa/setup', { password: TEST_PASSWORD }, token)).json()
      .data;
    const enabled = await call(
      'POST',
      '/api/users/me/mfa/enable',
      { code: code(setup.secret, user.email) },
      token,
    );
    expect(enabled.statusCode).toBe(200);
    t.advance(STEP_MS);
    return {
      user,
      token,
      secret: setup.secret as string,
      recoveryCodes: enabled.json().data.recoveryCodes as string[],
    };
  }

  it('enrols from Settings with a QR code and a typed code, and answers ten recovery codes once', async () => {
    const user = await insertUser(t.ctx.db);
    const token = (await password(user.email)).json().data.response.token.accessToken as string;
    const setup = await call('POST', '/api/users/me/mfa/setup', { password: TEST_PASSWORD }, token);
    expect(setup.statusCode).toBe(200);
    const { secret, uri, qrCode } = setup.json().data;
    expect(uri).toContain(`secret=${secret}`);
    expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect((await call('POST', '/api/users/me/mfa/enable', { code: '000000' }, token)).json().code).toBe(
      'MFA_CODE_INVALID',
    );
    const enabled = await call('POST', '/api/users/me/mfa/enable', { code: code(secret, user.email) }, token);
    expect(enabled.statusCode).toBe(200);
    const codes: string[] = enabled.json().data.recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    expect(codes.every((recovery) => /^[a-z2-9]{5}-[a-z2-9]{5}$/.test(recovery))).toBe(true);
    expect((await call('GET', '/api/users/me', undefined, token)).json().data.mfaEnabled).toBe(true);
    expect((await call('GET', '/api/users/me/mfa', undefined, token)).json().data).toEqual({
      enabled: true,
      recoveryCodesLeft: 10,
      required: false,
    });
    expect(
      (await call('POST', '/api/users/me/mfa/setup', { password: TEST_PASSWORD }, token)).statusCode,
    ).toBe(409);
  });

  it('asks for the code in a second step: the first answer carries no session', async () => {
    const { user, secret } = await enrolled();
    const first = await password(user.email);
    expect(first.statusCode).toBe(200);
    const response = first.json().data.response;
    expect(response.token).toBeUndefined();
    expect(response.mfa).toMatchObject({ step: 'verify', expiresIn: 300 });
    expect(JSON.stringify(first.json())).not.toMatch(/accessToken/);
    const wrong = await call('POST', '/api/users/login/mfa', {
      challenge: response.mfa.challenge,
      code: '123456',
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe('MFA_CODE_INVALID');
    const right = await call('POST', '/api/users/login/mfa', {
      challenge: response.mfa.challenge,
      code: code(secret, user.email),
    });
    expect(right.statusCode).toBe(200);
    const session = right.json().data.response.token.accessToken;
    expect((await call('GET', '/api/users/me', undefined, session)).statusCode).toBe(200);
    // The challenge is spent, and the same code does not work twice.
    const again = await call('POST', '/api/users/login/mfa', {
      challenge: (await password(user.email)).json().data.response.mfa.challenge,
      code: code(secret, user.email),
    });
    expect(again.json().code).toBe('MFA_CODE_INVALID');
  });

  it('takes each recovery code once, in any letter case', async () => {
    const { user, recoveryCodes, token } = await enrolled();
    const recovery = recoveryCodes[0] ?? '';
    const challenge = async () => (await password(user.email)).json().data.response.mfa.challenge;
    const used = await call('POST', '/api/users/login/mfa', {
      challenge: await challenge(),
      code: recovery.toUpperCase(),
    });
    expect(used.statusCode).toBe(200);
    const reused = await call('POST', '/api/users/login/mfa', {
      challenge: await challenge(),
      code: recovery,
    });
    expect(reused.statusCode).toBe(401);
    expect((await call('GET', '/api/users/me/mfa', undefined, token)).json().data.recoveryCodesLeft).toBe(9);
  });

  it('lets a challenge live five minutes', async () => {
    const { user, secret } = await enrolled();
    const { challenge } = (await password(user.email)).json().data.response.mfa;
    t.advance(5 * 60 * 1000 + 1000);
    const late = await call('POST', '/api/users/login/mfa', { challenge, code: code(secret, user.email) });
    expect(late.statusCode).toBe(401);
    expect(late.json().code).toBe('MFA_CHALLENGE_EXPIRED');
  });

  it('counts wrong codes like wrong passwords: the email locks after five', async () => {
    const { user, secret } = await enrolled();
    const { challenge } = (await password(user.email)).json().data.response.mfa;
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push(
        (await call('POST', '/api/users/login/mfa', { challenge, code: `11111${i}` })).statusCode,
      );
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    const locked = await call('POST', '/api/users/login/mfa', { challenge, code: code(secret, user.email) });
    expect(locked.statusCode).toBe(429);
  });

  it('does not count a right password as a failure while the second step is pending', async () => {
    const { user } = await enrolled();
    for (let i = 0; i < 7; i++) {
      expect((await password(user.email)).json().data.response.mfa.step).toBe('verify');
    }
  });

  it('turns the second factor off with a current code, and the sign-in is one step again', async () => {
    const { user, secret, token } = await enrolled();
    expect(
      (await call('POST', '/api/users/me/mfa/disable', { password: TEST_PASSWORD, code: '000000' }, token))
        .statusCode,
    ).toBe(401);
    const off = await call(
      'POST',
      '/api/users/me/mfa/disable',
      { password: TEST_PASSWORD, code: code(secret, user.email) },
      token,
    );
    expect(off.statusCode).toBe(200);
    expect((await password(user.email)).json().data.response.token.accessToken).toEqual(expect.any(String));
    expect(
      (await call('POST', '/api/users/me/mfa/disable', { password: TEST_PASSWORD, code: '123456' }, token))
        .statusCode,
    ).toBe(409);
  });

  it('asks for the password again to set a factor up or turn it off', async () => {
    const user = await insertUser(t.ctx.db);
    const token = (await password(user.email)).json().data.response.token.accessToken as string;
    expect((await call('POST', '/api/users/me/mfa/setup', undefined, token)).statusCode).toBe(400);
    const wrong = await call('POST', '/api/users/me/mfa/setup', { password: 'Not-the-pass-1' }, token);
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({
      code: 'CURRENT_PASSWORD_WRONG',
      fields: { password: expect.any(String) },
    });
    expect((await call('GET', '/api/users/me/mfa', undefined, token)).json().data.enabled).toBe(false);

    const { user: other, secret, token: otherToken } = await enrolled();
    const refused = await call(
      'POST',
      '/api/users/me/mfa/disable',
      { password: 'Not-the-pass-1', code: code(secret, other.email) },
      otherToken,
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe('CURRENT_PASSWORD_WRONG');
    expect(
      (await call('POST', '/api/users/me/mfa/disable', { code: code(secret, other.email) }, otherToken))
        .statusCode,
    ).toBe(400);
    expect((await call('GET', '/api/users/me/mfa', undefined, otherToken)).json().data.enabled).toBe(true);
  });

  it('turns a factor on once when two enables race with the same valid code', async () => {
    const user = await insertUser(t.ctx.db);
    const token = (await password(user.email)).json().data.response.token.accessToken as string;
    const setup = (await call('POST', '/api/users/me/mfa/setup', { password: TEST_PASSWORD }, token)).json()
      .data;
    const typed = code(setup.secret, user.email);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => call('POST', '/api/users/me/mfa/enable', { code: typed }, token)),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409, 409]);
    const winner = answers.find((answer) => answer.statusCode === 200);
    // The recovery codes of the one that won are the ones that work.
    const [recovery] = (winner?.json().data.recoveryCodes ?? []) as string[];
    const { challenge } = (await password(user.email)).json().data.response.mfa;
    const signedIn = await call('POST', '/api/users/login/mfa', { challenge, code: recovery });
    expect(signedIn.statusCode).toBe(200);
  });

  it('ends a pending second step when the password changes', async () => {
    const { user, secret, token } = await enrolled();
    const { challenge } = (await password(user.email)).json().data.response.mfa;
    const changed = await call(
      'POST',
      '/api/users/me/password',
      { currentPassword: TEST_PASSWORD, newPassword: 'Another-pass-2' },
      token,
    );
    expect(changed.statusCode).toBe(200);
    const late = await call('POST', '/api/users/login/mfa', { challenge, code: code(secret, user.email) });
    expect(late.statusCode).toBe(401);
    expect(late.json().code).toBe('MFA_CHALLENGE_EXPIRED');
  });

  it('stores the secrets sealed with the key, and seals those an earlier version left in the clear', async () => {
    const { user, secret } = await enrolled();
    const [row] = await t.ctx.db
      .select({ secret: users.totpSecret })
      .from(users)
      .where(eq(users.id, user.id));
    expect(row?.secret).toMatch(/^v1:/);
    expect(row?.secret).not.toContain(secret);
    expect(openSecret(totpKeyOf(t.ctx.config), row?.secret ?? '')).toBe(secret);
    // Another key cannot open it.
    expect(() => openSecret(Buffer.alloc(32, 7), row?.secret ?? '')).toThrow();

    // A secret of before: in the clear, sealed at the next start, and still accepted.
    await t.ctx.db.update(users).set({ totpSecret: secret }).where(eq(users.id, user.id));
    expect(await sealStoredSecrets(t.ctx.db, totpKeyOf(t.ctx.config))).toBe(1);
    expect(await sealStoredSecrets(t.ctx.db, totpKeyOf(t.ctx.config))).toBe(0);
    const [after] = await t.ctx.db
      .select({ secret: users.totpSecret })
      .from(users)
      .where(eq(users.id, user.id));
    expect(after?.secret).toMatch(/^v1:/);
    const { challenge } = (await password(user.email)).json().data.response.mfa;
    expect(
      (await call('POST', '/api/users/login/mfa', { challenge, code: code(secret, user.email) })).statusCode,
    ).toBe(200);
  });

  it('lets an admin remove another user’s factor: audited, mailed, sessions ended, password alone next', async () => {
    const { user, token } = await enrolled();
    const admin = await insertUser(t.ctx.db, { isAdmin: true });
    const adminToken = (await password(admin.email)).json().data.response.token.accessToken as string;
    const doctor = await insertUser(t.ctx.db, {});
    const doctorToken = (await password(doctor.email)).json().data.response.token.accessToken as string;
    const again = { password: TEST_PASSWORD };
    expect((await call('POST', `/api/users/${user.id}/mfa/reset`, again, doctorToken)).statusCode).toBe(403);

    const send = vi.spyOn(t.ctx.mailer, 'send');
    const reset = await call('POST', `/api/users/${user.id}/mfa/reset`, again, adminToken);
    expect(reset.statusCode).toBe(200);
    expect(reset.json().data).toEqual({ reset: true });
    // The user's sessions ended; the next sign-in is the password alone.
    expect((await call('GET', '/api/users/me', undefined, token)).statusCode).toBe(401);
    expect((await password(user.email)).json().data.response.token.accessToken).toEqual(expect.any(String));
    expect((await call('POST', `/api/users/${user.id}/mfa/reset`, again, adminToken)).json().code).toBe(
      'MFA_NOT_ENABLED',
    );
    const trail = await call('GET', `/api/audit?action=user.mfa_reset&size=10`, undefined, adminToken);
    expect(trail.json().data).toEqual([
      expect.objectContaining({ action: 'user.mfa_reset', entityId: user.id, actorUserId: admin.id }),
    ]);
    // The user is told, by mail.
    await vi.waitFor(() =>
      expect(send).toHaveBeenCalledWith(
        expect.objectContaining({ to: user.email, subject: 'Se quitó su segundo factor' }),
      ),
    );
  });

  it('asks the admin’s own password again for a reset: none, or a wrong one, resets nothing, the wrong one audited', async () => {
    const { user, token } = await enrolled();
    const admin = await insertUser(t.ctx.db, { isAdmin: true });
    const adminToken = (await password(admin.email)).json().data.response.token.accessToken as string;
    const url = `/api/users/${user.id}/mfa/reset`;
    const none = await call('POST', url, undefined, adminToken);
    expect(none.statusCode).toBe(400);
    const wrong = await t.request({
      method: 'POST',
      url,
      token: adminToken,
      headers: { 'accept-language': 'en' },
      payload: { password: 'not-the-password' },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({
      code: 'CURRENT_PASSWORD_WRONG',
      fields: { password: expect.any(String) },
    });
    // The user's factor and session are untouched; the refusal is in the trail.
    expect((await call('GET', '/api/users/me', undefined, token)).statusCode).toBe(200);
    const status = (await call('GET', '/api/users/me/mfa', undefined, token)).json().data;
    expect(status.enabled).toBe(true);
    const trail = await call('GET', `/api/audit?action=user.mfa_reset&size=10`, undefined, adminToken);
    expect(
      trail.json().data.filter((event: { actorUserId: string }) => event.actorUserId === admin.id),
    ).toEqual([
      expect.objectContaining({ action: 'user.mfa_reset', outcome: 'failed', actorUserId: admin.id }),
    ]);
    expect((await call('POST', url, { password: TEST_PASSWORD }, adminToken)).statusCode).toBe(200);
  });

  it('does not reset an admin’s own second factor: Settings turns it off, with a code', async () => {
    const { user, token } = await enrolled();
    const own = await t.request({
      method: 'POST',
      url: `/api/users/${user.id}/mfa/reset`,
      token,
      headers: { 'accept-language': 'en' },
      payload: { password: TEST_PASSWORD },
    });
    expect(own.statusCode).toBe(422);
    expect(own.json().code).toBe('MFA_RESET_SELF');
    expect((await call('GET', '/api/users/me/mfa', undefined, token)).json().data.enabled).toBe(true);
  });

  it('audits the set-up, the enrolment, each use and the switching off', async () => {
    const admin = await enrolled();
    const { user, secret, token } = await enrolled();
    const { challenge } = (await password(user.email)).json().data.response.mfa;
    await call('POST', '/api/users/login/mfa', { challenge, code: '000000' });
    await call('POST', '/api/users/login/mfa', { challenge, code: code(secret, user.email) });
    t.advance(STEP_MS);
    await call(
      'POST',
      '/api/users/me/mfa/disable',
      { password: TEST_PASSWORD, code: code(secret, user.email) },
      token,
    );
    const trail = await call(
      'GET',
      `/api/audit?userId=${user.id}&order=asc&size=100`,
      undefined,
      admin.token,
    );
    const actions = trail
      .json()
      .data.map((entry: { action: string; outcome: string }) => `${entry.action}:${entry.outcome}`);
    expect(actions).toEqual(
      expect.arrayContaining([
        'auth.mfa_setup:ok',
        'auth.mfa_enabled:ok',
        'auth.mfa_challenge:ok',
        'auth.mfa:failed',
        'auth.mfa:ok',
        'auth.mfa_disabled:ok',
      ]),
    );
    expect(JSON.stringify(trail.json())).not.toContain(secret);
  });
});

describe('a second factor required of admins', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ REQUIRE_ADMIN_MFA: 'true' });
  });
  afterAll(() => t.close());

  const call = (url: string, payload: object) => t.request({ method: 'POST', url, payload });

  it('makes an admin without one set it up at the next sign-in, and then ask for it', async () => {
    const admin = await insertUser(t.ctx.db, { isAdmin: true });
    const first = (await call('/api/users/login', { email: admin.email, password: TEST_PASSWORD })).json()
      .data.response;
    expect(first.mfa.step).toBe('enrol');
    expect(
      (await call('/api/users/login/mfa', { challenge: first.mfa.challenge, code: '123456' })).statusCode,
    ).toBe(401);
    const setup = (await call('/api/users/login/mfa/setup', { challenge: first.mfa.challenge })).json().data;
    const enabled = await call('/api/users/login/mfa/enable', {
      challenge: first.mfa.challenge,
      code: codeAt(setup.secret, admin.email, t.ctx.now()),
    });
    expect(enabled.statusCode).toBe(200);
    expect(enabled.json().data.recoveryCodes).toHaveLength(10);
    const session = enabled.json().data.response.token.accessToken;
    expect(
      (await t.request({ method: 'GET', url: '/api/users/me/mfa', token: session })).json().data,
    ).toMatchObject({
      enabled: true,
      required: true,
    });
    t.advance(STEP_MS);
    const next = (await call('/api/users/login', { email: admin.email, password: TEST_PASSWORD })).json().data
      .response;
    expect(next.mfa.step).toBe('verify');
  });

  it('refuses an admin’s session made without a factor until the admin enrols, and keeps the factor on', async () => {
    // A server without the flag, on the same database: the session of before the flag.
    const before = await buildTestApp({}, { database: t.database });
    const admin = await insertUser(t.ctx.db, { isAdmin: true });
    const old = (
      await before.request({
        method: 'POST',
        url: '/api/users/login',
        payload: { email: admin.email, password: TEST_PASSWORD },
      })
    ).json().data.response.token.accessToken as string;
    expect((await before.request({ method: 'GET', url: '/api/users/me', token: old })).statusCode).toBe(200);
    const refused = await t.request({ method: 'GET', url: '/api/users/me', token: old });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe('MFA_REQUIRED');
    // The session is gone for good, on every server.
    expect((await before.request({ method: 'GET', url: '/api/users/me', token: old })).statusCode).toBe(401);
    // Only its app: the database is the other server's too.
    await before.app.close();

    // Enrolled at sign-in, the admin is served, and cannot turn the required factor off.
    const first = (await call('/api/users/login', { email: admin.email, password: TEST_PASSWORD })).json()
      .data.response;
    const setup = (await call('/api/users/login/mfa/setup', { challenge: first.mfa.challenge })).json().data;
    const enabled = await call('/api/users/login/mfa/enable', {
      challenge: first.mfa.challenge,
      code: codeAt(setup.secret, admin.email, t.ctx.now()),
    });
    const session = enabled.json().data.response.token.accessToken as string;
    expect((await t.request({ method: 'GET', url: '/api/users/me', token: session })).statusCode).toBe(200);
    t.advance(STEP_MS);
    const off = await t.request({
      method: 'POST',
      url: '/api/users/me/mfa/disable',
      token: session,
      payload: { password: TEST_PASSWORD, code: codeAt(setup.secret, admin.email, t.ctx.now()) },
    });
    expect(off.statusCode).toBe(403);
    expect(off.json().code).toBe('MFA_REQUIRED');
    expect(
      (await t.request({ method: 'GET', url: '/api/users/me/mfa', token: session })).json().data.enabled,
    ).toBe(true);
  });

  it('leaves doctors signing in as before', async () => {
    const doctor = await insertUser(t.ctx.db, {});
    const res = await call('/api/users/login', { email: doctor.email, password: TEST_PASSWORD });
    expect(res.json().data.response.token.accessToken).toEqual(expect.any(String));
  });
});
