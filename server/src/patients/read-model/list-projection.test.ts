import { LAB_REPORT_NAMES, NGS_OP, type Patient } from '@registry/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngine } from '../../test/database.ts';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { type Caller, newAdmin, newDoctor, uploadFile } from '../../test/patients.ts';
import { COUNTS_KEY } from './counts.ts';
import { currentGenetics } from './derived.ts';

/**
 * The list's read model must equal, after any sequence of writes, what the records say. Random writes
 * of every kind go through the API (many refused by the rules, which must change nothing either); after
 * each one the patient's row is compared with a recomputation in TypeScript from the patient file, its
 * stored records with the patient file's lists, and the list's counts with a recomputation from the
 * read model's rows.
 */

/**
 * Random writes per run: PROJECTION_WRITES, 300 by default; on PostgreSQL PROJECTION_WRITES_POSTGRES
 * when set. CI makes 500 on each engine, each from a new seed (`.ci/run`), and from 500 writes on until
 * every kind of write was accepted at least once.
 */
const WRITES = Number(
  (testEngine === 'postgres' ? process.env.PROJECTION_WRITES_POSTGRES : undefined) ??
    process.env.PROJECTION_WRITES ??
    300,
);

/** A small seeded generator, so that a failure names the seed that reproduces it. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[int(0, items.length - 1)] as T;
  const maybe = <T>(value: T, chance = 0.5): T | null => (next() < chance ? value : null);
  const day = (from = 1990, to = 2025) =>
    `${int(from, to)}-${String(int(1, 12)).padStart(2, '0')}-${String(int(1, 28)).padStart(2, '0')}`;
  return { next, int, pick, maybe, day };
}

type Random = ReturnType<typeof generator>;

/** Whole years from birth to a day, written again here as the oracle of the read model's age rule. */
function ageAt(birthDate: string | null, day: string): number | null {
  if (!birthDate) {
    return null;
  }
  const years = Number(day.slice(0, 4)) - Number(birthDate.slice(0, 4));
  const age = birthDate.length === 4 || day.slice(5) >= birthDate.slice(5) ? years : years - 1;
  return age >= 0 ? age : null;
}

/** The row the read model should hold, from the patient file an admin reads. */
function expectedRow(patient: Patient, english: Patient) {
  const first = patient.diagnostics[0];
  const dates: string[] = [
    ...(patient.lastContactDate ? [patient.lastContactDate] : []),
    ...patient.samples.map((s) => s.sampleDate),
    ...patient.diagnostics.flatMap((d) => [d.dxDate, d.relapseDate, d.consentDate]),
    ...patient.treatments.flatMap((t) => [
      t.startDate,
      t.medulogramDate,
      t.EMRDate,
      ...t.drugs.flatMap((g) => [g.startApplicationDate, g.lastAplicationDate]),
    ]),
    ...patient.reports.map((r) => r.date),
  ].filter((d): d is string => d !== null && (patient.deathDate === null || d <= patient.deathDate));
  const filled = (name: string) =>
    patient.reports.some((r) => r.name === name && (Boolean(r.content?.trim()) || r.file !== null));
  const firstLine = patient.treatments.find((t) => t.order === 1);
  const normalised = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  // The searchable contents: every entry but the admins' NGS OP, in the file's order, one per line.
  const reportText = patient.reports
    .filter((r) => r.name !== 'NGS OP' && r.content?.trim())
    .map((r) => normalised(r.content ?? ''))
    .join('\n');
  const birthDate = patient.demography?.birthDate ?? null;
  return {
    identification: patient.identification,
    searchText: normalised(patient.identification),
    reportText,
    codeOP: patient.codeOP ?? null,
    riskLevel: patient.riskLevel,
    deathDate: patient.deathDate,
    lastContactDate: patient.lastContactDate,
    lastKnownAlive: dates.length > 0 ? dates.sort().at(-1) : null,
    // Where the follow-up is counted from: the last news, else the day of registration (UTC); none after death.
    followUpFrom: patient.deathDate ? null : (dates.sort().at(-1) ?? patient.createdAt.slice(0, 10)),
    gender: patient.demography?.gender ?? null,
    birthDate,
    ageAtDiagnosis: first?.dxDate ? ageAt(birthDate, first.dxDate) : null,
    hasDiagnostic: first !== undefined,
    dxDate: first?.dxDate ?? null,
    dxSubType: first?.dxSubType ?? null,
    dxSecondary: first?.dxSecondary ?? null,
    relapse: first?.relapse ?? null,
    relapseDate: first?.relapseDate ?? null,
    consent: first?.consent ?? null,
    patientFit: first?.patientFit ?? null,
    dxRiskLevel: first?.riskLevel ?? null,
    firstScheme: firstLine?.scheme ?? null,
    firstResponse: firstLine?.diseaseAssessment ?? null,
    hasCytogenetics: filled('Cytogenetics'),
    hasMolecular: filled('Molecular Studies'),
    hasNgs: filled('NGS'),
    ecog: patient.demography?.ecog ?? null,
    app: patient.demography?.app ?? null,
    dxSecondaryDescription: first?.dxSecondaryDescription ?? null,
    organsFailures: first?.organsFailures ?? null,
    consentDate: first?.consentDate ?? null,
    wbcAtDiagnosis: first?.wbcAtDiagnosis ?? null,
    marrowBlastsAtDiagnosis: first?.marrowBlastsAtDiagnosis ?? null,
    deathCause: patient.deathCause,
    sampleCount: patient.samples.length,
    treatmentCount: patient.treatments.length,
    schemes: patient.treatments.map((t) => t.scheme ?? '').join(' | ') || null,
    reportContents: Object.fromEntries(patient.reports.map((r) => [r.name, r.content])),
    otherReports:
      patient.reports
        .filter((r) => !FORM_REPORTS.includes(r.name))
        .map((r) => `${r.name}: ${r.content ?? ''}`)
        .join(' | ') || null,
    // The genetic risk as the patient file gives it, and the first diagnostic's karyotype.
    eln2022: patient.eln2022.category,
    eln2022Detail: { es: wordsOf(patient.eln2022), en: wordsOf(english.eln2022) },
    eln2024: patient.eln2024.category,
    eln2024Detail: { es: wordsOf(patient.eln2024), en: wordsOf(english.eln2024) },
    karyotype: first?.genetics?.karyotype ?? null,
    karyotypeResult: first?.genetics?.karyotypeResult ?? null,
  };
}

