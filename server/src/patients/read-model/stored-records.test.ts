import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/statements.ts';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { consentedPatient, createPatient, newAdmin, newDoctor, treatment } from '../../test/patients.ts';
import { RECORDS_SHAPE } from './stored-records.ts';

describe('the stored records of each patient', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const storedRows = async () =>
    rowsOf<{ id: string; records: string; shape: string }>(
      await t.ctx.db.execute(sql`select patient_id as "id", records::text as "records", shape
        from patient_documents order by patient_id`),
    );

  it('are written again when missing or of another shape, as the server starts', async () => {
    const admin = await newAdmin(t);
    const doctor = await newDoctor(t);
    const treated = await consentedPatient(t, doctor);
    const res = await t.request({
      method: 'POST',
      url: '/api/patients/treatments',
      token: doctor.token,
      payload: { patientId: treated, treatments: [treatment()] },
    });
    expect(res.statusCode, res.body).toBe(201);
    const bare = await createPatient(t, doctor);
    const reported = await consentedPatient(t, doctor);
    const put = await t.request({
      method: 'PUT',
      url: `/api/patients/labreports/${reported}`,
      token: admin.token,
      payload: { labReports: [{ name: 'NGS OP', content: 'TP53' }] },
    });
    expect(put.statusCode, put.body).toBe(200);
    const written = await storedRows();
    expect(written.map((row) => row.id).sort()).toEqual([treated, bare, reported].sort());
    expect(new Set(written.map((row) => row.shape))).toEqual(new Set([RECORDS_SHAPE]));

    // A database from before the table (rows missing), and one written by another version's SQL.
    await t.ctx.db.execute(sql`delete from patient_documents where patient_id in (${treated}, ${bare})`);
    await t.ctx.db.execute(
      sql`update patient_documents set records = '{}'::json, shape = 'older' where patient_id = ${reported}`,
    );
    await t.database.migrate();

    expect(await storedRows()).toEqual(written);
  });
});
