import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsUpTo } from '../db/client.ts';
import { rowsOf } from '../db/statements.ts';
import { openTestDatabase, type TestDatabase } from '../test/database.ts';
import { insertInstitution, insertUser } from '../test/fixtures.ts';
import { buildTestApp, type TestApp } from '../test/helper.ts';
import { createPatient, newDoctor, signIn } from '../test/patients.ts';

/** One patient, one identification (docs/product-rules.md#records): case and spaces do not tell two apart. */
describe('identifications compared case- and space-insensitively', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it.each(['hc-2026-0457', ' HC-2026-0457 ', 'HC -2026- 0457'])(
    'refuses %j beside HC-2026-0457 in one institution with 409',
    async (second) => {
      const doctor = await newDoctor(t);
      await createPatient(t, doctor, { identification: 'HC-2026-0457' });
      const res = await t.request({
        method: 'POST',
        url: '/api/patients',
        token: doctor.token,
        payload: { identification: second, demography: { birthDate: '1960-01-01', gender: 'male' } },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('PATIENT_IDENTIFICATION_EXISTS');
    },
  );

  it('refuses a change of identification to another patient’s in other case, and lets a patient change its own case', async () => {
    const doctor = await newDoctor(t);
    await createPatient(t, doctor, { identification: 'AB-1' });
    const other = await createPatient(t, doctor, { identification: 'AB-2' });
    const patch = (identification: string) =>
      t.request({
        method: 'PATCH',
        url: `/api/patients/${other}`,
        token: doctor.token,
        payload: { identification },
      });
    expect((await patch('ab-1')).statusCode).toBe(409);
    expect((await patch('ab-2')).statusCode).toBe(200);
  });
});

/** Identifications that only look different (docs/product-rules.md#records): NFKC, and every dash as `-`. */
describe('identifications that only look different', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const create = (token: string, identification: string) =>
    t.request({
      method: 'POST',
      url: '/api/patients',
      token,
      payload: { identification, demography: { birthDate: '1960-01-01', gender: 'male' } },
    });

  it.each([
    ['full-width', 'ＮＣ4-T001'],
    ['full-width hyphen', 'NC4－T001'],
    ['en dash', 'NC4\u2013T001'],
    ['em dash', 'NC4\u2014T001'],
    ['minus sign', 'NC4\u2212T001'],
    ['non-breaking hyphen', 'NC4\u2011T001'],
    ['full-width, en dash and lower case', 'ｎｃ４\u2013ｔ００１'],
  ])('refuses the %s look-alike of NC4-T001 in one institution with 409', async (_, lookAlike) => {
    const doctor = await newDoctor(t);
    await createPatient(t, doctor, { identification: 'NC4-T001' });
    const res = await create(doctor.token, lookAlike);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('PATIENT_IDENTIFICATION_EXISTS');
  });

  it('keeps the identification as typed, refuses a change onto a look-alike, and finds it by its look-alike', async () => {
    const doctor = await newDoctor(t);
    const typed = await create(doctor.token, 'ＮＣ4\u2013T001');
    expect(typed.statusCode).toBe(201);
    const id = typed.json().data.id;
    const other = await createPatient(t, doctor, { identification: 'NC4-T002' });
    const patient = await t.request({ method: 'GET', url: `/api/patients/${id}`, token: doctor.token });
    expect(patient.json().data.identification).toBe('ＮＣ4\u2013T001');
    const patch = await t.request({
      method: 'PATCH',
      url: `/api/patients/${other}`,
      token: doctor.token,
      payload: { identification: 'nc4-t001' },
    });
    expect(patch.statusCode).toBe(409);
    expect(patch.json().code).toBe('PATIENT_IDENTIFICATION_EXISTS');
    const found = await t.request({
      method: 'GET',
      url: `/api/patients/list?${new URLSearchParams({ text: 'NC4-T001' })}`,
      token: doctor.token,
    });
    expect(found.json().data.map((row: { id: string }) => row.id)).toEqual([id]);
  });

  it('lets another institution have the same identification', async () => {
    const doctor = await newDoctor(t);
    const colleague = await newDoctor(t);
    await createPatient(t, doctor, { identification: 'NC9-T001' });
    expect((await create(colleague.token, 'ＮＣ9\u2013T001')).statusCode).toBe(201);
  });
});