/** An ELN classification's words, as the read model keeps them for each language. */
function wordsOf({ category: _category, ...words }: Patient['eln2022'] | Patient['eln2024']) {
  return words;
}

/** The lab-report names of the form: the fixed ones and NGS OP. */
const FORM_REPORTS: readonly string[] = [...LAB_REPORT_NAMES, NGS_OP];

describe('the read model of the patient list', () => {
  let t: TestApp;
  let admin: Caller;
  let doctor: Caller;
  let colleague: Caller;
  /** Each patient's doctor, who writes its records. */
  const owners = new Map<string, Caller>();
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await newAdmin(t);
    doctor = await newDoctor(t);
    colleague = await newDoctor(t, { id: doctor.institutionId ?? '' });
  });
  afterAll(() => t.close());

  /** The kinds of write that were accepted at least once: the sequence must exercise each. */
  const accepted = new Set<string>();
  const EVERY_KIND = [
    'DELETE /api/patients/treatments/:id',
    'DELETE /api/patients/treatments/drugs/:id',
    'PATCH /api/patients/:id',
    'PATCH /api/patients/diagnostics/:id',
    'POST /api/patients',
    'POST /api/patients/diagnostics',
    'POST /api/patients/samples',
    'POST /api/patients/treatments',
    'PUT /api/patients/diagnostics/:id/genetics',
    'PUT /api/patients/labreports/:id',
    'PUT /api/patients/treatments/:id',
  ];
  const send = async (
    caller: Caller,
    method: 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) => {
    const res = await t.request({ method, url, token: caller.token, ...(payload ? { payload } : {}) });
    // A refusal (4xx) is a fair answer to a random write; a server error never is.
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(500);
    if (res.statusCode < 300) {
      accepted.add(`${method} ${url.replace(/[0-9a-f-]{36}/g, ':id')}`);
    }
    return res;
  };

  async function read(id: string, language = 'es'): Promise<Patient> {
    return (
      await t.request({
        method: 'GET',
        url: `/api/patients/${id}`,
        token: admin.token,
        headers: { 'accept-language': language },
      })
    ).json().data;
  }

  async function stored(id: string) {
    const result =
      await t.ctx.db.execute(sql`select identification, search_text as "searchText", report_text as "reportText",
      code_op as "codeOP", risk_level as "riskLevel", death_date::text as "deathDate",
      last_contact_date::text as "lastContactDate",
      last_known_alive::text as "lastKnownAlive", follow_up_from::text as "followUpFrom", gender, birth_date as "birthDate",
      age_at_diagnosis as "ageAtDiagnosis", has_diagnostic as "hasDiagnostic", dx_date::text as "dxDate",
      dx_sub_type as "dxSubType", dx_secondary as "dxSecondary", relapse, relapse_date::text as "relapseDate",
      consent, patient_fit as "patientFit", dx_risk_level as "dxRiskLevel", first_scheme as "firstScheme",
      first_response as "firstResponse", has_cytogenetics as "hasCytogenetics", has_molecular as "hasMolecular",
      has_ngs as "hasNgs", ecog, app, dx_secondary_description as "dxSecondaryDescription",
      organs_failures as "organsFailures", consent_date::text as "consentDate",
      wbc_at_diagnosis::float8 as "wbcAtDiagnosis", marrow_blasts_at_diagnosis::float8 as "marrowBlastsAtDiagnosis",
      death_cause as "deathCause",
      sample_count as "sampleCount", treatment_count as "treatmentCount", schemes,
      report_contents as "reportContents", other_reports as "otherReports", eln2022,
      eln2022_detail as "eln2022Detail", eln2024, eln2024_detail as "eln2024Detail", karyotype, karyotype_result as "karyotypeResult"
      from patient_list where patient_id = ${id}`);
    return (result as unknown as { rows: object[] }).rows[0];
  }

  /**
   * A patient's stored records (`patient_documents`) and the same lists as the patient file reads them
   * from the records: they must be equal.
   */
  async function storedRecords(id: string, patient: Patient) {
    const result = await t.ctx.db.execute(
      sql`select records::text as "records" from patient_documents where patient_id = ${id}`,
    );
    const row = (result as unknown as { rows: { records: string }[] }).rows[0];
    const { samples, diagnostics, treatments, reports } = patient;
    const stored = row && JSON.parse(row.records);
    // The stored reading of a karyotype keeps its message as a key; the file words it in the reader's
    // language (Spanish here), reading the text again as it is read for every answer.
    for (const diagnostic of stored?.diagnostics ?? []) {
      diagnostic.genetics = currentGenetics(diagnostic.genetics, 'es');
    }
    return { stored, read: { samples, diagnostics, treatments, reports } };
  }

  /**
   * The list's counts as the trigger keeps them and as recomputed from the read model's rows, both in
   * one order: they must be equal, with no combination left at zero.
   */
  async function counts() {
    const rowsOf = (result: unknown) => (result as { rows: object[] }).rows;
    const keys = sql.raw(COUNTS_KEY.map(([column]) => column).join(', '));
    const values = sql.raw(COUNTS_KEY.map(([column, value]) => `${value} as ${column}`).join(', '));
    const groups = sql.raw(COUNTS_KEY.map((_, index) => String(index + 1)).join(', '));
    const kept = await t.ctx.db.execute(
      sql`select ${keys}, patients from patient_list_counts order by ${keys}`,
    );
    const recomputed = await t.ctx.db.execute(sql`select ${keys}, patients from (
        select ${values}, count(*)::int as patients from patient_list group by ${groups}) c order by ${keys}`);
    return { kept: rowsOf(kept), recomputed: rowsOf(recomputed) };
  }

  /** One random write to one of the patients (or a new one); answers the patient it aimed at. */
  async function randomWrite(
    random: Random,
    patients: string[],
    known: Map<string, Patient>,
  ): Promise<string> {
    const names = ['Ana Pérez', 'José Muñoz', 'Lucía Gómez', 'Iñaki Ñúñez', 'Zoë Ávila'];
    if (patients.length === 0 || random.next() < 0.08) {
      // Two doctors of one institution, in turn: the counts summed over the doctors add both.
      const creator = patients.length % 2 === 0 ? doctor : colleague;
      const res = await send(creator, 'POST', '/api/patients', {
        identification: `${random.pick(names)} ${random.int(1, 1e6)}`,
        demography: { birthDate: random.day(1930, 2005), gender: random.pick(['male', 'female']) },
      });
      const id = res.json().data?.id as string | undefined;
      if (id) {
        patients.push(id);
        owners.set(id, creator);
        return id;
      }
      return patients[0] ?? '';
    }
    const id = random.pick(patients);
    const owner = owners.get(id) ?? doctor;
    const patient = known.get(id) ?? (await read(id));
    const diagnostic = random.maybe(random.pick(patient.diagnostics), 0.6);
    const treatment = random.maybe(random.pick(patient.treatments), 0.6);
    const kind = random.int(0, 12);
    const dxFields = () => ({
      dxDate: random.maybe(random.day(2000, 2024), 0.85),
      dxSecondary: random.maybe(random.pick(['Inicial', 'Secundario'])),
      dxSubType: random.maybe(random.pick(['AML', 'AML M2', 'AML M3', 'ALL-B', 'Other: LMMC']), 0.9),
      patientFit: random.maybe(random.pick(['Fit', 'Unfit'])),
      relapse: random.next() < 0.3,
      relapseDate: random.day(2000, 2025),
      riskLevel: random.maybe(random.pick(['Bajo', 'Medio', 'Alto'])),
      consent: random.next() < 0.8,
      consentDate: random.day(2000, 2025),
      organsFailures: random.maybe(random.pick(['renal', 'hepática'])),
      dxSecondaryDescription: random.maybe(random.pick(['post-SMD', 'post-quimioterapia'])),
      wbcAtDiagnosis: random.maybe(random.pick([0, 2.35, 30, 99.99, 100, 412.5])),
      marrowBlastsAtDiagnosis: random.maybe(random.pick([0, 12.5, 20, 87])),
    });
    const treatmentFields = (order: number) => ({
      order,
      scheme: random.maybe(random.pick(['FLAG-Ida', '7+3 AraC + IDA', 'Azacitidina', 'Other: MEC']), 0.9),
      startDate: random.maybe(random.day(2000, 2025)),
      diseaseAssessment: random.maybe(random.pick(['RC', 'RP', 'NR'])),
      medulogramDate: random.maybe(random.day(2000, 2025), 0.3),
      EMRDate: random.maybe(random.day(2000, 2025), 0.3),
      drugs:
        random.next() < 0.5
          ? []
          : [{ name: 'Citarabina', startApplicationDate: random.maybe(random.day(2000, 2025)) }],
    });
    switch (kind) {
      case 0:
        await send(owner, 'PATCH', `/api/patients/${id}`, {
          identification: `${random.pick(names)} ${random.int(1, 1e6)}`,
          demography: {
            birthDate: random.day(1930, 2005),
            gender: random.pick(['male', 'female']),
            ecog: random.maybe(random.int(0, 5)),
            app: random.maybe(random.pick(['HTA', 'cardiopatía isquémica', 'DM2'])),
          },
        });
        break;
      case 1:
        await send(owner, 'PATCH', `/api/patients/${id}`, {
          riskLevel: random.maybe(random.pick(['N/A', 'Bajo', 'Alto'])),
          deathDate: random.maybe(random.day(2010, 2025), 0.4),
          deathCause: random.maybe(random.pick(['sepsis', 'progresión', 'hemorragia']), 0.4),
          ...(random.next() < 0.5 ? { lastContactDate: random.maybe(random.day(2005, 2025), 0.8) } : {}),
        });
        break;
      case 2:
        await send(admin, 'PATCH', `/api/patients/${id}`, { codeOP: random.maybe(random.int(1, 400), 0.8) });
        break;
      case 3:
      case 4:
        await send(owner, 'POST', '/api/patients/diagnostics', { patientId: id, ...dxFields() });
        break;
      case 5:
        if (diagnostic) {
          await send(owner, 'PATCH', `/api/patients/diagnostics/${diagnostic.id}`, dxFields());
        }
        break;
      case 6:
        await send(owner, 'POST', '/api/patients/samples', {
          patientId: id,
          sampleDate: random.day(2000, 2025),
          sampleType: random.pick(['MO', 'SP']),
        });
        break;
      case 7: {
        // The consent gate would refuse most treatments of a random file, and with them the writes of
        // treatments and drugs: half the time the first diagnostic is made to pass it first.
        const first = patient.diagnostics[0];
        const gated = !first?.consent || first.dxSubType?.startsWith('Other');
        if (gated && random.next() < 0.5) {
          const passing = { ...dxFields(), consent: true, dxSubType: 'AML' };
          await (first
            ? send(owner, 'PATCH', `/api/patients/diagnostics/${first.id}`, passing)
            : send(owner, 'POST', '/api/patients/diagnostics', { patientId: id, ...passing }));
        }
        await send(owner, 'POST', '/api/patients/treatments', {
          patientId: id,
          treatments: [treatmentFields(random.int(1, patient.treatments.length + 1))],
        });
        break;
      }
      case 8:
        if (treatment) {
          await send(owner, 'PUT', `/api/patients/treatments/${id}`, {
            treatments: [{ ...treatmentFields(random.int(1, patient.treatments.length)), id: treatment.id }],
          });
        }
        break;
      case 9: {
        // A drug of a treatment that has some, half the time: few treatments keep a drug for long, and
        // a drug picked from any treatment would seldom exist.
        const withDrugs = patient.treatments.filter((t) => t.drugs.length > 0);
        if (withDrugs.length > 0 && random.next() < 0.5) {
          const drug = random.pick(random.pick(withDrugs).drugs);
          await send(owner, 'DELETE', `/api/patients/treatments/drugs/${drug.id}`);
        } else if (treatment) {
          await send(owner, 'DELETE', `/api/patients/treatments/${treatment.id}`);
        }
        break;
      }
      case 10: {
        const withFile = random.next() < 0.2 ? await uploadFile(t, owner, id) : null;
        const content = () =>
          random.maybe(random.pick(['NPM1', '46,XY', ' ', 'FLT3-ITD', 'Mutación CEBPA', 'inv(16)\nCBFB']));
        await send(owner, 'PUT', `/api/patients/labreports/${id}`, {
          labReports: [
            {
              name: random.pick(['NGS', 'Cytogenetics', 'Molecular Studies', 'Immunophenotype', 'PCR WT1']),
              content: content(),
              date: random.maybe(random.day(2000, 2025), 0.4),
              fileId: withFile,
            },
            ...(random.next() < 0.3
              ? [{ name: random.pick(['Medulograma', 'NGS', 'Citometría MRD']), content: content() }]
              : []),
          ],
        });
        break;
      }
      case 11:
        if (diagnostic) {
          const codes = ['NPM1', 'FLT3-ITD', 'CEBPA-bZIP', 'TP53', 'ASXL1', 'RUNX1::RUNX1T1', 'BCR::ABL1'];
          await send(owner, 'PUT', `/api/patients/diagnostics/${diagnostic.id}/genetics`, {
            karyotype: random.maybe(
              random.pick(['46,XY[20]', '45,XX,-7[12]/46,XX[8]', '46,XX,t(8;21)(q22;q22)[20]', 'ilegible']),
            ),
            karyotypeResult: random.maybe(random.pick(['normal', 'abnormal', 'failed'])),
            markers: codes
              .filter(() => random.next() < 0.4)
              .map((code) => ({
                code,
                result: random.pick(['positive', 'negative']),
                vaf: code === 'TP53' || code === 'NPM1' ? random.maybe(random.int(1, 60)) : null,
              })),
          });
        }
        break;
      default:
        await send(admin, 'PUT', `/api/patients/labreports/${id}`, {
          labReports: [{ name: 'NGS OP', content: random.maybe('TP53') }],
        });
    }
    return id;
  }

  it(`equals a recomputation from the records after ${WRITES} random writes`, {
    timeout: 600_000,
  }, async () => {
    const seed = Number(process.env.PROJECTION_SEED ?? Date.now() % 100_000);
    const random = generator(seed);
    const patients: string[] = [];
    // The file as last read after each write: the next write to that patient picks its records from it.
    const known = new Map<string, Patient>();
    // Every kind of write must be accepted at least once: past the WRITES asked for, the sequence goes
    // on (up to as many again) while a kind is still missing, so that a seed that happened to miss one
    // does not fail a sound read model, and a kind never accepted still fails below.
    const missing = () => WRITES >= 500 && accepted.size < EVERY_KIND.length;
    for (let i = 0; i < WRITES || (missing() && i < 2 * WRITES); i++) {
      const id = await randomWrite(random, patients, known);
      const patient = await read(id);
      known.set(id, patient);
      expect(await stored(id), `seed ${seed}, write ${i}`).toEqual(
        expectedRow(patient, await read(id, 'en')),
      );
      const records = await storedRecords(id, patient);
      expect(records.stored, `seed ${seed}, stored records after write ${i}`).toEqual(records.read);
      const { kept, recomputed } = await counts();
      expect(kept, `seed ${seed}, counts after write ${i}`).toEqual(recomputed);
    }
    for (const id of patients) {
      const patient = await read(id);
      expect(await stored(id), `seed ${seed}, at the end`).toEqual(
        expectedRow(patient, await read(id, 'en')),
      );
      const records = await storedRecords(id, patient);
      expect(records.stored, `seed ${seed}, stored records at the end`).toEqual(records.read);
    }
    if (WRITES >= 500) {
      expect([...accepted].sort(), `seed ${seed}`).toEqual(EVERY_KIND);
    }
  });
});
