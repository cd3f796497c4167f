import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The server's own secret keys (docs/operations.md): each one 32 bytes, given in the environment (as 64
 * hex digits or base64), or else made once by the server in a file of DATA_DIR (owner only) and read from
 * it at every later start, so that what it keys outlives a restart. One server on its own needs nothing
 * set; several instances on one database must be given the same key.
 */

/** A 32-byte key from 64 hex digits or base64; null when the text is neither. */
export function parseKey(text: string): Buffer | null {
  const trimmed = text.trim();
  if (/^[0-9a-f]{64}$/i.test(trimmed)) {
    return Buffer.from(trimmed, 'hex');
  }
  if (/^[A-Za-z0-9+/_-]{42,44}={0,2}$/.test(trimmed)) {
    const key = Buffer.from(trimmed, 'base64');
    return key.length === 32 ? key : null;
  }
  return null;
}

/** Whether a text is a key `parseKey` reads: the environment's check. */
export const isKeyText = (text: string): boolean => parseKey(text) !== null;

const made = new Map<string, Buffer>();

/**
 * The key a variable gives (`configured`, its name `variable` for the message), else the server's own in
 * `DATA_DIR/<file>`, made the first time it is asked for.
 */
export function serverKey(
  configured: string | undefined,
  variable: string,
  dataDir: string,
  file: string,
): Buffer {
  if (configured) {
    const key = parseKey(configured);
    if (!key) {
      throw new Error(`${variable}: must be 32 bytes, as 64 hex digits or base64`);
    }
    return key;
  }
  const where = path.resolve(dataDir, file);
  const known = made.get(where);
  if (known) {
    return known;
  }
  if (!existsSync(where)) {
    mkdirSync(path.dirname(where), { recursive: true, mode: 0o700 });
    try {
      // `wx`: of two processes making it at once, one writes it and both read that one.
      writeFileSync(where, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
        throw error;
      }
    }
  }
  const read = parseKey(readFileSync(where, 'utf8'));
  if (!read) {
    throw new Error(`${where} does not hold a key of 64 hex digits`);
  }
  made.set(where, read);
  return read;
}
