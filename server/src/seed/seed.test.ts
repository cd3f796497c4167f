import {
  classifyEln2022,
  type GeneticMarker,
  patientSchema,
  readKaryotype,
  resolveMarkers,
  TREATMENT_SCHEMES,
} from '@registry/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../auth/passwords.ts';
import { rowsOf } from '../db/statements.ts';
import { TEST_PASSWORD } from '../test/fixtures.ts';
import { buildTestApp, type TestApp } from '../test/helper.ts';
import { newAdmin, signIn } from '../test/patients.ts';
import { randomSource, type SeedPatient, SUBTYPE_WEIGHTS, syntheticPatient } from './cohort.ts';
import { SCHEME_DRUGS } from './scheme-drugs.ts';
import { doctorLines, type SeedResult, seedCohort } from './seed-cohort.ts';

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
    expect(result.doctors.map((doctor) => doctor.email)).toEqual(result.doctorEmails);
    const [counts] = rowsOf<{ patients: number; diagnostics: number; demographies: number }>(
      await t.ctx.db.execute(sql`select (select count(*)::int from patients) as "patients",
        (select count(*)::int from diagnostics) as "diagnostics",
        (select count(*)::int from demographies) as "demographies"`),
    );
    expect(counts).toEqual({ patients: 250, diagnostics: 250, demographies: 250 });
  });

  it("gives each doctor a first name of the doctor's sex, as stored", async () => {
    const FEMALE = ['Ana', 'Lucía', 'Sofía', 'María', 'Valeria', 'Camila'];
    const MALE = ['Martín', 'Javier', 'Diego', 'Tomás', 'Pablo', 'Andrés'];
    const stored = rowsOf<{ firstName: string; gender: string }>(
      await t.ctx.db.execute(sql`select first_name as "firstName", gender from doctors`),
    );
    expect(stored).toHaveLength(6);
    for (const doctor of stored) {
      expect(doctor.gender === 'female' ? FEMALE : MALE, `${doctor.firstName} (${doctor.gender})`).toContain(
        doctor.firstName,
      );
    }
    expect(new Set(stored.map((doctor) => doctor.gender))).toEqual(new Set(['female', 'male']));
  });

  it('prints every doctor with their name and institution, and says which institution is a biobank', () => {
    const lines = doctorLines(result.doctors);
    expect(lines).toHaveLength(6);
    result.doctors.forEach((doctor, i) => {
      const line = lines[i] ?? '';
      expect(line).toContain(doctor.email);
      expect(line).toContain(doctor.name);
      expect(line).toContain(doctor.institution.code);
      expect(
        line.endsWith(doctor.institution.type === 'BioBanco' ? '(biobank)' : doctor.institution.name),
      ).toBe(true);
    });
    expect(lines.filter((line) => line.endsWith('(biobank)'))).toHaveLength(2);
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

  describe('a cohort a haematologist believes', () => {
    // Many patients, drawn without a database: the frequencies need more than the seeded 250.
    const random = randomSource(3);
    const cohort = Array.from({ length: 12_000 }, (_, i) =>
      syntheticPatient(random, new Date(Date.parse('2014-01-01') + i * 30_000_000), '2026-11-20', 'Hospital'),
    );
    const amls = cohort.filter(
      (p) => p.diagnostic.dxSubType.startsWith('AML') && p.diagnostic.dxSubType !== 'AML M3',
    );
    const share = (items: readonly unknown[], of: readonly unknown[]) => items.length / of.length;
    const positive = (p: SeedPatient, code: string) =>
      p.diagnostic.genetics
        ? resolveMarkers(p.diagnostic.genetics)[code as GeneticMarker]?.result === 'positive'
        : false;

    it('writes every karyotype in ISCN the registry reads, with the patient’s own sex chromosomes', () => {
      const karyotypes = cohort.flatMap((p) => {
        const text =
          p.diagnostic.genetics?.karyotype ?? p.reports.find((r) => r.name === 'Cytogenetics')?.content;
        return text && /^\d/.test(text) ? [{ text, gender: p.gender }] : [];
      });
      expect(karyotypes.length).toBeGreaterThan(5000);
      for (const { text, gender } of karyotypes) {
        const reading = readKaryotype(text);
        expect(reading.parsed, text).toBe(true);
        if (!reading.sexChromosomeAbnormal) {
          expect(reading.sexChromosomes, `${gender}: ${text}`).toBe(gender === 'male' ? 'XY' : 'XX');
        }
      }
    });

    it('gives AML genetics with published frequencies and co-occurrences', () => {
      const with_ = (code: string) => amls.filter((p) => positive(p, code));
      expect(share(with_('NPM1'), amls)).toBeGreaterThan(0.24);
      expect(share(with_('NPM1'), amls)).toBeLessThan(0.34);
      expect(share(with_('FLT3-ITD'), amls)).toBeGreaterThan(0.17);
      expect(share(with_('RUNX1::RUNX1T1'), amls)).toBeGreaterThan(0.04);
      expect(share(with_('CBFB::MYH11'), amls)).toBeGreaterThan(0.04);
      expect(share(with_('complex'), amls)).toBeGreaterThan(0.07);
      expect(share(with_('complex'), amls)).toBeLessThan(0.13);
      expect(share(with_('TP53'), amls)).toBeGreaterThan(0.06);
      const mr = amls.filter((p) =>
        ['ASXL1', 'BCOR', 'EZH2', 'RUNX1', 'SF3B1', 'SRSF2', 'STAG2', 'U2AF1', 'ZRSR2'].some((c) =>
          positive(p, c),
        ),
      );
      expect(share(mr, amls)).toBeGreaterThan(0.18);
      // NPM1 goes with FLT3-ITD and DNMT3A; TP53 with complex karyotypes; KIT with CBF.
      expect(
        share(
          with_('NPM1').filter((p) => positive(p, 'FLT3-ITD')),
          with_('NPM1'),
        ),
      ).toBeGreaterThan(0.3);
      expect(
        share(
          with_('NPM1').filter((p) => positive(p, 'DNMT3A')),
          with_('NPM1'),
        ),
      ).toBeGreaterThan(0.4);
      expect(
        share(
          with_('TP53').filter((p) => positive(p, 'complex')),
          with_('TP53'),
        ),
      ).toBeGreaterThan(0.5);
      const cbf = amls.filter((p) => positive(p, 'RUNX1::RUNX1T1') || positive(p, 'CBFB::MYH11'));
      expect(
        share(
          cbf.filter((p) => positive(p, 'KIT')),
          amls.filter((p) => positive(p, 'KIT')),
        ),
      ).toBeGreaterThan(0.5);
    });

    it('gives responses, relapses and deaths that differ by ELN 2022 category as in the literature', () => {
      const byCategory = (category: string) =>
        amls.filter(
          (p) => classifyEln2022(p.diagnostic.dxSubType, p.diagnostic.genetics).category === category,
        );
      const crRate = (patients: SeedPatient[]) => {
        const assessed = patients.filter((p) => p.treatments[0]?.diseaseAssessment);
        return share(
          assessed.filter((p) => ['RC', 'RCh', 'RCi'].includes(p.treatments[0]?.diseaseAssessment ?? '')),
          assessed,
        );
      };
      const favorable = byCategory('favorable');
      const adverse = byCategory('adverse');
      expect(crRate(favorable)).toBeGreaterThan(crRate(byCategory('intermediate')));
      expect(crRate(byCategory('intermediate'))).toBeGreaterThan(crRate(adverse));
      const intensive = amls.filter(
        (p) => p.treatments[0]?.scheme.startsWith('7+3') && p.diagnostic.patientFit === 'Fit',
      );
      expect(crRate(intensive)).toBeGreaterThan(0.6);
      expect(crRate(intensive)).toBeLessThan(0.82);
      const dead = (patients: SeedPatient[]) =>
        share(
          patients.filter((p) => p.deathDate),
          patients,
        );
      expect(dead(adverse)).toBeGreaterThan(dead(favorable));
    });

    it('records transplants in first remission, MRD results and dated responses', () => {
      const transplanted = cohort.filter((p) => p.treatments.some((t) => t.scheme === 'AloTCHP'));
      expect(share(transplanted, cohort)).toBeGreaterThan(0.05);
      const treated = cohort.flatMap((p) => p.treatments);
      expect(treated.filter((t) => t.EMRStatus === 'negative').length).toBeGreaterThan(500);
      const responses = treated.filter((t) => t.diseaseAssessment);
      expect(
        share(
          responses.filter((t) => t.diseaseAssessmentDate),
          responses,
        ),
      ).toBeGreaterThan(0.85);
    });

    it('follows the living up to recent months, and sees no one after death', () => {
      const living = cohort.filter((p) => !p.deathDate);
      expect(living.every((p) => p.lastContactDate !== null)).toBe(true);
      const recent = living.filter((p) => (p.lastContactDate ?? '') >= '2026-05-01');
      expect(share(recent, living)).toBeGreaterThan(0.8);
      expect(cohort.filter((p) => p.deathDate && p.lastContactDate)).toEqual([]);
    });
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
