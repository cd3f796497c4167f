import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser, TEST_PASSWORD } from '../test/fixtures.ts';
import { buildTestApp, type TestApp } from '../test/helper.ts';
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
    const setup = (await call('POST', '/api/users/me/mfa/setup', undefined, token)).json().data;
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
    const setup = await call('POST', '/api/users/me/mfa/setup', undefined, token);
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
    expect((await call('POST', '/api/users/me/mfa/setup', undefined, token)).statusCode).toBe(409);
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
    expect((await call('POST', '/api/users/me/mfa/disable', { code: '000000' }, token)).statusCode).toBe(401);
    const off = await call('POST', '/api/users/me/mfa/disable', { code: code(secret, user.email) }, token);
    expect(off.statusCode).toBe(200);
    expect((await password(user.email)).json().data.response.token.accessToken).toEqual(expect.any(String));
    expect((await call('POST', '/api/users/me/mfa/disable', { code: '123456' }, token)).statusCode).toBe(409);
  });

  it('audits the set-up, the enrolment, each use and the switching off', async () => {
    const admin = await enrolled();
    const { user, secret, token } = await enrolled();
    const { challenge } = (await password(user.email)).json().data.response.mfa;
    await call('POST', '/api/users/login/mfa', { challenge, code: '000000' });
    await call('POST', '/api/users/login/mfa', { challenge, code: code(secret, user.email) });
    t.advance(STEP_MS);
    await call('POST', '/api/users/me/mfa/disable', { code: code(secret, user.email) }, token);
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

  it('leaves doctors signing in as before', async () => {
    const doctor = await insertUser(t.ctx.db, {});
    const res = await call('/api/users/login', { email: doctor.email, password: TEST_PASSWORD });
    expect(res.json().data.response.token.accessToken).toEqual(expect.any(String));
  });
});
