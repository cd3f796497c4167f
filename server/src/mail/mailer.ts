import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import type { Config } from '../config.ts';

export interface Mail {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * Sends mail through SMTP_URL, or, without one, writes each mail as an .eml file under
 * DATA_DIR/outbox/ (README.md#configuration). Neither the body (it may hold a reset code) nor the address is logged.
 */
export function createMailer(config: Config, log: (message: string) => void = () => undefined): Mailer {
  // nodemailer is loaded with the first mail, not at every start.
  let transporter: Promise<Transporter> | undefined;
  const transportOf = (options: Parameters<typeof import('nodemailer').createTransport>[0]) => {
    transporter ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport(options),
    );
    return transporter;
  };
  if (config.smtpUrl) {
    const smtpUrl = config.smtpUrl;
    return {
      async send(mail) {
        const transport = await transportOf(smtpUrl);
        await transport.sendMail({ from: config.mailFrom, ...mail });
        log(`mail sent: ${mail.subject}`);
      },
    };
  }
  const outbox = path.resolve(config.dataDir, 'outbox');
  return {
    async send(mail) {
      const transport = await transportOf({ streamTransport: true, buffer: true, newline: 'unix' });
      const info = await transport.sendMail({ from: config.mailFrom, ...mail });
      await mkdir(outbox, { recursive: true, mode: 0o700 });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      // Owner only, whatever the umask: a mail may hold a reset code.
      await writeFile(path.join(outbox, name), info.message as Buffer, { mode: 0o600 });
      log(`mail written to ${path.join(outbox, name)}: ${mail.subject}`);
    },
  };
}
