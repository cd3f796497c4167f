import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../db/schema.ts';
import { insertUser, TEST_PASSWORD } from '../test/fixtures.ts';
import { buildTestApp, type TestApp } from '../test/helper.ts';

describe('a read writes nothing: the session’s last use is kept once a minute', () => {
  let t: TestApp;
  let token: string;
  let userId: string;
  beforeAll(async () => {
    t = await buildTestApp();
    const user = await insertUser(t.ctx.db);
    userId = user.id;
    const res = await t.request({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    token = res.json().data.response.token.accessToken;
  });
  afterAll(() => t.close());

  const lastSeen = async () => {
    const [row] = await t.ctx.db
      .select({ at: sessions.lastSeenAt })
      .from(sessions)
      .where(eq(sessions.userId, userId));
    return row?.at.getTime();
  };
  const me = () => t.request({ method: 'GET', url: '/api/users/me', token });

  it('writes the last use at most once a minute, and the idle timeout still holds to the minute', async () => {
    const start = await lastSeen();
    t.advance(30_000);
    expect((await me()).statusCode).toBe(200);
    expect(await lastSeen()).toBe(start);
    t.advance(31_000);
    expect((await me()).statusCode).toBe(200);
    const moved = await lastSeen();
    expect(moved).toBe((start ?? 0) + 61_000);
    // 29 minutes and 59 seconds after the last write, still alive even with the request in between unwritten.
    t.advance(59_000);
    expect((await me()).statusCode).toBe(200);
    t.advance(30 * 60 * 1000 - 59_000 - 1000);
    expect((await me()).statusCode).toBe(200);
    t.advance(31 * 60 * 1000);
    expect((await me()).statusCode).toBe(401);
  });

  it('takes a background poll for no use: an unattended tab is still signed out after 30 idle minutes', async () => {
    const user = await insertUser(t.ctx.db);
    const login = await t.request({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    const polling = login.json().data.response.token.accessToken as string;
    const seen = async () => {
      const [row] = await t.ctx.db
        .select({ at: sessions.lastSeenAt })
        .from(sessions)
        .where(eq(sessions.userId, user.id));
      return row?.at.getTime();
    };
    const poll = () =>
      t.request({
        method: 'GET',
        url: '/api/notifications',
        token: polling,
        headers: { 'x-background-request': '1' },
      });
    const start = await seen();
    for (let minute = 0; minute < 6; minute += 1) {
      t.advance(5 * 60 * 1000);
      expect((await poll()).statusCode).toBe(200);
    }
    expect(await seen()).toBe(start);
    t.advance(60 * 1000);
    expect((await poll()).statusCode).toBe(401);
  });
});
