import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { and, eq, isNotNull, like, not, or } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Queryable } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { serverKey } from '../server-keys.ts';

/**
 * The second factor's secrets are stored sealed with AES-256-GCM (docs/operations.md#the-second-factors-key):
 * a copy of the database, or a backup, does not give away the codes of anyone's app. The key comes from
 * TOTP_ENCRYPTION_KEY (32 bytes, as 64 hex digits or base64); without it, a key of the server's own is
 * made once in DATA_DIR/totp.key (owner only), which suits one server — several instances on one
 * database need the same TOTP_ENCRYPTION_KEY.
 */

const PREFIX = 'v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** The key of a configuration: TOTP_ENCRYPTION_KEY, else the server's own in DATA_DIR/totp.key. */
export function totpKeyOf(config: Pick<Config, 'totpEncryptionKey' | 'dataDir'>): Buffer {
  return serverKey(config.totpEncryptionKey, 'TOTP_ENCRYPTION_KEY', config.dataDir, 'totp.key');
}

/** Seals a secret: `v1:` and base64 of the nonce, the tag and the ciphertext. */
export function sealSecret(key: Buffer, secret: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64');
}

/**
 * Opens a sealed secret; throws if it was sealed with another key or altered. A secret stored before
 * sealing (base32, never with a `:`) is answered as it is, until `sealStoredSecrets` has sealed it.
 */
export function openSecret(key: Buffer, stored: string): string {
  if (!stored.startsWith(PREFIX)) {
    return stored;
  }
  const bytes = Buffer.from(stored.slice(PREFIX.length), 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
  decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString(
    'utf8',
  );
}

/** Seals the secrets stored in the clear by an earlier version; answers how many users it sealed. */
export async function sealStoredSecrets(db: Queryable, key: Buffer): Promise<number> {
  const clear = (column: typeof users.totpSecret | typeof users.totpPendingSecret) =>
    and(isNotNull(column), not(like(column, `${PREFIX}%`)));
  const rows = await db
    .select({ id: users.id, secret: users.totpSecret, pending: users.totpPendingSecret })
    .from(users)
    .where(or(clear(users.totpSecret), clear(users.totpPendingSecret)));
  for (const row of rows) {
    const seal = (value: string | null) =>
      value === null || value.startsWith(PREFIX) ? value : sealSecret(key, value);
    await db
      .update(users)
      .set({ totpSecret: seal(row.secret), totpPendingSecret: seal(row.pending) })
      .where(eq(users.id, row.id));
  }
  return rows.length;
}
