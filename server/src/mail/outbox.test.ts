import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../test/fixtures.ts';
import { buildTestApp, type TestApp } from '../test/helper.ts';
import { parseMail, resetCodeOf } from '../test/smtp.ts';

describe('mail without SMTP_URL: .eml files in DATA_DIR/outbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const outbox = () => path.join(t.ctx.config.dataDir, 'outbox');

  /** Every mail of the outbox, parsed, with the file it came from. */
  async function outboxMails() {
    const names = await readdir(outbox()).catch(() => [] as string[]);
    return Promise.all(
      names.map(async (name) => {
        const raw = await readFile(path.join(outbox(), name), 'utf8');
        return { name, raw, mail: parseMail(raw) };
      }),
    );
  }

  /** The outbox mails to an address, once there are at least `count` of them (waiting up to 5 s). */
  async function mailsTo(email: string, count: number) {
    for (let waited = 0; ; waited += 50) {
      const found = (await outboxMails()).filter(({ mail }) => mail.headers.to === email);
      if (found.length >= count || waited >= 5000) {
        return found;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it('writes the reset mail as an .eml file holding the code, which then works', async () => {
    expect(t.ctx.config.smtpUrl).toBeUndefined();
    const user = await insertUser(t.ctx.db);
    const res = await t.request({
      method: 'POST',
      url: '/api/users/password/reset',
      payload: { email: user.email },
    });
    expect(res.statusCode).toBe(200);

    const files = await mailsTo(user.email, 1);
    expect(files).toHaveLength(1);
    const [file] = files;
    expect(file?.name).toMatch(/\.eml$/);
    expect(file?.mail.headers.from).toBe('no-reply@localhost');
    expect(file?.mail.subject).toBe('Su código para restablecer la contraseña');
    const code = resetCodeOf(file?.mail ?? parseMail(''));
    expect(code).toMatch(/^\d{6}$/);
    expect(file?.mail.html).toContain(`>${code}</p>`);

    const confirm = await t.request({
      method: 'POST',
      url: '/api/users/password/reset/confirm',
      payload: { email: user.email, verificationCode: code, password: 'Desde-outbox3' },
    });
    expect(confirm.statusCode).toBe(200);

    // The password-changed notice lands there too.
    const after = await mailsTo(user.email, 2);
    expect(after).toHaveLength(2);
    expect(after.map(({ mail }) => mail.subject)).toContain('Su contraseña fue cambiada');
  });

  it('writes nothing for an unknown email', async () => {
    const before = (await outboxMails()).length;
    const res = await t.request({
      method: 'POST',
      url: '/api/users/password/reset',
      payload: { email: 'nobody-outbox@example.org' },
    });
    expect(res.statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await outboxMails()).length).toBe(before);
  });
});
