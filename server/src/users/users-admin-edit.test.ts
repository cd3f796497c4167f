import { randomUUID } from 'node:crypto';
import { es } from '@registry/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { doctors, passwordResetCodes, sessions, users } from '../db/schema.ts';
import { insertInstitution, insertUser, TEST_PASSWORD } from '../test/fixtures.ts';
import { buildTestApp, type TestApp } from '../test/helper.ts';
import { parseMail, resetCodeOf, startSmtpServer, type TestSmtpServer } from '../test/smtp.ts';

const NEW_PASSWORD = 'Nueva-clave7';

describe('users administration: editing a user and mailing a reset code', () => {
  let t: TestApp;
  let smtp: TestSmtpServer;
  let admin: Awaited<ReturnType<typeof insertUser>>;
  let adminToken: string;

  const login = (email: string, password = TEST_PASSWORD) =>
    t.request({ method: 'POST', url: '/api/users/login', payload: { email, password } });

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await buildTestApp({ SMTP_URL: smtp.url });
    admin = await insertUser(t.ctx.db, { isAdmin: true, nickname: 'edit-admin' });
    adminToken = await t.signIn(admin.email);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const patchUser = (id: string, payload: object, token = adminToken) =>
    t.request({ method: 'PATCH', url: `/api/users/${id}`, payload, token });
  const sendReset = (id: string, token = adminToken, headers: Record<string, string> = {}) =>
    t.request({ method: 'POST', url: `/api/users/${id}/password-reset`, token, headers });

  async function newDoctor() {
    const institution = await insertInstitution(t.ctx.db);
    const user = await insertUser(t.ctx.db, { institutionId: institution.id });
    return { institution, user };
  }

  describe('PATCH /api/users/{id} with the editable fields', () => {
    it("changes a doctor's nickname, names, gender and institution; answers and lists the new values", async () => {
      const { institution, user } = await newDoctor();
      const other = await insertInstitution(t.ctx.db, { name: `Hospital Destino ${randomUUID()}` });
      const res = await patchUser(user.id, {
        nickname: 'dra-nueva',
        first_name: 'Lucía',
        last_name: 'Paz Núñez',
        gender: 'female',
        institutionId: other.id,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({
        id: user.id,
        email: user.email,
        nickname: 'dra-nueva',
        isAdmin: false,
        isActive: true,
        doctor: {
          first_name: 'Lucía',
          last_name: 'Paz Núñez',
          gender: 'female',
          institution: { id: other.id, name: other.name, type: other.type },
        },
      });
      const [stored] = await t.ctx.db.select().from(doctors).where(eq(doctors.userId, user.id));
      expect(stored).toMatchObject({ firstName: 'Lucía', lastName: 'Paz Núñez', institutionId: other.id });
      expect(stored?.institutionId).not.toBe(institution.id);
      // The session stays: editing is not deactivating.
      const token = await t.signIn(user.email);
      expect((await t.request({ method: 'GET', url: '/api/users/me', token })).statusCode).toBe(200);
    });

    it('changes only the fields sent', async () => {
      const { user } = await newDoctor();
      const res = await patchUser(user.id, { last_name: 'Solo Apellido' });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.doctor).toMatchObject({ first_name: 'Ana', last_name: 'Solo Apellido' });
      expect(res.json().data.nickname).toBe(user.nickname);
    });

    it("changes an admin's nickname", async () => {
      const other = await insertUser(t.ctx.db, { isAdmin: true });
      const res = await patchUser(other.id, { nickname: 'otro-admin' });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ nickname: 'otro-admin', isAdmin: true, doctor: null });
    });

    it("records 'user.update' with each changed field's old and new value, and nothing unchanged", async () => {
      const { institution, user } = await newDoctor();
      const other = await insertInstitution(t.ctx.db);
      await patchUser(user.id, { nickname: 'auditado', first_name: 'Ana', institutionId: other.id });
      const [entry] = await t.auditOf(user.id, 'user.update');
      expect(entry).toMatchObject({ actorUserId: admin.id, outcome: 'ok', entityType: 'user' });
      expect(entry?.changes).toEqual({
        nickname: { old: user.nickname, new: 'auditado' },
        institutionId: { old: institution.id, new: other.id },
      });
    });

    it('refuses doctor fields for an admin with 422 and changes nothing', async () => {
      const other = await insertUser(t.ctx.db, { isAdmin: true });
      const res = await patchUser(other.id, { nickname: 'x-admin', first_name: 'Nadie' });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({
        code: 'RULE_BROKEN',
        fields: { first_name: es.validation.adminHasNoDoctorData },
      });
      const [stored] = await t.ctx.db.select().from(users).where(eq(users.id, other.id));
      expect(stored?.nickname).toBe(other.nickname);
    });

    it('refuses an inactive institution with 422 INSTITUTION_INACTIVE and an unknown one with fields.institutionId', async () => {
      const { institution, user } = await newDoctor();
      const inactive = await insertInstitution(t.ctx.db, { isActive: false });
      const refused = await patchUser(user.id, { institutionId: inactive.id });
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toMatchObject({
        code: 'INSTITUTION_INACTIVE',
        fields: { institutionId: es.errors.INSTITUTION_INACTIVE },
      });
      const unknown = await patchUser(user.id, { institutionId: randomUUID() });
      expect(unknown.statusCode).toBe(422);
      expect(unknown.json().fields).toEqual({ institutionId: es.validation.chooseOption });
      const [stored] = await t.ctx.db.select().from(doctors).where(eq(doctors.userId, user.id));
      expect(stored?.institutionId).toBe(institution.id);
    });

    it('keeps a doctor in their own institution even after it was deactivated', async () => {
      const { institution, user } = await newDoctor();
      await t.request({
        method: 'PATCH',
        url: `/api/institutions/${institution.id}`,
        payload: { isActive: false },
        token: adminToken,
      });
      const res = await patchUser(user.id, { institutionId: institution.id, first_name: 'Ana María' });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.doctor.first_name).toBe('Ana María');
    });

    it.each([
      ['an empty nickname', { nickname: '   ' }, 'nickname', es.validation.required],
      ['a first name of 101 characters', { first_name: 'x'.repeat(101) }, 'first_name', undefined],
      ['an unknown gender', { gender: 'other' }, 'gender', es.validation.chooseOption],
      ['an institution that is not a UUID', { institutionId: 'hospital' }, 'institutionId', undefined],
      ['the email', { email: 'new@example.org' }, 'email', undefined],
    ])('refuses %s with 400 on that field, as creation does', async (_, body, field, message) => {
      const { user } = await newDoctor();
      const res = await patchUser(user.id, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      expect(res.json().fields).toHaveProperty([field]);
      if (message) {
        expect(res.json().fields[field]).toBe(message);
      }
      const [stored] = await t.ctx.db.select().from(users).where(eq(users.id, user.id));
      expect(stored).toMatchObject({ nickname: user.nickname, email: user.email });
    });

    it('deactivates and renames in one call, ending the sessions', async () => {
      const { user } = await newDoctor();
      const token = await t.signIn(user.email);
      const res = await patchUser(user.id, { isActive: false, nickname: 'de-baja' });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ isActive: false, nickname: 'de-baja' });
      expect(await t.ctx.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
      expect((await t.request({ method: 'GET', url: '/api/users/me', token })).statusCode).toBe(401);
    });

    it('refuses a doctor with 403 and answers 404 for an unknown user', async () => {
      const { user } = await newDoctor();
      const doctorToken = await t.signIn(user.email);
      const refused = await patchUser(user.id, { nickname: 'yo-mismo' }, doctorToken);
      expect(refused.statusCode).toBe(403);
      expect((await patchUser(randomUUID(), { nickname: 'nadie' })).statusCode).toBe(404);
    });
  });

  describe('POST /api/users/{id}/password-reset', () => {
    const mailsTo = (email: string) =>
      smtp.messages.filter((mail) => mail.to.includes(email)).map((mail) => parseMail(mail.raw));

    it('mails the user a code that resets the password, in the language of the request, and audits it', async () => {
      const { user } = await newDoctor();
      const res = await sendReset(user.id, adminToken, { 'accept-language': 'en' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ data: { sent: true } });
      await smtp.waitFor((mail) => mail.to.includes(user.email));
      const [mail] = mailsTo(user.email);
      expect(mail?.subject).toBe('Your password reset code');
      const code = mail ? resetCodeOf(mail) : undefined;
      expect(code).toMatch(/^\d{6}$/);

      const [entry] = await t.auditOf(user.id, 'user.password_reset_sent');
      expect(entry).toMatchObject({ actorUserId: admin.id, outcome: 'ok', entityType: 'user' });
      expect(JSON.stringify(entry)).not.toContain(code);

      const confirmed = await t.request({
        method: 'POST',
        url: '/api/users/password/reset/confirm',
        payload: { email: user.email, verificationCode: code, password: NEW_PASSWORD },
      });
      expect(confirmed.statusCode).toBe(200);
      expect((await login(user.email, NEW_PASSWORD)).statusCode).toBe(200);
    });

    it('voids the code the user asked for before', async () => {
      const { user } = await newDoctor();
      await t.request({ method: 'POST', url: '/api/users/password/reset', payload: { email: user.email } });
      await sendReset(user.id);
      await smtp.waitFor(() => mailsTo(user.email).length >= 2);
      const open = await t.ctx.db
        .select()
        .from(passwordResetCodes)
        .where(eq(passwordResetCodes.userId, user.id));
      expect(open.filter((row) => row.usedAt === null && row.voidedAt === null)).toHaveLength(1);
    });

    it('refuses an inactive user with 422 ACCOUNT_INACTIVE and a doctor of an inactive institution with 422 INSTITUTION_INACTIVE, mailing nothing', async () => {
      const inactive = await insertUser(t.ctx.db, { isActive: false });
      const refused = await sendReset(inactive.id);
      expect(refused.statusCode).toBe(422);
      expect(refused.json().code).toBe('ACCOUNT_INACTIVE');
      const closed = await insertInstitution(t.ctx.db, { isActive: false });
      const doctor = await insertUser(t.ctx.db, { institutionId: closed.id });
      const closedRefused = await sendReset(doctor.id);
      expect(closedRefused.statusCode).toBe(422);
      expect(closedRefused.json().code).toBe('INSTITUTION_INACTIVE');
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(mailsTo(inactive.email)).toEqual([]);
      expect(mailsTo(doctor.email)).toEqual([]);
      expect(await t.auditOf(inactive.id, 'user.password_reset_sent')).toEqual([]);
    });

    it('answers 404 for an unknown user and 400 for an id that is not a UUID', async () => {
      expect((await sendReset(randomUUID())).statusCode).toBe(404);
      expect((await sendReset('nobody')).statusCode).toBe(400);
    });

    it('refuses a doctor with 403 whether or not the user exists, mailing nothing', async () => {
      const { user } = await newDoctor();
      const target = await insertUser(t.ctx.db);
      const doctorToken = await t.signIn(user.email);
      const known = await sendReset(target.id, doctorToken);
      const unknown = await sendReset(randomUUID(), doctorToken);
      expect(known.statusCode).toBe(403);
      expect(unknown.statusCode).toBe(403);
      const withoutId = (body: string) => body.replace(/"requestId":"[^"]*"/, '');
      expect(withoutId(known.body)).toBe(withoutId(unknown.body));
      expect((await sendReset(target.id, '')).statusCode).toBe(401);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(mailsTo(target.email)).toEqual([]);
    });
  });
});
