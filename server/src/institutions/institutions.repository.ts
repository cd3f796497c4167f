import type { Institution, InstitutionListQuery, InstitutionType } from '@registry/shared';
import { asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { institutions, sessions } from '../db/schema.ts';
import { searchAny } from '../db/search.ts';

// Written with qualified names: Drizzle leaves columns unqualified in a single-table select, and an
// unqualified "id" inside the subquery would mean the subquery's own table.
const doctorsQty = sql<number>`(select count(*)::int from "doctors" where "doctors"."institution_id" = "institutions"."id")`;
const patientsQty = sql<number>`(select count(*)::int from "patients" where "patients"."institution_id" = "institutions"."id")`;

/** An institution with its doctors and patients counted in the same query. */
function selectInstitutions(db: Queryable) {
  return db
    .select({
      id: institutions.id,
      name: institutions.name,
      code: institutions.code,
      type: institutions.type,
      isActive: institutions.isActive,
      createdAt: institutions.createdAt,
      doctorsQty,
      patientsQty,
    })
    .from(institutions)
    .$dynamic();
}

type InstitutionRow = Awaited<ReturnType<ReturnType<typeof selectInstitutions>['execute']>>[number];

const toInstitution = (row: InstitutionRow): Institution => ({
  ...row,
  type: row.type as InstitutionType,
  createdAt: row.createdAt.toISOString(),
});

export function createInstitutionsRepository(db: Queryable) {
  return {
    /** One page of institutions whose name or code matches, and how many match in all. */
    async list(query: InstitutionListQuery): Promise<{ rows: Institution[]; total: number }> {
      const where = searchAny(query.filter, [institutions.name, institutions.code]) ?? undefined;
      const direction = query.order === 'asc' ? asc : desc;
      const orderColumn = {
        name: sql`lower(${institutions.name})`,
        code: sql`lower(${institutions.code})`,
        type: institutions.type,
        createdAt: institutions.createdAt,
        doctorsQty,
        patientsQty,
        isActive: institutions.isActive,
      }[query.orderBy ?? 'createdAt'];
      const [rows, [counted]] = await Promise.all([
        selectInstitutions(db)
          .where(where)
          .orderBy(direction(orderColumn), asc(institutions.id))
          .limit(query.size)
          .offset(query.page * query.size),
        db.select({ n: count() }).from(institutions).where(where),
      ]);
      return { rows: rows.map(toInstitution), total: counted?.n ?? 0 };
    },

    async findById(id: string): Promise<Institution | null> {
      const [row] = await selectInstitutions(db).where(eq(institutions.id, id)).limit(1);
      return row ? toInstitution(row) : null;
    },

    async insert(values: { name: string; code: string; type: InstitutionType }): Promise<string> {
      const [row] = await db.insert(institutions).values(values).returning({ id: institutions.id });
      if (!row) {
        throw new Error('insert returned no row');
      }
      return row.id;
    },

    /** Writes the given fields; absent fields stay as they are. */
    async update(
      id: string,
      values: { name?: string; code?: string; type?: InstitutionType; isActive?: boolean },
      now: Date,
    ): Promise<void> {
      await db
        .update(institutions)
        .set({ ...values, updatedAt: now })
        .where(eq(institutions.id, id));
    },

    /** Ends the sessions of every doctor of the institution. */
    async endDoctorsSessions(id: string): Promise<void> {
      await db
        .delete(sessions)
        .where(
          sql`"sessions"."user_id" in (select "doctors"."user_id" from "doctors" where "doctors"."institution_id" = ${id})`,
        );
    },

    /** Every institution's code and name, by code. */
    async codes(): Promise<{ code: string; name: string }[]> {
      return db
        .select({ code: institutions.code, name: institutions.name })
        .from(institutions)
        .orderBy(sql`lower(${institutions.code})`);
    },
  };
}
