import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message as the test SMTP server received it. */
export interface ReceivedMail {
  /** The envelope recipients (RCPT TO). */
  readonly to: string[];
  /** The whole message as sent after DATA, headers and body. */
  readonly raw: string;
}

export interface TestSmtpServer {
  /** `smtp://127.0.0.1:PORT`, for SMTP_URL. */
  readonly url: string;
  /** Every message received so far, oldest first. */
  readonly messages: ReceivedMail[];
  /** The first message (already received or still to come) that matches; rejects after `timeoutMs`. */
  waitFor(predicate: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  /** Makes the server wait this long before accepting each message (a slow mail server); 0 by default. */
  setDelay(ms: number): void;
  close(): Promise<void>;
}

/** A real SMTP server on 127.0.0.1 with a free port that keeps every message in memory. */
export async function startSmtpServer(): Promise<TestSmtpServer> {
  const messages: ReceivedMail[] = [];
  const waiters = new Set<(mail: ReceivedMail) => void>();
  let delayMs = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        const mail: ReceivedMail = {
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        };
        messages.push(mail);
        for (const waiter of waiters) {
          waiter(mail);
        }
        if (delayMs > 0) {
          setTimeout(() => callback(), delayMs);
        } else {
          callback();
        }
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitFor(predicate, timeoutMs = 5000) {
      const found = messages.find(predicate);
      if (found) {
        return Promise.resolve(found);
      }
      return new Promise((resolve, reject) => {
        const waiter = (mail: ReceivedMail) => {
          if (predicate(mail)) {
            clearTimeout(timer);
            waiters.delete(waiter);
            resolve(mail);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`no matching mail within ${timeoutMs} ms (${messages.length} received)`));
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    setDelay(ms) {
      delayMs = ms;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A message decoded far enough for tests: headers, subject, and the text and HTML parts. */
export interface ParsedMail {
  readonly headers: Record<string, string>;
  readonly subject: string;
  /** Every leaf part with its content type and decoded body. */
  readonly parts: { contentType: string; body: string }[];
  readonly text: string | undefined;
  readonly html: string | undefined;
}

/** Splits a header block and unfolds continuation lines; names are lower-cased. */
function parseHeaders(block: string): Record<string, string> {
  const headers: Record<string, string> = {};
  const unfolded = block.replace(/\r?\n[ \t]+/g, ' ');
  for (const line of unfolded.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) {
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
  }
  return headers;
}

function decodeQuotedPrintable(text: string): string {
  const softBreaksRemoved = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < softBreaksRemoved.length; i++) {
    const hex = softBreaksRemoved.slice(i + 1, i + 3);
    if (softBreaksRemoved[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(softBreaksRemoved[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch (encoding?.toLowerCase()) {
    case 'quoted-printable':
      return decodeQuotedPrintable(body);
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    default:
      return body;
  }
}

/** Decodes RFC 2047 encoded words (`=?UTF-8?Q?...?=`, `=?UTF-8?B?...?=`) of a header value. */
export function decodeHeader(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

function parameter(header: string, name: string): string | undefined {
  const match = new RegExp(`${name}="?([^";]+)"?`, 'i').exec(header);
  return match?.[1];
}

function leafParts(entity: string): { contentType: string; body: string }[] {
  const split = /\r?\n\r?\n/.exec(entity);
  const headerBlock = split ? entity.slice(0, split.index) : entity;
  const body = split ? entity.slice(split.index + split[0].length) : '';
  const headers = parseHeaders(headerBlock);
  const contentType = headers['content-type'] ?? 'text/plain';
  if (/^multipart\//i.test(contentType)) {
    const boundary = parameter(contentType, 'boundary');
    if (!boundary) {
      return [];
    }
    const delimiter = `--${boundary}`;
    const end = body.indexOf(`${delimiter}--`);
    return body
      .slice(0, end === -1 ? undefined : end)
      .split(delimiter)
      .slice(1)
      .flatMap((part) => leafParts(part.replace(/^\r?\n/, '')));
  }
  return [
    {
      contentType: contentType.split(';')[0]?.trim().toLowerCase() ?? '',
      body: decodeBody(body, headers['content-transfer-encoding']),
    },
  ];
}

/** Parses a raw RFC 5322 message (as nodemailer writes it) without a mail-parsing library. */
export function parseMail(raw: string): ParsedMail {
  const split = /\r?\n\r?\n/.exec(raw);
  const headers = parseHeaders(split ? raw.slice(0, split.index) : raw);
  const parts = leafParts(raw);
  return {
    headers,
    subject: decodeHeader(headers.subject ?? ''),
    parts,
    text: parts.find((part) => part.contentType === 'text/plain')?.body,
    html: parts.find((part) => part.contentType === 'text/html')?.body,
  };
}

/** The 6-digit code of a reset mail's text part, or undefined. */
export function resetCodeOf(mail: ParsedMail): string | undefined {
  return /(?<!\d)(\d{6})(?!\d)/.exec(mail.text ?? '')?.[1];
}
