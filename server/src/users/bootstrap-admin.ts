import { sql } from 'drizzle-orm';
import { hashPassword, randomStrongPassword } from '../auth/passwords.ts';
import type { AppContext } from '../context.ts';
import type { Queryable } from '../db/client.ts';
import { createUsersRepository } from './users.repository.ts';

/**
 * Creates the first admin when the database holds none (README.md#configuration). With ADMIN_EMAIL and
 * ADMIN_PASSWORD it uses them; otherwise it creates admin@localhost with a random password that is
 * returned so that the caller can print it once. Running it again changes nothing.
 */
export async function bootstrapAdmin(ctx: AppContext): Promise<{ email: string; password?: string } | null> {
  // Servers starting together on a new database take turns, so that only one creates the admin.
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('bootstrap-admin', 0))`);
    return createAdmin(ctx, tx);
  });
}

async function createAdmin(
  ctx: AppContext,
  tx: Queryable,
): Promise<{ email: string; password?: string } | null> {
  const users = createUsersRepository(tx);
  if (await users.hasAdmin()) {
    return null;
  }
  const email = ctx.config.adminEmail ?? 'admin@localhost';
  const existing = await users.findCredentials(email);
  if (existing) {
    throw new Error(
      `A user with the email ${email} exists but is not an admin; set ADMIN_EMAIL to another address.`,
    );
  }
  const generated = ctx.config.adminPassword ? undefined : randomStrongPassword();
  const password = ctx.config.adminPassword ?? generated ?? '';
  await users.insertAdmin({ email, nickname: 'admin', passwordHash: await hashPassword(password) });
  return generated ? { email, password: generated } : { email };
}
