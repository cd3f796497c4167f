import { randomInt } from 'node:crypto';
import { RECOVERY_CODES } from '@registry/shared';
import { Secret, TOTP } from 'otpauth';
import { sha256 } from '../auth/tokens.ts';

/**
 * Time-based one-time codes (RFC 6238: SHA-1, 6 digits, 30-second steps, what every authenticator app
 * reads) and the recovery codes that stand in for a lost phone. Pure apart from the randomness.
 */

const ISSUER = 'Registro de Leucemias';
const PERIOD_MS = 30_000;

/** A fresh shared secret, in base32: 160 random bits, as RFC 4226 recommends. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpOf(secret: string, email: string): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label: email,
    secret: Secret.fromBase32(secret),
    period: PERIOD_MS / 1000,
  });
}

/** What an app needs to enrol: the otpauth URI, and a QR code of it as an SVG data URL. */
export async function enrolmentOf(secret: string, email: string): Promise<{ uri: string; qrCode: string }> {
  const uri = totpOf(secret, email).toString();
  const { default: QRCode } = await import('qrcode');
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { uri, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/**
 * The 30-second step a code belongs to, when it is right at `now` (one step of clock drift either
 * way is forgiven) and later than the last step accepted; else null, so that no code works twice.
 */
export function acceptedStep(
  secret: string,
  email: string,
  code: string,
  now: Date,
  lastStep: number | null,
): number | null {
  const delta = totpOf(secret, email).validate({ token: code, timestamp: now.getTime(), window: 1 });
  if (delta === null) {
    return null;
  }
  const step = Math.floor(now.getTime() / PERIOD_MS) + delta;
  return lastStep !== null && step <= lastStep ? null : step;
}

/** The code an app shows at a moment: for tests and for nothing else. */
export function codeAt(secret: string, email: string, at: Date): string {
  return totpOf(secret, email).generate({ timestamp: at.getTime() });
}

const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten recovery codes `xxxxx-xxxxx` from a secure source, about 49 bits each. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODES }, () => {
    const characters = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]);
    return `${characters.slice(0, 5).join('')}-${characters.slice(5).join('')}`;
  });
}

/** The stored form of a recovery code: bound to its user, letter case and dash forgiven. */
export function recoveryCodeHash(userId: string, code: string): string {
  return sha256(`${userId}:recovery:${code.toLowerCase().replace(/[^a-z0-9]/g, '')}`);
}
