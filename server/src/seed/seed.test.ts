import { patientSchema, TREATMENT_SCHEMES } from '@registry/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../auth/passwords.ts';
import { TEST_PASSWORD } from '../test/fixtures.ts';
import { buildTestApp, type TestApp } from '../test/helper.ts';
import { newAdmin, signIn } from '../test/patients.ts';
import { randomSource, SUBTYPE_WEIGHTS, syntheticPatient } from './cohort.ts';
import { SCHEME_DRUGS } from './scheme-drugs.ts';
import { type SeedResult, seedCohort } from './seed-cohort.ts';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

describe('seed: a synthetic, plausible cohort', () => {
  let t: TestApp;
  let result: SeedResult;
  beforeAll(async () => {
    t = await buildTestApp();
    result = await seedCohort(t.ctx.db, {
      patients: 250,
      institutions: 3,
      doctors: 6,
      seed: 7,
      passwordHash: await hashPassword(TEST_PASSWORD),
      now: t.ctx.now(),
      batchSize: 100,
    });
  });
  afterAll(() => t.close());

  it('loads institutions (the first a biobank), doctors and patients', async () => {
    expect(result.institutions.map((i) => i.type)).toEqual(['BioBanco', 'Hospital', 'Hospital']);
    expect(result.doctorEmails).toHaveLength(6);
    const [counts] = rowsOf<{ patients: number; diagnostics: number; demographies: number }>(
      await t.ctx.db.execute(sql`select (select count(*)::int from patients) as "patients",
        (select count(*)::int from diagnostics) as "diagnostics",
        (select count(*)::int from demographies) as "demographies"`),
    );
    expect(counts).toEqual({ patients: 250, diagnostics: 250, demographies: 250 });
  });

  it('keeps every date in order and none in the future', async () => {
    const [broken] = rowsOf<{ n: number }>(
      await t.ctx.db.execute(sql`select count(*)::int as "n"
        from patients p join demographies dm on dm.patient_id = p.id join diagnostics d on d.patient_id = p.id
        where (length(dm.birth_date) = 10 and dm.birth_date::date > d.dx_date)
           or d.relapse_date < d.dx_date or (d.relapse and d.relapse_date is null)
           or p.death_date < coalesce(d.relapse_date, d.dx_date)
           or greatest(d.dx_date, d.relapse_date, d.consent_date, p.death_date) > current_date + 1
           or (d.consent and not exists (select 1 from institutions i where i.id = p.institution_id and i.type = 'BioBanco')
               and d.consent_date is null)`),
    );
    expect(broken?.n).toBe(0);
    const [treatments] = rowsOf<{ n: number }>(
      await t.ctx.db.execute(sql`select count(*)::int as "n" from treatments t join patients p on p.id = t.patient_id
        where t.start_date > coalesce(p.death_date, current_date + 1)
           or t."order" <> (select count(*) from treatments u where u.patient_id = t.patient_id and u."order" <= t."order")`),
    );
    expect(treatments?.n).toBe(0);
  });

  it('has relapses, deaths, biobank patients without lab reports, and a few files', async () => {
    const [facts] = rowsOf<{
      relapses: number;
      deaths: number;
      biobank: number;
      biobankReports: number;
      files: number;
    }>(
      await t.ctx.db.execute(sql`select
        (select count(*)::int from diagnostics where relapse) as "relapses",
        (select count(*)::int from patients where death_date is not null) as "deaths",
        (select count(*)::int from patients p join institutions i on i.id = p.institution_id where i.type = 'BioBanco') as "biobank",
        (select count(*)::int from lab_reports r join patients p on p.id = r.patient_id
           join institutions i on i.id = p.institution_id where i.type = 'BioBanco') as "biobankReports",
        (select count(*)::int from files) as "files"`),
    );
    expect(facts?.relapses).toBeGreaterThan(25);
    expect(facts?.deaths).toBeGreaterThan(25);
    expect(facts?.biobank).toBeGreaterThan(30);
    expect(facts?.biobankReports).toBe(0);
    expect(facts?.files).toBeGreaterThanOrEqual(1);
  });

  it('gives every treatment exactly the drugs and doses of its scheme, in order', async () => {
    const rows = rowsOf<{ scheme: string; drugs: { name: string; dose: string }[] }>(
      await t.ctx.db.execute(sql`select t.scheme as "scheme",
        coalesce(json_agg(json_build_object('name', d.name, 'dose', d.dose) order by d."order")
          filter (where d.id is not null), '[]') as "drugs"
        from treatments t left join drugs d on d.treatment_id = t.id group by t.id, t.scheme`),
    );
    expect(rows.length).toBeGreaterThan(100);
    const table = SCHEME_DRUGS as Readonly<Record<string, readonly { name: string; dose: string }[]>>;
    for (const { scheme, drugs } of rows) {
      const expected = table[scheme]?.map(({ name, dose }) => ({ name, dose }));
      expect({ scheme, drugs }).toEqual({ scheme, drugs: expected });
    }
    // A drug of FLAG-Ida (fludarabine) never turns up under a 7+3 or a hypomethylating scheme.
    const fludarabine = rows.filter((row) => row.drugs.some((drug) => drug.name === 'Fludarabina'));
    expect(new Set(fludarabine.map((row) => row.scheme))).toEqual(new Set(['FLAG-Ida', 'AloTCHP']));
    expect(new Set(rows.map((row) => row.scheme)).size).toBeGreaterThan(12);
  });

  it('has a drug table for every scheme of the enumeration, with doses from the usual protocols', () => {
    for (const scheme of TREATMENT_SCHEMES.filter((scheme) => scheme !== 'Other')) {
      expect(SCHEME_DRUGS[scheme].length, scheme).toBeGreaterThan(0);
    }
    const dose = (scheme: keyof typeof SCHEME_DRUGS, name: string) =>
      SCHEME_DRUGS[scheme].find((drug) => drug.name === name);
    expect(dose('7+3 AraC + IDA', 'Citarabina')).toMatchObject({
      dose: expect.stringMatching(/^(100|200) mg\/m2\/día/),
      firstDay: 1,
      lastDay: 7,
    });
    expect(dose('7+3 AraC + IDA', 'Idarrubicina')).toMatchObject({
      dose: '12 mg/m2/día',
      firstDay: 1,
      lastDay: 3,
    });
    expect(dose('7+3 AraC + DNR', 'Daunorrubicina')?.dose).toMatch(/^(60|90) mg\/m2\/día$/);
    expect(dose('7+3 AraC + IDA + MIDO', 'Midostaurina')).toMatchObject({ firstDay: 8, lastDay: 21 });
    expect(SCHEME_DRUGS['FLAG-Ida'].map((drug) => [drug.name, drug.dose])).toEqual([
      ['Fludarabina', '30 mg/m2/día'],
      ['Citarabina', '2 g/m2/día'],
      ['Idarrubicina', '10 mg/m2/día'],
      ['G-CSF (filgrastim)', '5 mcg/kg/día SC'],
    ]);
    for (const drugs of Object.values(SCHEME_DRUGS)) {
      for (const drug of drugs) {
        expect(drug.firstDay).toBeGreaterThanOrEqual(1);
        expect(drug.lastDay).toBeGreaterThanOrEqual(drug.firstDay);
      }
    }
  });

  it('draws subtypes with the registry frequencies', () => {
    const random = randomSource(1);
    const counts = new Map<string, number>();
    for (let i = 0; i < 10_000; i++) {
      const subtype = syntheticPatient(random, new Date('2024-01-01'), '2024-06-01', 'Hospital').diagnostic
        .dxSubType;
      const key = subtype.startsWith('Other: ') ? 'Other' : subtype;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    for (const [subtype, weight] of SUBTYPE_WEIGHTS) {
      expect((counts.get(subtype) ?? 0) / 100).toBeCloseTo(weight, -0.5);
    }
  });

  it('gives doctors who sign in with the shared password and read valid patient files', async () => {
    const token = await signIn(t, result.doctorEmails[1] ?? '');
    const list = await t.request({ method: 'GET', url: '/api/patients/list?size=5', token });
    expect(list.statusCode).toBe(200);
    expect(list.json().totalItems).toBeGreaterThan(0);
    for (const row of list.json().data) {
      const res = await t.request({ method: 'GET', url: `/api/patients/${row.id}`, token });
      expect(res.statusCode).toBe(200);
      expect(patientSchema.safeParse(res.json().data).success).toBe(true);
    }
    const admin = await newAdmin(t);
    const csv = await t.request({ method: 'GET', url: '/api/patients/csv', token: admin.token });
    expect(csv.body.trim().split('\n')).toHaveLength(251);
  });
});
