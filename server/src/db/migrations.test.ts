import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertInstitution, insertUser } from '../test/fixtures.ts';
import { buildTestApp, type TestApp } from '../test/helper.ts';
import { auditEvents, doctors, institutions, patients } from './schema.ts';
import { rowsOf } from './statements.ts';

/** The PostgreSQL error behind a rejected query (Drizzle wraps it in its own error). */
async function databaseError(query: PromiseLike<unknown>): Promise<{ code?: string; message: string }> {
  try {
    await query;
  } catch (error) {
    const cause = (error as { cause?: unknown }).cause ?? error;
    return cause as { code?: string; message: string };
  }
  throw new Error('the database accepted the query');
}

describe('migrations and database rules', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  async function insertDoctor() {
    const institution = await insertInstitution(t.ctx.db);
    const user = await insertUser(t.ctx.db, { institutionId: institution.id });
    const [doctor] = await t.ctx.db.select().from(doctors).where(eq(doctors.userId, user.id));
    if (!doctor) {
      throw new Error('no doctor row');
    }
    return { institution, user, doctor };
  }

  it('migrates twice on the same database without harm', async () => {
    const institution = await insertInstitution(t.ctx.db);
    const before = rowsOf(
      await t.ctx.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`),
    );

    await expect(t.database.migrate()).resolves.toBeUndefined();
    await expect(t.database.migrate()).resolves.toBeUndefined();

    const after = rowsOf(
      await t.ctx.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`),
    );
    expect(after).toEqual(before);
    const [kept] = await t.ctx.db.select().from(institutions).where(eq(institutions.id, institution.id));
    expect(kept?.name).toBe(institution.name);
  });

  describe('the audit trail', () => {
    beforeAll(async () => {
      await t.ctx.db.insert(auditEvents).values({ action: 'test.event', actorEmail: 'auditor@example.org' });
    });

    it('refuses UPDATE', async () => {
      const error = await databaseError(t.ctx.db.execute(sql`update audit_events set action = 'tampered'`));
      expect(error.message).toMatch(/append-only/);
      expect(error.code).toBe('42501');
    });

    it('refuses UPDATE through Drizzle as well', async () => {
      const error = await databaseError(
        t.ctx.db.update(auditEvents).set({ outcome: 'denied' }).where(eq(auditEvents.action, 'test.event')),
      );
      expect(error.message).toMatch(/append-only/);
    });

    it('refuses DELETE', async () => {
      const error = await databaseError(t.ctx.db.execute(sql`delete from audit_events`));
      expect(error.message).toMatch(/append-only/);
      expect(error.code).toBe('42501');
    });

    it('refuses TRUNCATE', async () => {
      const error = await databaseError(t.ctx.db.execute(sql`truncate audit_events`));
      expect(error.message).toMatch(/append-only/);
      expect(error.code).toBe('42501');
    });

    it('still holds the event unchanged after the refused attempts', async () => {
      const rows = await t.ctx.db.select().from(auditEvents).where(eq(auditEvents.action, 'test.event'));
      expect(rows).toMatchObject([
        { action: 'test.event', outcome: 'ok', actorEmail: 'auditor@example.org' },
      ]);
    });

    it('accepts new events', async () => {
      await t.ctx.db.insert(auditEvents).values({ action: 'test.another' });
      const rows = await t.ctx.db.select().from(auditEvents).where(eq(auditEvents.action, 'test.another'));
      expect(rows).toHaveLength(1);
    });
  });

  it('refuses two users whose emails differ only in case', async () => {
    await insertUser(t.ctx.db, { email: 'Twin@Example.org' });
    const error = await databaseError(insertUser(t.ctx.db, { email: 'twin@example.ORG' }));
    expect(error.code).toBe('23505');
    expect(error.message).toMatch(/users_email_unique/);
  });

  it.each(['ID-1', 'id-1', ' Id - 1 '])(
    'refuses a second patient identified %j where one is identified ID-1, in one institution',
    async (second) => {
      const { institution, doctor } = await insertDoctor();
      await t.ctx.db
        .insert(patients)
        .values({ institutionId: institution.id, doctorId: doctor.id, identification: 'ID-1' });
      const error = await databaseError(
        t.ctx.db
          .insert(patients)
          .values({ institutionId: institution.id, doctorId: doctor.id, identification: second }),
      );
      expect(error.code).toBe('23505');
      expect(error.message).toMatch(/patients_identification_key_unique/);
    },
  );

  it('accepts the same identification in another institution', async () => {
    const first = await insertDoctor();
    const second = await insertDoctor();
    await t.ctx.db
      .insert(patients)
      .values({ institutionId: first.institution.id, doctorId: first.doctor.id, identification: 'SHARED-7' });
    await expect(
      t.ctx.db.insert(patients).values({
        institutionId: second.institution.id,
        doctorId: second.doctor.id,
        identification: 'SHARED-7',
      }),
    ).resolves.toBeDefined();
  });

  it('refuses two patients with the same codeOP, across institutions', async () => {
    const first = await insertDoctor();
    const second = await insertDoctor();
    await t.ctx.db.insert(patients).values({
      institutionId: first.institution.id,
      doctorId: first.doctor.id,
      identification: 'OP-A',
      codeOP: 41,
    });
    const error = await databaseError(
      t.ctx.db.insert(patients).values({
        institutionId: second.institution.id,
        doctorId: second.doctor.id,
        identification: 'OP-B',
        codeOP: 41,
      }),
    );
    expect(error.code).toBe('23505');
    expect(error.message).toMatch(/patients_code_op_unique/);
  });

  it('accepts many patients without a codeOP', async () => {
    const { institution, doctor } = await insertDoctor();
    await t.ctx.db.insert(patients).values([
      { institutionId: institution.id, doctorId: doctor.id, identification: 'NO-OP-1' },
      { institutionId: institution.id, doctorId: doctor.id, identification: 'NO-OP-2' },
    ]);
    const rows = await t.ctx.db.select().from(patients).where(eq(patients.institutionId, institution.id));
    expect(rows.map((row) => row.codeOP)).toEqual([null, null]);
  });

  it('refuses a codeOP that is not positive', async () => {
    const { institution, doctor } = await insertDoctor();
    const error = await databaseError(
      t.ctx.db
        .insert(patients)
        .values({ institutionId: institution.id, doctorId: doctor.id, identification: 'ZERO', codeOP: 0 }),
    );
    expect(error.code).toBe('23514');
  });
});
