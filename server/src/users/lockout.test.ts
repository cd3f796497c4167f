import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.ts';
import { testEngine } from '../test/database.ts';
import { insertUser, TEST_PASSWORD } from '../test/fixtures.ts';
import { buildTestApp, type TestApp } from '../test/helper.ts';
import { lockedUntil } from './lockout.ts';

/** Statuses of a burst of sign-ins sent at once, counted. */
function tally(statuses: number[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const status of statuses) {
    counts[status] = (counts[status] ?? 0) + 1;
  }
  return counts;
}

describe('the sign-in lockout under parallel guessing', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const signIn = (app: TestApp, email: string, password: string) =>
    app
      .request({ method: 'POST', url: '/api/users/login', payload: { email, password } })
      .then((r) => r.statusCode);

  it('judges at most 5 of 30 wrong passwords sent at once, and refuses the rest with 429', async () => {
    const user = await insertUser(t.ctx.db);
    const statuses = await Promise.all(
      Array.from({ length: 30 }, (_, i) => signIn(t, user.email, `Wrong-pass${i}`)),
    );
    expect(tally(statuses)).toEqual({ 401: 5, 429: 25 });
  });

  it('refuses the right password after a burst of 24 wrong ones', async () => {
    const user = await insertUser(t.ctx.db);
    await Promise.all(Array.from({ length: 24 }, (_, i) => signIn(t, user.email, `Wrong-pass${i}`)));
    expect(await signIn(t, user.email, TEST_PASSWORD)).toBe(429);
  });

  it('judges at most 5 of a burst of 24 wrong passwords and the right one sent together', async () => {
    const user = await insertUser(t.ctx.db);
    const statuses = await Promise.all([
      ...Array.from({ length: 24 }, (_, i) => signIn(t, user.email, `Wrong-pass${i}`)),
      signIn(t, user.email, TEST_PASSWORD),
    ]);
    const counts = tally(statuses);
    expect((counts[401] ?? 0) + (counts[200] ?? 0)).toBeLessThanOrEqual(5);
  });

  it.skipIf(testEngine !== 'postgres')('holds across two server processes sharing one database', async () => {
    const second = await buildTestApp({}, { database: await openDatabase({ url: t.database.url ?? '' }) });
    try {
      const user = await insertUser(t.ctx.db);
      const statuses = await Promise.all(
        Array.from({ length: 30 }, (_, i) => signIn(i % 2 === 0 ? t : second, user.email, `Wrong-pass${i}`)),
      );
      expect(tally(statuses)).toEqual({ 401: 5, 429: 25 });
    } finally {
      await second.app.close();
      await second.database.close();
    }
  });

  it('locks from the fifth failure within 15 minutes, for 15 minutes', () => {
    const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 10, minutes));
    const failures = [0, 3, 6, 9, 12].map(at);
    expect(lockedUntil(failures.slice(0, 4), at(13))).toBeNull();
    expect(lockedUntil(failures, at(13))).toEqual(at(27));
    expect(lockedUntil(failures, at(27))).toBeNull();
    expect(lockedUntil([0, 3, 6, 9, 16].map(at), at(17))).toBeNull();
  });
});
