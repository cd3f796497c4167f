import type { InstitutionType, Sex, User, UserListQuery } from '@registry/shared';
import { and, asc, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { doctors, institutions, loginFailures, mfaChallenges, users } from '../db/schema.ts';
import { searchAny } from '../db/search.ts';

/** The columns of a user as the API shows it, with the doctor's patients counted in the same query. */
function selectUsers(db: Queryable) {
  return db
    .select({
      id: users.id,
      email: users.email,
      nickname: users.nickname,
      createdAt: users.createdAt,
      isAdmin: users.isAdmin,
      isActive: users.isActive,
      totpEnabledAt: users.totpEnabledAt,
      doctorId: doctors.id,
      firstName: doctors.firstName,
      lastName: doctors.lastName,
      gender: doctors.gender,
      institutionId: institutions.id,
      institutionName: institutions.name,
      institutionType: institutions.type,
      patientsQty: sql<number>`(select count(*)::int from "patients" where "patients"."doctor_id" = "doctors"."id")`,
    })
    .from(users)
    .leftJoin(doctors, eq(doctors.userId, users.id))
    .leftJoin(institutions, eq(institutions.id, doctors.institutionId))
    .$dynamic();
}

type UserRow = Awaited<ReturnType<ReturnType<typeof selectUsers>['execute']>>[number];

function toUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    nickname: row.nickname,
    createdAt: row.createdAt.toISOString(),
    isAdmin: row.isAdmin,
    isActive: row.isActive,
    mfaEnabled: row.totpEnabledAt !== null,
    doctor:
      row.doctorId && row.institutionId
        ? {
            id: row.doctorId,
            first_name: row.firstName ?? '',
            last_name: row.lastName ?? '',
            gender: row.gender as Sex,
            institution: {
              id: row.institutionId,
              name: row.institutionName ?? '',
              type: row.institutionType as InstitutionType,
            },
            patientsQty: row.patientsQty ?? 0,
          }
        : null,
  };
}

