import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { en } from '@registry/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser, TEST_PASSWORD } from '../test/fixtures.ts';
import { buildTestApp, type TestApp } from '../test/helper.ts';
import { parseMail } from '../test/smtp.ts';

describe('changing one’s own password from Settings', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const signIn = async (email: string, password = TEST_PASSWORD) =>
    (await t.request({ method: 'POST', url: '/api/users/login', payload: { email, password } })).json().data
      ?.response?.token?.accessToken as string | undefined;
  const change = (token: string, payload: object) =>
    t.request({
      method: 'POST',
      url: '/api/users/me/password',
      token,
      payload,
      headers: { 'accept-language': 'en' },
    });

  /** The subjects of the outbox's mails to an address, once there are `count` (waiting up to 5 s). */
  async function subjectsTo(email: string, count: number): Promise<string[]> {
    const outbox = path.join(t.ctx.config.dataDir, 'outbox');
    for (let waited = 0; ; waited += 50) {
      const names = await readdir(outbox).catch(() => [] as string[]);
      const mails = await Promise.all(
        names.map(async (name) => parseMail(await readFile(path.join(outbox, name), 'utf8'))),
      );
      const subjects = mails
        .filter((mail) => mail.headers.to === email)
        .map((mail) => mail.headers.subject ?? '');
      if (subjects.length >= count || waited >= 5000) {
        return subjects;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it('needs the current password, and a new one that differs and is strong', async () => {
    const user = await insertUser(t.ctx.db);
    const token = (await signIn(user.email)) ?? '';
    const wrong = await change(token, { currentPassword: 'Not-the-one1', newPassword: 'Another-pass2' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({
      code: 'CURRENT_PASSWORD_WRONG',
      fields: { currentPassword: en.errors.CURRENT_PASSWORD_WRONG },
    });
    const same = await change(token, { currentPassword: TEST_PASSWORD, newPassword: TEST_PASSWORD });
    expect(same.statusCode).toBe(400);
    expect(same.json().fields).toEqual({ newPassword: en.validation.passwordSame });
    const weak = await change(token, { currentPassword: TEST_PASSWORD, newPassword: 'weak' });
    expect(weak.json().fields).toEqual({ newPassword: en.validation.passwordStrong });
  });

  it('changes it, keeps this session, ends the others and says so by mail', async () => {
    const user = await insertUser(t.ctx.db);
    const here = (await signIn(user.email)) ?? '';
    const elsewhere = (await signIn(user.email)) ?? '';
    const res = await change(here, { currentPassword: TEST_PASSWORD, newPassword: 'Brand-new-pass3' });
    expect(res.statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/users/me', token: here })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/users/me', token: elsewhere })).statusCode).toBe(401);
    expect(await signIn(user.email)).toBeUndefined();
    expect(await signIn(user.email, 'Brand-new-pass3')).toEqual(expect.any(String));
    expect(await subjectsTo(user.email, 1)).toHaveLength(1);
  });

  it('counts a wrong current password like a failed sign-in', async () => {
    const user = await insertUser(t.ctx.db);
    const token = (await signIn(user.email)) ?? '';
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push(
        (await change(token, { currentPassword: `Guess-pass${i}`, newPassword: 'Brand-new-pass3' }))
          .statusCode,
      );
    }
    expect(statuses).toEqual([422, 422, 422, 422, 422, 429]);
  });
});
