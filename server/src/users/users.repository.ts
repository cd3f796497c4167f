import type { InstitutionType, Sex, User } from '@registry/shared';
import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { doctors, institutions, loginFailures, patients, users } from '../db/schema.ts';

export function createUsersRepository(db: Queryable) {
  return {
    /** The account behind an email, compared case-insensitively, or null. */
    async findCredentials(email: string) {
      const [row] = await db
        .select({
          id: users.id,
          email: users.email,
          passwordHash: users.passwordHash,
          isActive: users.isActive,
          institutionActive: institutions.isActive,
        })
        .from(users)
        .leftJoin(doctors, eq(doctors.userId, users.id))
        .leftJoin(institutions, eq(institutions.id, doctors.institutionId))
        .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
        .limit(1);
      return row ?? null;
    },

    /** A user as the API shows it, or null. */
    async findById(id: string): Promise<User | null> {
      const [row] = await db
        .select({
          id: users.id,
          email: users.email,
          nickname: users.nickname,
          createdAt: users.createdAt,
          isAdmin: users.isAdmin,
          isActive: users.isActive,
          doctorId: doctors.id,
          firstName: doctors.firstName,
          lastName: doctors.lastName,
          gender: doctors.gender,
          institutionId: institutions.id,
          institutionName: institutions.name,
          institutionType: institutions.type,
          patientsQty: sql<number>`(select count(*)::int from ${patients} where ${patients.doctorId} = ${doctors.id})`,
        })
        .from(users)
        .leftJoin(doctors, eq(doctors.userId, users.id))
        .leftJoin(institutions, eq(institutions.id, doctors.institutionId))
        .where(eq(users.id, id))
        .limit(1);
      if (!row) {
        return null;
      }
      return {
        id: row.id,
        email: row.email,
        nickname: row.nickname,
        createdAt: row.createdAt.toISOString(),
        isAdmin: row.isAdmin,
        isActive: row.isActive,
        doctor:
          row.doctorId && row.institutionId
            ? {
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

    async recordLoginFailure(email: string, at: Date): Promise<void> {
      await db.insert(loginFailures).values({ email: email.toLowerCase(), at });
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