export function createUsersRepository(db: Queryable) {
  return {
    /** The account behind an email, compared case-insensitively, or null. */
    async findCredentials(email: string) {
      const [row] = await db
        .select({
          id: users.id,
          email: users.email,
          passwordHash: users.passwordHash,
          isAdmin: users.isAdmin,
          isActive: users.isActive,
          mfaEnabled: sql<boolean>`${users.totpEnabledAt} is not null`,
          institutionActive: institutions.isActive,
        })
        .from(users)
        .leftJoin(doctors, eq(doctors.userId, users.id))
        .leftJoin(institutions, eq(institutions.id, doctors.institutionId))
        .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
        .limit(1);
      return row ?? null;
    },

    /** Whether a user may still sign in (active, and a doctor's institution active), or null. */
    async findSignInState(id: string) {
      const [row] = await db
        .select({ email: users.email, isActive: users.isActive, institutionActive: institutions.isActive })
        .from(users)
        .leftJoin(doctors, eq(doctors.userId, users.id))
        .leftJoin(institutions, eq(institutions.id, doctors.institutionId))
        .where(eq(users.id, id))
        .limit(1);
      return row ?? null;
    },

    /** A user as the API shows it, or null. */
    async findById(id: string): Promise<User | null> {
      const [row] = await selectUsers(db).where(eq(users.id, id)).limit(1);
      return row ? toUser(row) : null;
    },

    /** One page of users matching the filter, and how many match in all. */
    async list(query: UserListQuery): Promise<{ rows: User[]; total: number }> {
      const where = searchAny(query.filter, [
        users.nickname,
        users.email,
        doctors.firstName,
        doctors.lastName,
        institutions.name,
      ]);
      const direction = query.order === 'asc' ? asc : desc;
      const orderColumn = {
        createdAt: users.createdAt,
        email: sql`lower(${users.email})`,
        nickname: sql`lower(${users.nickname})`,
        isAdmin: users.isAdmin,
        isActive: users.isActive,
        institution: sql`lower(${institutions.name})`,
        doctor: sql`lower(${doctors.firstName} || ' ' || ${doctors.lastName})`,
      }[query.orderBy ?? 'createdAt'];
      const [rows, [counted]] = await Promise.all([
        selectUsers(db)
          .where(where ?? undefined)
          .orderBy(direction(orderColumn), asc(users.id))
          .limit(query.size)
          .offset(query.page * query.size),
        db
          .select({ n: count() })
          .from(users)
          .leftJoin(doctors, eq(doctors.userId, users.id))
          .leftJoin(institutions, eq(institutions.id, doctors.institutionId))
          .where(where ?? undefined),
      ]);
      return { rows: rows.map(toUser), total: counted?.n ?? 0 };
    },

    /** Inserts a user and, for a doctor, the doctor record; returns the new user's id. */
    async insert(values: {
      email: string;
      nickname: string;
      passwordHash: string;
      isAdmin: boolean;
      doctor?: { institutionId: string; firstName: string; lastName: string; gender: Sex };
    }): Promise<string> {
      const [row] = await db
        .insert(users)
        .values({
          email: values.email,
          nickname: values.nickname,
          passwordHash: values.passwordHash,
          isAdmin: values.isAdmin,
        })
        .returning({ id: users.id });
      if (!row) {
        throw new Error('insert returned no row');
      }
      if (values.doctor) {
        await db.insert(doctors).values({ userId: row.id, ...values.doctor });
      }
      return row.id;
    },

    /** A new password hash; sessions are the caller's to end. */
    /**
     * Sets a new password. A second step of a sign-in still pending was earned with the old password:
     * it dies with it.
     */
    async setPassword(id: string, passwordHash: string, now: Date): Promise<void> {
      await db
        .update(users)
        .set({ passwordHash, passwordChangedAt: now, updatedAt: now })
        .where(eq(users.id, id));
      await db
        .update(mfaChallenges)
        .set({ usedAt: now })
        .where(and(eq(mfaChallenges.userId, id), isNull(mfaChallenges.usedAt)));
    },

    async setActive(id: string, isActive: boolean, now: Date): Promise<void> {
      await db.update(users).set({ isActive, updatedAt: now }).where(eq(users.id, id));
    },

    /** Writes the given fields of a user and of the doctor record; absent fields stay as they are. */
    async update(
      id: string,
      values: { nickname?: string; isActive?: boolean },
      doctor: { firstName?: string; lastName?: string; gender?: Sex; institutionId?: string },
      now: Date,
    ): Promise<void> {
      await db
        .update(users)
        .set({ ...values, updatedAt: now })
        .where(eq(users.id, id));
      if (Object.values(doctor).some((value) => value !== undefined)) {
        await db
          .update(doctors)
          .set({ ...doctor, updatedAt: now })
          .where(eq(doctors.userId, id));
      }
    },

    async hasAdmin(): Promise<boolean> {
      const [row] = await db.select({ n: count() }).from(users).where(eq(users.isAdmin, true));
      return (row?.n ?? 0) > 0;
    },

    async insertAdmin(values: { email: string; nickname: string; passwordHash: string }): Promise<string> {
      const [row] = await db
        .insert(users)
        .values({ ...values, isAdmin: true })
        .returning({ id: users.id });
      if (!row) {
        throw new Error('insert returned no row');
      }
      return row.id;
    },

    /** Records a failed (or not yet judged) sign-in attempt; answers its id. */
    async recordLoginFailure(email: string, at: Date): Promise<number> {
      const [row] = await db
        .insert(loginFailures)
        .values({ email: email.toLowerCase(), at })
        .returning({ id: loginFailures.id });
      return row?.id ?? 0;
    },

    /** Forgets one attempt: it was judged right, though the sign-in is not over yet. */
    async deleteLoginFailure(id: number): Promise<void> {
      await db.delete(loginFailures).where(eq(loginFailures.id, id));
    },

    /** The times of the failed sign-ins for an email after a moment, oldest first. */
    async loginFailuresSince(email: string, since: Date): Promise<Date[]> {
      const rows = await db
        .select({ at: loginFailures.at })
        .from(loginFailures)
        .where(and(eq(sql`lower(${loginFailures.email})`, email.toLowerCase()), gt(loginFailures.at, since)))
        .orderBy(loginFailures.at);
      return rows.map((row) => row.at);
    },

    async clearLoginFailures(email: string): Promise<void> {
      await db.delete(loginFailures).where(eq(sql`lower(${loginFailures.email})`, email.toLowerCase()));
    },
  };
}
export type UsersRepository = ReturnType<typeof createUsersRepository>;
