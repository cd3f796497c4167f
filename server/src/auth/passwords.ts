import { randomInt } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** argon2id with explicit parameters (docs/product-rules.md#accounts): 19 MiB, 2 passes, 1 lane. Algorithm 2 is argon2id. */
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/** Spends one hash for an unknown email, so that timing does not tell which emails exist. */
export async function spendOneHash(password: string): Promise<void> {
  dummyHash ??= hashPassword('not-a-real-password-Aa1!');
  await verifyPassword(await dummyHash, password);
}

const CLASSES = ['abcdefghijkmnopqrstuvwxyz', 'ABCDEFGHJKLMNPQRSTUVWXYZ', '23456789', '!#%+-.:=?@_'] as const;

/** A random password that satisfies the strong-password rule: 20 characters, every class present. */
export function randomStrongPassword(): string {
  const all = CLASSES.join('');
  const chars = CLASSES.map((set) => set[randomInt(set.length)] ?? 'a');
  while (chars.length < 20) {
    chars.push(all[randomInt(all.length)] ?? 'a');
  }
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j] ?? '', chars[i] ?? ''];
  }
  return chars.join('');
}
