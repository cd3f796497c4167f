import { strongPasswordSchema } from '@registry/shared';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import type { AppContext } from '../context.ts';
import { users } from '../db/schema.ts';
import { insertUser } from '../test/fixtures.ts';
import { buildTestApp, type TestApp } from '../test/helper.ts';
import { bootstrapAdmin } from './bootstrap-admin.ts';

describe('bootstrapAdmin', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  /** Each test starts from a database that holds no admin. */
  beforeEach(async () => {
    await t.ctx.db.delete(users).where(eq(users.isAdmin, true));
  });

  const withEnv = (env: NodeJS.ProcessEnv): AppContext => ({
    ...t.ctx,
    config: loadConfig({ LOG_LEVEL: 'silent', ...env }),
  });

  const signIn = (email: string, password: string) =>
    t.request({ method: 'POST', url: '/api/users/login', payload: { email, password } });

  async function userCount(): Promise<number> {
    const [row] = await t.ctx.db.select({ n: count() }).from(users);
    return row?.n ?? 0;
  }

  it('creates admin@localhost with a random strong password when no env is given', async () => {
    const created = await bootstrapAdmin(withEnv({}));
    expect(created).toEqual({ email: 'admin@localhost', password: expect.any(String) });
    const password = created?.password ?? '';
    expect(password.length).toBeGreaterThanOrEqual(16);
    expect(strongPasswordSchema.safeParse(password).success).toBe(true);

    const [admin] = await t.ctx.db.select().from(users).where(eq(users.email, 'admin@localhost'));
    expect(admin).toMatchObject({ isAdmin: true, isActive: true });
    expect(admin?.passwordHash).not.toContain(password);
  });

  it('hashes the password with argon2id and the parameters of the contract', async () => {
    await bootstrapAdmin(withEnv({}));
    const [admin] = await t.ctx.db.select().from(users).where(eq(users.email, 'admin@localhost'));
    expect(admin?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('generates a different password each time', async () => {
    const first = await bootstrapAdmin(withEnv({}));
    await t.ctx.db.delete(users).where(eq(users.isAdmin, true));
    const second = await bootstrapAdmin(withEnv({}));
    expect(second?.password).not.toBe(first?.password);
  });

  it('creates an admin whose generated password signs in through the API', async () => {
    const created = await bootstrapAdmin(withEnv({}));
    const res = await signIn('admin@localhost', created?.password ?? '');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.response.token.accessToken).toEqual(expect.any(String));
  });

  it('creates the admin of ADMIN_EMAIL and ADMIN_PASSWORD and returns no password', async () => {
    const ctx = withEnv({ ADMIN_EMAIL: 'chief@example.org', ADMIN_PASSWORD: 'Chief-pass1' });
    const created = await bootstrapAdmin(ctx);
    expect(created).toEqual({ email: 'chief@example.org' });
    expect(created).not.toHaveProperty('password');

    const [admin] = await t.ctx.db.select().from(users).where(eq(users.email, 'chief@example.org'));
    expect(admin?.isAdmin).toBe(true);
    expect((await signIn('chief@example.org', 'Chief-pass1')).statusCode).toBe(200);
  });

  it('creates nothing when called again', async () => {
    const ctx = withEnv({ ADMIN_EMAIL: 'again@example.org', ADMIN_PASSWORD: 'Again-pass1' });
    expect(await bootstrapAdmin(ctx)).not.toBeNull();
    const before = await userCount();

    expect(await bootstrapAdmin(ctx)).toBeNull();
    expect(await bootstrapAdmin(withEnv({}))).toBeNull();
    expect(
      await bootstrapAdmin(withEnv({ ADMIN_EMAIL: 'other@example.org', ADMIN_PASSWORD: 'Other-pass1' })),
    ).toBeNull();

    expect(await userCount()).toBe(before);
    const admins = await t.ctx.db.select().from(users).where(eq(users.isAdmin, true));
    expect(admins.map((admin) => admin.email)).toEqual(['again@example.org']);
  });

  it('creates nothing when any admin already exists', async () => {
    await insertUser(t.ctx.db, { isAdmin: true, email: 'existing-admin@example.org' });
    expect(await bootstrapAdmin(withEnv({}))).toBeNull();
    const rows = await t.ctx.db.select().from(users).where(sql`lower(${users.email}) = 'admin@localhost'`);
    expect(rows).toEqual([]);
  });

  it('refuses to take over a user that holds the admin email but is not an admin', async () => {
    await insertUser(t.ctx.db, { email: 'Taken@Example.org' });
    await expect(
      bootstrapAdmin(withEnv({ ADMIN_EMAIL: 'taken@example.org', ADMIN_PASSWORD: 'Taken-pass1' })),
    ).rejects.toThrow(/not an admin/);
    const [taken] = await t.ctx.db.select().from(users).where(eq(users.email, 'Taken@Example.org'));
    expect(taken?.isAdmin).toBe(false);
  });
});
