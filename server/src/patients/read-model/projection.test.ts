import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/statements.ts';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { consentedPatient, createPatient, newDoctor } from '../../test/patients.ts';
import { PROJECTION_DIGEST } from './projection.ts';

describe('the projection of the patient list', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const listRows = async () =>
    rowsOf<Record<string, unknown>>(
      await t.ctx.db.execute(sql`select * from patient_list order by patient_id`),
    );
  const installed = async () =>
    rowsOf<{ digest: string | null }>(
      await t.ctx.db.execute(
        sql`select obj_description(to_regprocedure('registry_refresh_patient_list(uuid[], jsonb)'), 'pg_proc') as "digest"`,
      ),
    )[0]?.digest;

  /** How many times the list's rows were vacuumed, by hand or by autovacuum. */
  const vacuums = async () => {
    await t.ctx.db.execute(sql`select pg_stat_force_next_flush()`);
    return rowsOf<{ n: number }>(
      await t.ctx.db.execute(
        sql`select (vacuum_count + autovacuum_count)::int as "n" from pg_stat_user_tables where relname = 'patient_list'`,
      ),
    )[0]?.n;
  };

  it('is installed under the digest of its text as the server starts', async () => {
    expect(await installed()).toBe(PROJECTION_DIGEST);
  });

  it('is installed again, and rebuilds every row, when the database holds another version', async () => {
    const doctor = await newDoctor(t);
    await consentedPatient(t, doctor, { dxSubType: 'AML M2' });
    await createPatient(t, doctor);
    const rows = await listRows();
    expect(rows).toHaveLength(2);

    // A database whose projection another version wrote: its function and its rows differ.
    await t.ctx.db.execute(
      sql.raw(`create or replace function registry_refresh_patient_list(ids uuid[], derived jsonb) returns void
        language sql volatile as $$ select null::void $$`),
    );
    await t.ctx.db.execute(sql`comment on function registry_refresh_patient_list(uuid[], jsonb) is 'older'`);
    await t.ctx.db.execute(sql`update patient_list set dx_sub_type = 'ALL', age_at_diagnosis = 1`);
    const before = (await vacuums()) ?? 0;

    await t.database.migrate();

    expect(await installed()).toBe(PROJECTION_DIGEST);
    expect(await listRows()).toEqual(rows);
    // The rows written again are vacuumed at once, so that the list's index-only scans stay so.
    expect(await vacuums()).toBeGreaterThan(before);
  });

  it('leaves the rows alone when the database holds this version', async () => {
    await t.ctx.db.execute(sql`update patient_list set age_at_diagnosis = 7`);
    const before = await vacuums();
    await t.database.migrate();
    expect(await vacuums()).toBe(before);
    expect((await listRows()).map((row) => row.age_at_diagnosis)).toEqual([7, 7]);
    await t.database.migrate();
  });
});
