import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeChanged } from './db/maintenance.ts';
import { housekeep } from './housekeeping.ts';
import { testEngine } from './test/database.ts';
import { insertUser, TEST_PASSWORD } from './test/fixtures.ts';
import { buildTestApp, type TestApp } from './test/helper.ts';

describe('housekeeping', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const count = async (table: string) =>
    (
      (await t.ctx.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as {
        rows: { n: number }[];
      }
    ).rows[0]?.n;

  it('removes sessions, failures, codes, challenges and rate-limit windows that can no longer be used', async () => {
    const user = await insertUser(t.ctx.db);
    const signIn = (password: string) =>
      t.request({ method: 'POST', url: '/api/users/login', payload: { email: user.email, password } });
    await signIn('Wrong-pass1');
    await signIn(TEST_PASSWORD);
    await t.request({ method: 'POST', url: '/api/users/password/reset', payload: { email: user.email } });
    expect(await count('sessions')).toBe(1);
    expect(await count('rate_limits')).toBeGreaterThan(0);
    expect(await count('password_reset_codes')).toBe(1);

    // Nothing is due yet.
    await housekeep(t.ctx);
    expect(await count('sessions')).toBe(1);

    // Two days later every one of them is spent.
    await signIn('Wrong-pass1');
    t.advance(2 * 24 * 60 * 60 * 1000);
    const removed = await housekeep(t.ctx);
    expect(await count('sessions')).toBe(0);
    expect(await count('login_failures')).toBe(0);
    expect(await count('password_reset_codes')).toBe(0);
    expect(await count('rate_limits')).toBe(0);
    expect(removed.sessions).toBe(1);
  });

  it('keeps a session in use', async () => {
    const user = await insertUser(t.ctx.db);
    await t.request({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    t.advance(10 * 60 * 1000);
    await housekeep(t.ctx);
    expect(await count('sessions')).toBe(1);
  });

  // PostgreSQL's autovacuum does this by itself (and could do it during the test).
  it.runIf(testEngine === 'pglite')(
    'refreshes the planner statistics of a table whose rows changed much, and of no other',
    async () => {
      // A fresh start: everything analysed.
      await t.ctx.db.execute(sql`analyze`);
      expect(await analyzeChanged(t.ctx.db)).toEqual([]);
      await t.ctx.db.execute(
        sql`insert into rate_limits (key, window_start, count) select 'stat-' || n, now(), 1 from generate_series(1, 300) n`,
      );
      expect(await analyzeChanged(t.ctx.db)).toEqual(['rate_limits']);
      expect(await analyzeChanged(t.ctx.db)).toEqual([]);
    },
  );
});