describe('identifications that only looked different before the rule', () => {
  let database: TestDatabase;
  let folder: string;
  beforeAll(async () => {
    database = await openTestDatabase({ migrate: false });
    // Every migration, with the earlier comparison (case and spaces only) that migration 0014 brought.
    folder = migrationsUpTo(28);
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('are reported and kept as typed when the fold comes in; the start does not fail', async () => {
    await database.migrate(folder);
    const institution = await insertInstitution(database.db);
    const user = await insertUser(database.db, { institutionId: institution.id });
    const [doctor] = rowsOf<{ id: string }>(
      await database.db.execute(sql`select id from doctors where user_id = ${user.id}`),
    );
    const insert = async (identification: string, createdAt: string) =>
      rowsOf<{ id: string }>(
        await database.db.execute(sql`insert into patients (institution_id, doctor_id, identification, created_at)
          values (${institution.id}, ${doctor?.id}, ${identification}, ${createdAt}::timestamptz) returning id`),
      )[0]?.id;
    const first = await insert('NC4-T001', '2024-01-01T00:00:00Z');
    const wide = await insert('ＮＣ4-T001', '2024-02-01T00:00:00Z');
    const dashed = await insert('NC4\u2013T001', '2024-03-01T00:00:00Z');
    const unrelated = await insert('NC4\u2013T002', '2024-04-01T00:00:00Z');

    await database.migrate();

    const keys = rowsOf<{ id: string; identification: string; key: string | null }>(
      await database.db.execute(
        sql`select id, identification, identification_key as "key" from patients order by created_at`,
      ),
    );
    expect(keys).toEqual([
      { id: first, identification: 'NC4-T001', key: 'nc4-t001' },
      { id: wide, identification: 'ＮＣ4-T001', key: null },
      { id: dashed, identification: 'NC4\u2013T001', key: null },
      { id: unrelated, identification: 'NC4\u2013T002', key: 'nc4-t002' },
    ]);
    const reported = rowsOf<{ patientId: string; changes: unknown }>(
      await database.db.execute(sql`select patient_id as "patientId", changes from audit_events
        where action = 'patient.identificationCollision'`),
    );
    expect(reported.map((row) => row.patientId).sort()).toEqual([wide, dashed].sort());
    expect(reported[0]?.changes).toEqual({ collidesWith: { old: null, new: first } });

    // A second start finds the function at this level and reports nothing again.
    await database.migrate();
    const again = rowsOf<{ count: number }>(
      await database.db.execute(sql`select count(*)::int as "count" from audit_events
        where action = 'patient.identificationCollision'`),
    );
    expect(again[0]?.count).toBe(2);
    await database.close();
  });
});

describe('identifications that collided before the rule', () => {
  let database: TestDatabase;
  let folder: string;
  beforeAll(async () => {
    database = await openTestDatabase({ migrate: false });
    // The level before migration 0014, which brought the comparison.
    folder = migrationsUpTo(14);
  });
  // The app built on the database below closes it.
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('are reported in the audit trail and kept, not merged; the first registered keeps the key', async () => {
    await database.migrate(folder);
    const institution = await insertInstitution(database.db);
    const user = await insertUser(database.db, { institutionId: institution.id });
    const [doctor] = rowsOf<{ id: string }>(
      await database.db.execute(sql`select id from doctors where user_id = ${user.id}`),
    );
    const insert = async (identification: string, createdAt: string) =>
      rowsOf<{ id: string }>(
        await database.db.execute(sql`insert into patients (institution_id, doctor_id, identification, created_at)
          values (${institution.id}, ${doctor?.id}, ${identification}, ${createdAt}::timestamptz) returning id`),
      )[0]?.id;
    const first = await insert('HC-1', '2024-01-01T00:00:00Z');
    const lower = await insert('hc-1', '2024-02-01T00:00:00Z');
    const spaced = await insert('H C-1', '2024-03-01T00:00:00Z');
    const unrelated = await insert('HC-2', '2024-04-01T00:00:00Z');

    await database.migrate();

    const keys = rowsOf<{ id: string; identification: string; key: string | null }>(
      await database.db.execute(
        sql`select id, identification, identification_key as "key" from patients order by created_at`,
      ),
    );
    expect(keys).toEqual([
      { id: first, identification: 'HC-1', key: 'hc-1' },
      { id: lower, identification: 'hc-1', key: null },
      { id: spaced, identification: 'H C-1', key: null },
      { id: unrelated, identification: 'HC-2', key: 'hc-2' },
    ]);
    const reported = rowsOf<{ patientId: string; changes: unknown }>(
      await database.db.execute(sql`select patient_id as "patientId", changes from audit_events
        where action = 'patient.identificationCollision' order by entity_id`),
    );
    expect(reported.map((row) => row.patientId).sort()).toEqual([lower, spaced].sort());
    expect(reported[0]?.changes).toEqual({ collidesWith: { old: null, new: first } });

    // The doctor's app keeps working with them; a new identification must be unique again.
    const t = await buildTestApp({}, { database });
    try {
      const token = await signIn(t, user.email);
      const patch = (id: string | undefined, identification: string) =>
        t.request({ method: 'PATCH', url: `/api/patients/${id}`, token, payload: { identification } });
      expect((await patch(lower, 'HC-1')).statusCode).toBe(409);
      expect((await patch(lower, 'HC-3')).statusCode).toBe(200);
      expect((await patch(spaced, 'hc-3')).statusCode).toBe(409);
    } finally {
      await t.close();
    }
  });
});
