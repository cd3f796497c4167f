import { createHash, randomBytes } from 'node:crypto';

/** An opaque session token: 256 random bits, base64url. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this hash of a token or a code is stored. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
