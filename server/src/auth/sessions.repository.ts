import { type InstitutionType, SESSION_IDLE_MS, SESSION_LAST_SEEN_PRECISION_MS } from '@registry/shared';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { prepared } from '../db/prepared.ts';
import { doctors, institutions, sessions, users } from '../db/schema.ts';
import type { Principal } from './principal.ts';
import { newToken, sha256 } from './tokens.ts';

/** Session lifetimes (docs/product-rules.md#accounts). */
export const IDLE_TIMEOUT_MS = SESSION_IDLE_MS;
export const ABSOLUTE_TIMEOUT_MS = 12 * 60 * 60 * 1000;
/** How stale a session's last-seen time may be: it is written at most once a minute. */
export const LAST_SEEN_PRECISION_MS = SESSION_LAST_SEEN_PRECISION_MS;

/** The session, user and doctor behind a token's hash: one statement, read on every request. */
function principalQuery(db: Queryable, name: string) {
  return db
    .select({
      sessionId: sessions.id,
      sessionCreatedAt: sessions.createdAt,
      totpEnabledAt: users.totpEnabledAt,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      userId: users.id,
      email: users.email,
      nickname: users.nickname,
      isAdmin: users.isAdmin,
      isActive: users.isActive,
      doctorId: doctors.id,
      institutionId: institutions.id,
      institutionType: institutions.type,
      institutionActive: institutions.isActive,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(doctors, eq(doctors.userId, users.id))
    .leftJoin(institutions, eq(institutions.id, doctors.institutionId))
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .limit(1)
    .prepare(name);
}

export function createSessionsRepository(db: Queryable) {
  return {
    /** Starts a session and returns its token, which is never stored. */
    async create(userId: string, now: Date): Promise<string> {
      const token = newToken();
      await db.insert(sessions).values({
        userId,
        tokenHash: sha256(token),
        createdAt: now,
        lastSeenAt: now,
        expiresAt: new Date(now.getTime() + ABSOLUTE_TIMEOUT_MS),
      });
      return token;
    },

    /**
     * The caller behind a token, or null when the token is unknown, idle too long, past its absolute
     * expiry, or its user (or the doctor's institution) is no longer active. A background request (a
     * poll the web app makes by itself, `X-Background-Request: 1`) is served but is no use of the session:
     * it does not move the idle limit on, so an unattended tab still signs out after 30 minutes.
     */
    async resolve(
      token: string,
      now: Date,
      options: { background?: boolean } = {},
    ): Promise<Principal | null> {
      const [row] = await prepared(db, 'registry_principal', principalQuery).execute({
        tokenHash: sha256(token),
      });
      if (!row) {
        return null;
      }
      const idle = now.getTime() - row.lastSeenAt.getTime() > IDLE_TIMEOUT_MS;
      if (idle || row.expiresAt <= now || !row.isActive || row.institutionActive === false) {
        await db.delete(sessions).where(eq(sessions.id, row.sessionId));
        return null;
      }
      // At most one write a minute per session: a read stays a read, and the idle timeout is still
      // exact to the minute.
      if (!options.background && now.getTime() - row.lastSeenAt.getTime() >= LAST_SEEN_PRECISION_MS) {
        await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.sessionId));
      }
      return {
        userId: row.userId,
        sessionId: row.sessionId,
        email: row.email,
        nickname: row.nickname,
        isAdmin: row.isAdmin,
        // A user with a factor signs in with it: every session since the factor was turned on passed it.
        secondFactor: row.totpEnabledAt !== null && row.sessionCreatedAt >= row.totpEnabledAt,
        doctor:
          row.doctorId && row.institutionId
            ? {
                id: row.doctorId,
                institutionId: row.institutionId,
                institutionType: row.institutionType as InstitutionType,
              }
            : null,
      };
    },

    async delete(sessionId: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.id, sessionId));
    },

    /** Ends every other session of a user: a password changed from one of them. */
    async deleteOthersOfUser(userId: string, keepSessionId: string): Promise<void> {
      await db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)));
    },

    /** Ends every session of a user (password change, deactivation). */
    async deleteForUser(userId: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.userId, userId));
    },

    async countForUser(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(sessions)
        .where(and(eq(sessions.userId, userId)));
      return row?.n ?? 0;
    },
  };
}
export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
