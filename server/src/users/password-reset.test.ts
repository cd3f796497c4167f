import { en, es } from '@registry/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, passwordResetCodes } from '../db/schema.ts';
import { insertInstitution, insertUser, TEST_PASSWORD } from '../test/fixtures.ts';
import { buildTestApp, type TestApp } from '../test/helper.ts';
import {
  type ParsedMail,
  parseMail,
  resetCodeOf,
  startSmtpServer,
  type TestSmtpServer,
} from '../test/smtp.ts';
import {
  RESET_CODES_PER_ACCOUNT,
  RESET_CODES_WINDOW_MS,
  RESET_REQUEST_MIN_MS,
} from './password-reset.service.ts';

const MINUTE = 60 * 1000;
const NEW_PASSWORD = 'Nueva-clave7';
const OTHER_PASSWORD = 'Otra-clave8';
const WEAK_PASSWORD = 'weakpass';

const INVALID_CODE_EN = {
  statusCode: 400,
  error: 'Bad Request',
  message: 'Error on trying to change password or invalid code.',
  code: 'INVALID_RESET_CODE',
  requestId: expect.any(String),
};

describe('password reset: POST /api/users/password/reset and /reset/confirm', () => {
  let t: TestApp;
  let smtp: TestSmtpServer;
  /** Every code and password this file used, to look for them in the audit trail at the end. */
  const secrets = new Set<string>([TEST_PASSWORD, NEW_PASSWORD, OTHER_PASSWORD, WEAK_PASSWORD]);

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await buildTestApp({ SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  // Each call comes from its own address, so that the per-address rate limits never get in the way.
  let address = 0;
  const nextIp = () => {
    address++;
    return `10.20.${Math.floor(address / 250)}.${(address % 250) + 1}`;
  };

  const requestReset = (email: string, headers: Record<string, string> = {}) =>
    t.request({
      method: 'POST',
      url: '/api/users/password/reset',
      payload: { email },
      headers,
      remoteAddress: nextIp(),
    });

  const confirm = (
    payload: { email: string; verificationCode: string; password: string },
    headers: Record<string, string> = { 'accept-language': 'en' },
  ) => {
    secrets.add(payload.verificationCode);
    secrets.add(payload.password);
    return t.request({
      method: 'POST',
      url: '/api/users/password/reset/confirm',
      payload,
      headers,
      remoteAddress: nextIp(),
    });
  };

  const login = (email: string, password: string) =>
    t.request({
      method: 'POST',
      url: '/api/users/login',
      payload: { email, password },
      remoteAddress: nextIp(),
    });

  const mailsTo = (email: string) =>
    smtp.messages.filter((mail) => mail.to.includes(email)).map((mail) => parseMail(mail.raw));

  /** The newest mail to an address whose subject matches, waiting for it if needed. */
  async function nthMailTo(email: string, n: number): Promise<ParsedMail> {
    await smtp.waitFor(() => mailsTo(email).length >= n);
    const mail = mailsTo(email)[n - 1];
    if (!mail) {
      throw new Error(`no mail #${n} to ${email}`);
    }
    return mail;
  }

  /** Requests a reset and answers the code of the mail it caused. */
  async function codeFor(email: string): Promise<string> {
    const before = mailsTo(email).length;
    const res = await requestReset(email);
    expect(res.statusCode).toBe(200);
    const code = resetCodeOf(await nthMailTo(email, before + 1));
    if (!code) {
      throw new Error(`no code in the mail to ${email}`);
    }
    secrets.add(code);
    return code;
  }

  /** Gives a mail that should not come a moment to arrive anyway, before asserting that it did not. */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 200));

  /** A code that is certainly not the given one. */
  const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it('issues at most five codes per account an hour, from any address, answering the same', async () => {
    const user = await insertUser(t.ctx.db);
    for (let i = 0; i < RESET_CODES_PER_ACCOUNT; i++) {
      await codeFor(user.email);
      t.advance(MINUTE);
    }
    const capped = await requestReset(user.email);
    const unknown = await requestReset('nobody-at-all@example.org');
    expect(capped.statusCode).toBe(200);
    const withoutId = (body: string) => body.replace(/"requestId":"[^"]*"/, '');
    expect(withoutId(capped.body)).toBe(withoutId(unknown.body));
    await settle();
    expect(mailsTo(user.email)).toHaveLength(RESET_CODES_PER_ACCOUNT);
    const codes = await t.ctx.db
      .select()
      .from(passwordResetCodes)
      .where(eq(passwordResetCodes.userId, user.id));
    expect(codes).toHaveLength(RESET_CODES_PER_ACCOUNT);
    // An hour after the first, the account may have a code again.
    t.advance(RESET_CODES_WINDOW_MS);
    await codeFor(user.email);
  });

  it('takes the same time whether or not the email exists', async () => {
    const user = await insertUser(t.ctx.db);
    const timed = async (email: string) => {
      const started = performance.now();
      expect((await requestReset(email)).statusCode).toBe(200);
      return performance.now() - started;
    };
    const known = await timed(user.email);
    const unknown = await timed('nobody-either@example.org');
    // Neither answers before the floor, which is longer than the work either does.
    expect(known).toBeGreaterThanOrEqual(RESET_REQUEST_MIN_MS - 5);
    expect(unknown).toBeGreaterThanOrEqual(RESET_REQUEST_MIN_MS - 5);
  });

  describe('the whole flow', () => {
    it('answers 200 { data: { sent: true } } and mails a 6-digit code, in Spanish by default', async () => {
      const user = await insertUser(t.ctx.db);
      const res = await requestReset(user.email);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ data: { sent: true } });

      const mail = await nthMailTo(user.email, 1);
      expect(mail.subject).toBe('Su código para restablecer la contraseña');
      expect(mail.text).toBeDefined();
      expect(mail.html).toBeDefined();
      const code = resetCodeOf(mail);
      expect(code).toMatch(/^\d{6}$/);
      secrets.add(code ?? '');
      expect(mail.text).toContain(`Su código de verificación es: ${code}`);
      expect(mail.html).toContain(`>${code}</p>`);
      expect(mail.html).toMatch(/^<!doctype html>/i);
    });

    it('mails the code in English when Accept-Language asks for en', async () => {
      const user = await insertUser(t.ctx.db);
      const res = await requestReset(user.email, { 'accept-language': 'en-GB,en;q=0.9' });
      expect(res.statusCode).toBe(200);

      const mail = await nthMailTo(user.email, 1);
      expect(mail.subject).toBe('Your password reset code');
      const code = resetCodeOf(mail);
      expect(code).toMatch(/^\d{6}$/);
      secrets.add(code ?? '');
      expect(mail.text).toContain(`Your verification code is: ${code}`);
      expect(mail.html).toContain(`>${code}</p>`);
    });

    it('mails the address as stored when the request spells it in another letter case', async () => {
      const user = await insertUser(t.ctx.db, { email: 'Reset.Mixed@example.org' });
      expect((await requestReset('reset.MIXED@Example.org')).statusCode).toBe(200);
      const mail = await nthMailTo(user.email, 1);
      expect(mail.headers.to).toBe('Reset.Mixed@example.org');
      secrets.add(resetCodeOf(mail) ?? '');
    });

    it('sets the new password with the code, ends every session and mails that the password changed', async () => {
      const user = await insertUser(t.ctx.db);
      const first = await t.signIn(user.email);
      const second = await t.signIn(user.email);
      expect((await t.me(first)).statusCode).toBe(200);

      const code = await codeFor(user.email);
      const res = await confirm({ email: user.email, verificationCode: code, password: NEW_PASSWORD });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ data: { changed: true } });

      // Every session that existed before is dead.
      expect((await t.me(first)).statusCode).toBe(401);
      expect((await t.me(second)).statusCode).toBe(401);
      // The old password fails and the new one signs in.
      const old = await login(user.email, TEST_PASSWORD);
      expect(old.statusCode).toBe(401);
      expect(old.json().code).toBe('INVALID_CREDENTIALS');
      const fresh = await t.signIn(user.email, NEW_PASSWORD);
      expect((await t.me(fresh)).json().data.id).toBe(user.id);

      // The confirmation was sent with Accept-Language: en.
      const notice = await nthMailTo(user.email, 2);
      expect(notice.subject).toBe('Your password was changed');
      expect(notice.text).toContain('The password of your Leukaemia Registry account has just changed');
      expect(notice.html).toBeDefined();
      expect(resetCodeOf(notice)).toBeUndefined();
    });

    it('writes the password-changed mail in Spanish by default', async () => {
      const user = await insertUser(t.ctx.db);
      const code = await codeFor(user.email);
      const res = await confirm({ email: user.email, verificationCode: code, password: NEW_PASSWORD }, {});
      expect(res.statusCode).toBe(200);
      const notice = await nthMailTo(user.email, 2);
      expect(notice.subject).toBe('Su contraseña fue cambiada');
      expect(notice.text).toContain('acaba de cambiar y todas sus sesiones se cerraron');
    });

    it('accepts the code with the email in another letter case', async () => {
      const user = await insertUser(t.ctx.db);
      const code = await codeFor(user.email);
      const res = await confirm({
        email: user.email.toUpperCase(),
        verificationCode: code,
        password: NEW_PASSWORD,
      });
      expect(res.statusCode).toBe(200);
      expect((await login(user.email, NEW_PASSWORD)).statusCode).toBe(200);
    });

    it('lifts the sign-in lockout of the email once the password is reset', async () => {
      const user = await insertUser(t.ctx.db);
      for (let i = 0; i < 5; i++) {
        await login(user.email, 'Wrong-pass9');
      }
      expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(429);
      const code = await codeFor(user.email);
      expect(
        (await confirm({ email: user.email, verificationCode: code, password: NEW_PASSWORD })).statusCode,
      ).toBe(200);
      expect((await login(user.email, NEW_PASSWORD)).statusCode).toBe(200);
    });

    it('keeps only a hash of the code in the database', async () => {
      const user = await insertUser(t.ctx.db);
      const code = await codeFor(user.email);
      const rows = await t.ctx.db
        .select()
        .from(passwordResetCodes)
        .where(eq(passwordResetCodes.userId, user.id));
      expect(rows).toHaveLength(1);
      expect(rows[0]?.codeHash).not.toBe(code);
      expect(rows[0]?.codeHash).not.toMatch(/^\d{6}$/);
    });
  });

  describe('codes that are refused with 400 INVALID_RESET_CODE', () => {
    it('refuses a wrong code, and the password stays as it was', async () => {
      const user = await insertUser(t.ctx.db);
      const code = await codeFor(user.email);
      const res = await confirm({
        email: user.email,
        verificationCode: otherThan(code),
        password: NEW_PASSWORD,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(INVALID_CODE_EN);
      expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(200);
      expect((await login(user.email, NEW_PASSWORD)).statusCode).toBe(401);
    });

    it('says so in Spanish by default', async () => {
      const user = await insertUser(t.ctx.db);
      const code = await codeFor(user.email);
      const res = await confirm(
        { email: user.email, verificationCode: otherThan(code), password: NEW_PASSWORD },
        {},
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ ...INVALID_CODE_EN, message: es.errors.INVALID_RESET_CODE });
    });

    it('still accepts the code 9 minutes 59 seconds after the request', async () => {
      const user = await insertUser(t.ctx.db);
      const code = await codeFor(user.email);
      t.advance(10 * MINUTE - 1000);
      const res = await confirm({ email: user.email, verificationCode: code, password: NEW_PASSWORD });
      expect(res.statusCode).toBe(200);
    });

    it('refuses a code 10 minutes and 1 second after the request', async () => {
      const user = await insertUser(t.ctx.db);
      const code = await codeFor(user.email);
      t.advance(10 * MINUTE + 1000);
      const res = await confirm({ email: user.email, verificationCode: code, password: NEW_PASSWORD });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(INVALID_CODE_EN);
      expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(200);
    });

    it('refuses a code used a second time', async () => {
      const user = await insertUser(t.ctx.db);
      const code = await codeFor(user.email);
      expect(
        (await confirm({ email: user.email, verificationCode: code, password: NEW_PASSWORD })).statusCode,
      ).toBe(200);
      const again = await confirm({ email: user.email, verificationCode: code, password: OTHER_PASSWORD });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual(INVALID_CODE_EN);
      expect((await login(user.email, NEW_PASSWORD)).statusCode).toBe(200);
      expect((await login(user.email, OTHER_PASSWORD)).statusCode).toBe(401);
    });

    it('lets only one of two confirmations sent at the same time with the same code through', async () => {
      const user = await insertUser(t.ctx.db);
      const code = await codeFor(user.email);
      const answers = await Promise.all([
        confirm({ email: user.email, verificationCode: code, password: NEW_PASSWORD }),
        confirm({ email: user.email, verificationCode: code, password: OTHER_PASSWORD }),
      ]);
      expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 400]);
    });

    it('still accepts the right code after 4 wrong tries', async () => {
      const user = await insertUser(t.ctx.db);
      const code = await codeFor(user.email);
      for (let i = 0; i < 4; i++) {
        const wrong = await confirm({
          email: user.email,
          verificationCode: otherThan(code),
          password: NEW_PASSWORD,
        });
        expect(wrong.statusCode).toBe(400);
      }
      const res = await confirm({ email: user.email, verificationCode: code, password: NEW_PASSWORD });
      expect(res.statusCode).toBe(200);
    });

    it('voids the code after 5 wrong tries, even for the right code afterwards', async () => {
      const user = await insertUser(t.ctx.db);
      const code = await codeFor(user.email);
      for (let i = 0; i < 5; i++) {
        const wrong = await confirm({
          email: user.email,
          verificationCode: otherThan(code),
          password: NEW_PASSWORD,
        });
        expect(wrong.statusCode).toBe(400);
        expect(wrong.json()).toEqual(INVALID_CODE_EN);
      }
      const res = await confirm({ email: user.email, verificationCode: code, password: NEW_PASSWORD });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(INVALID_CODE_EN);
      expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(200);

      // A new request gives a new code that works.
      const fresh = await codeFor(user.email);
      expect(
        (await confirm({ email: user.email, verificationCode: fresh, password: NEW_PASSWORD })).statusCode,
      ).toBe(200);
    });

    it('counts wrong tries sent at the same time, so that parallel guessing gets no more than 5', async () => {
      const user = await insertUser(t.ctx.db);
      const code = await codeFor(user.email);
      const guesses = Array.from({ length: 10 }, (_, i) =>
        String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'),
      );
      const answers = await Promise.all(
        guesses.map((guess) =>
          confirm({ email: user.email, verificationCode: guess, password: NEW_PASSWORD }),
        ),
      );
      expect(answers.map((res) => res.statusCode)).toEqual(guesses.map(() => 400));
      // Ten wrong tries in all: the code is void.
      const res = await confirm({ email: user.email, verificationCode: code, password: NEW_PASSWORD });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(INVALID_CODE_EN);
    });

    it('voids the older code when a newer request is made; the newer code works', async () => {
      const user = await insertUser(t.ctx.db);
      const older = await codeFor(user.email);
      const newer = await codeFor(user.email);
      expect(newer).not.toBe(older);

      const res = await confirm({ email: user.email, verificationCode: older, password: NEW_PASSWORD });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(INVALID_CODE_EN);
      const ok = await confirm({ email: user.email, verificationCode: newer, password: NEW_PASSWORD });
      expect(ok.statusCode).toBe(200);
    });

    it('refuses an unknown email with the same answer as a wrong code', async () => {
      const res = await confirm({
        email: 'nobody-reset@example.org',
        verificationCode: '123456',
        password: NEW_PASSWORD,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(INVALID_CODE_EN);
    });

    it('refuses a code of another user', async () => {
      const owner = await insertUser(t.ctx.db);
      const other = await insertUser(t.ctx.db);
      const code = await codeFor(owner.email);
      await codeFor(other.email);
      const res = await confirm({ email: other.email, verificationCode: code, password: NEW_PASSWORD });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(INVALID_CODE_EN);
    });

    it('answers 200 to an inactive user but mails nothing, and any code is refused', async () => {
      const user = await insertUser(t.ctx.db, { isActive: false });
      const res = await requestReset(user.email);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ data: { sent: true } });
      await settle();
      expect(mailsTo(user.email)).toEqual([]);

      const refused = await confirm({
        email: user.email,
        verificationCode: '123456',
        password: NEW_PASSWORD,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual(INVALID_CODE_EN);
    });

    it('answers 200 to a doctor of an inactive institution but mails nothing', async () => {
      const institution = await insertInstitution(t.ctx.db, { isActive: false });
      const doctor = await insertUser(t.ctx.db, { institutionId: institution.id });
      const res = await requestReset(doctor.email);
      expect(res.statusCode).toBe(200);
      await settle();
      expect(mailsTo(doctor.email)).toEqual([]);
    });
  });

  describe('validation', () => {
    it('refuses a weak new password with 400 VALIDATION_FAILED and fields.password, keeping the code', async () => {
      const user = await insertUser(t.ctx.db);
      const code = await codeFor(user.email);
      for (const weak of [WEAK_PASSWORD, 'Short1!', 'NoDigits-here', 'with space1A!']) {
        const res = await confirm({ email: user.email, verificationCode: code, password: weak });
        expect(res.statusCode, weak).toBe(400);
        expect(res.json()).toEqual({
          statusCode: 400,
          error: 'Bad Request',
          message: en.errors.VALIDATION_FAILED,
          code: 'VALIDATION_FAILED',
          fields: { password: en.validation.passwordStrong },
          requestId: expect.any(String),
        });
      }
      // The refusals did not spend the code's tries.
      const res = await confirm({ email: user.email, verificationCode: code, password: NEW_PASSWORD });
      expect(res.statusCode).toBe(200);
    });

    it('refuses a code that is not 6 digits with fields.verificationCode', async () => {
      const res = await confirm({
        email: 'someone@example.org',
        verificationCode: '12345',
        password: NEW_PASSWORD,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({ verificationCode: en.validation.codeFormat });
    });

    it('refuses a request with an invalid email or unknown fields', async () => {
      const invalid = await requestReset('not-an-email');
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json().fields).toEqual({ email: es.validation.emailInvalid });
      const extra = await t.request({
        method: 'POST',
        url: '/api/users/password/reset',
        payload: { email: 'someone@example.org', lang: 'en' },
        remoteAddress: nextIp(),
      });
      expect(extra.statusCode).toBe(400);
      expect(extra.json().fields).toEqual({ lang: es.validation.unknownField });
    });
  });

  describe('what the answers and the trail do not reveal', () => {
    it('answers an unknown email exactly like a known one and sends nothing', async () => {
      const user = await insertUser(t.ctx.db);
      const known = await requestReset(user.email);
      await nthMailTo(user.email, 1);
      const sentBefore = smtp.messages.length;

      const unknown = await requestReset('nobody-at-all@example.org');
      expect(unknown.statusCode).toBe(known.statusCode);
      expect(unknown.body).toBe(known.body);
      expect(unknown.headers['content-type']).toBe(known.headers['content-type']);
      await settle();
      expect(smtp.messages.length).toBe(sentBefore);
      expect(mailsTo('nobody-at-all@example.org')).toEqual([]);
      secrets.add(resetCodeOf(mailsTo(user.email)[0] as ParsedMail) ?? '');
    });

    it('answers a known email without waiting for the mail server, so that timing does not tell it exists', async () => {
      const user = await insertUser(t.ctx.db);
      smtp.setDelay(2000);
      try {
        const started = performance.now();
        const known = await requestReset(user.email);
        const elapsed = performance.now() - started;
        expect(known.statusCode).toBe(200);
        // A mail server that takes 2 s to accept must not make the answer 2 s slower than for an
        // unknown email, which sends nothing.
        expect(elapsed).toBeLessThan(1000);
        secrets.add(resetCodeOf(await nthMailTo(user.email, 1)) ?? '');
      } finally {
        smtp.setDelay(0);
      }
    });

    it('records requests and resets in the audit trail', async () => {
      const user = await insertUser(t.ctx.db);
      const code = await codeFor(user.email);
      await confirm({ email: user.email, verificationCode: otherThan(code), password: NEW_PASSWORD });
      await confirm({ email: user.email, verificationCode: code, password: NEW_PASSWORD });
      const rows = await t.ctx.db
        .select()
        .from(auditEvents)
        .where(eq(auditEvents.actorUserId, user.id))
        .orderBy(auditEvents.id);
      expect(rows.map((row) => [row.action, row.outcome])).toEqual([
        ['auth.password_reset_requested', 'ok'],
        ['auth.password_reset', 'failed'],
        ['auth.password_reset', 'ok'],
      ]);
    });

    it('never writes a code or a password into the audit trail', async () => {
      const rows = await t.ctx.db.select().from(auditEvents);
      expect(rows.length).toBeGreaterThan(20);
      // UUIDs are hexadecimal and could hold six digits in a row by chance: leave them out.
      const everything = JSON.stringify(rows).replace(
        /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi,
        '<uuid>',
      );
      const codes = [...secrets].filter((secret) => /^\d{6}$/.test(secret));
      expect(codes.length).toBeGreaterThan(15);
      for (const secret of secrets) {
        if (secret) {
          expect(everything, secret).not.toContain(secret);
        }
      }
    });
  });
});
