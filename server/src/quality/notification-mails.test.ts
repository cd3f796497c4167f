import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/helper.ts';
import { type Caller, consentedPatient, newAdmin, newDoctor, signIn } from '../test/patients.ts';
import { type ParsedMail, parseMail, startSmtpServer, type TestSmtpServer } from '../test/smtp.ts';
import { MAIL_EVERY_MS, sendNotificationMails } from './notifications.service.ts';

/**
 * The mails about queries (CONTRACT §13): the first news after a quiet day goes out at the next check,
 * later news waits for a day after the last mail, one mail per recipient; in the recipient's language;
 * with counts and a link, never a query's text, a patient or a clinical value.
 */
describe('notification mails', () => {
  let smtp: TestSmtpServer;
  let t: TestApp;
  let admin: Caller;
  let doctor: Caller;
  let patientId: string;
  const identification = 'HC-CONFIDENCIAL-991';

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await buildTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://registro.example.org' });
    admin = await newAdmin(t);
    doctor = await newDoctor(t);
    patientId = await consentedPatient(t, doctor);
    await t.request({
      method: 'PATCH',
      url: `/api/patients/${patientId}`,
      token: doctor.token,
      payload: { identification },
    });
  });

  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  /** A day later the sessions are over: both sign in again. */
  const nextDay = async () => {
    t.advance(MAIL_EVERY_MS);
    admin = { ...admin, token: await signIn(t, admin.email) };
    doctor = { ...doctor, token: await signIn(t, doctor.email) };
  };

  const mailsTo = (email: string): ParsedMail[] =>
    smtp.messages.filter((mail) => mail.to.includes(email)).map((mail) => parseMail(mail.raw));

  const open = async (text: string) => {
    const res = await t.request({
      method: 'POST',
      url: '/api/queries',
      token: admin.token,
      payload: { patientId, field: 'diagnostics.0.dxDate', text },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { id: string };
  };

  it('mails the doctor once for the first query, in the language last used, with a count and a link only', async () => {
    // The doctor last used the registry in English.
    await t.request({
      method: 'GET',
      url: '/api/notifications',
      token: doctor.token,
      headers: { 'accept-language': 'en' },
    });
    await open('El diagnóstico dice 2022-03-01 pero la biopsia es de marzo: ¿blastos 37 %?');
    await open('Segunda consulta secreta');
    expect(await sendNotificationMails(t.ctx)).toBe(1);
    await smtp.waitFor((mail) => mail.to.includes(doctor.email));
    const [mail] = mailsTo(doctor.email);
    expect(mail?.subject).toBe('Leukaemia Registry: data queries');
    expect(mail?.text).toContain('2 data queries about your patients are waiting for your answer.');
    expect(mail?.text).toContain('https://registro.example.org/queries?status=open');
    for (const part of [mail?.text ?? '', mail?.html ?? '']) {
      expect(part).not.toContain(identification);
      expect(part).not.toContain('biopsia');
      expect(part).not.toContain('secreta');
      expect(part).not.toContain('2022-03-01');
    }
    // Nothing new: nothing more is sent.
    expect(await sendNotificationMails(t.ctx)).toBe(0);
  });

  it('gathers later news into the next day’s mail, and answers reach the admin who opened, in Spanish by default', async () => {
    const sentBefore = mailsTo(doctor.email).length;
    const query = await open('Tercera');
    expect(await sendNotificationMails(t.ctx)).toBe(0);
    expect(mailsTo(doctor.email)).toHaveLength(sentBefore);

    const answered = await t.request({
      method: 'POST',
      url: `/api/queries/${query.id}/answer`,
      token: doctor.token,
      payload: { text: 'Corregido en el diagnóstico' },
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(await sendNotificationMails(t.ctx)).toBe(1);
    await smtp.waitFor((mail) => mail.to.includes(admin.email));
    const [toAdmin] = mailsTo(admin.email);
    expect(toAdmin?.subject).toBe('Registro de Leucemias: consultas sobre datos');
    expect(toAdmin?.text).toContain('Hay 1 consulta respondida que espera ser cerrada.');
    expect(toAdmin?.text).not.toContain('Corregido');

    // A day after the doctor's last mail, the gathered news goes out in one mail.
    await nextDay();
    expect(await sendNotificationMails(t.ctx)).toBe(1);
    await smtp.waitFor(() => mailsTo(doctor.email).length > sentBefore);
    expect(mailsTo(doctor.email)).toHaveLength(sentBefore + 1);
    expect(mailsTo(doctor.email).at(-1)?.text).toContain('2 data queries');
  });

  it('sends one mail for what still waits, and nothing once the news was dealt with before the mail', async () => {
    const query = await open('Cuarta');
    const closed = await t.request({
      method: 'POST',
      url: `/api/queries/${query.id}/close`,
      token: admin.token,
      payload: {},
    });
    expect(closed.statusCode).toBe(200);
    await nextDay();
    const before = smtp.messages.length;
    // Two open queries still wait on the doctor: one mail, not one per query.
    expect(await sendNotificationMails(t.ctx)).toBe(1);
    for (const id of (
      await t.request({ method: 'GET', url: '/api/queries?status=open&size=100', token: admin.token })
    )
      .json()
      .data.map((q: { id: string }) => q.id)) {
      await t.request({ method: 'POST', url: `/api/queries/${id}/close`, token: admin.token, payload: {} });
    }
    await open('Quinta');
    await t.request({
      method: 'POST',
      url: `/api/queries/${(await t.request({ method: 'GET', url: '/api/queries?status=open', token: admin.token })).json().data[0].id}/close`,
      token: admin.token,
      payload: {},
    });
    await nextDay();
    expect(await sendNotificationMails(t.ctx)).toBe(0);
    expect(smtp.messages.length).toBe(before + 1);
  });
});
