import type { ImportMappingInput } from '@registry/shared';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedPatientFiles } from '../patients/index.ts';
import { buildTestApp, type TestApp } from '../test/helper.ts';
import { type Caller, newAdmin, newDoctor } from '../test/patients.ts';
import { confirm, csv, rowsOf, run, uploaded } from './test/import-kit.ts';

/**
 * Random import files (CONTRACT §14) — valid and invalid values, identifications repeated within a file
 * and across files, the same file twice — never leave a half-written patient: after each apply every
 * patient is either as it was or exactly as its row asked; what the check said would be written is what
 * the apply writes; and what was imported, exported again and imported back changes nothing.
 */

const RUNS = Number(process.env.IMPORT_PROPERTY_RUNS ?? 12);

const HEADERS = [
  'Identificación',
  'Fecha de nacimiento',
  'Sexo',
  'ECOG',
  'Fecha de diagnóstico',
  'Subtipo',
  'Consentimiento',
  'Fecha de consentimiento',
  'Leucocitos al diagnóstico (×10⁹/L)',
  'treatment_1_scheme',
  'treatment_1_start_date',
  'response_1_category',
  'treatment_1_drug_1_name',
  'Fecha de óbito',
  'Nota',
];

const MAPPING: Partial<ImportMappingInput> = {
  dateFormat: 'dmy',
  decimal: ',',
  columns: Object.fromEntries(
    [
      'identification',
      'birth_date',
      'sex',
      'ecog',
      'dx_date',
      'dx_subtype',
      'consent',
      'consent_date',
      'wbc_dx',
      'treatment_1_scheme',
      'treatment_1_start_date',
      'response_1_category',
      'treatment_1_drug_1_name',
      'death_date',
    ].map((name, index) => [String(index), name]),
  ),
  values: {
    sex: { Femenino: 'female', Masculino: 'male' },
    dx_subtype: { 'LMA M2': 'AML M2', 'LMA M3': 'AML M3', Otro: 'Other' },
    treatment_1_scheme: { Azacitidina: 'Azacitidina', '7+3': '7+3 AraC + IDA' },
    response_1_category: { RC: 'RC', RP: 'RP' },
  },
};

/** A date of the file: mostly good, sometimes impossible, two-digit, in the future or not a date. */
const date = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .tuple(
        fc.integer({ min: 1, max: 28 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1940, max: 2024 }),
      )
      .map(([d, m, y]) => `${String(d).padStart(2, '0')}/${String(m).padStart(2, '0')}/${y}`),
  },
  { weight: 1, arbitrary: fc.constantFrom('31/02/2020', '01/01/20', '01/01/2199', 'ayer', '') },
);

const rowArbitrary = fc.record({
  identification: fc.constantFrom('PR-1', 'pr-1', 'PR-2', 'PR-3', 'PR-4', 'PR-5', ''),
  birth: date,
  sex: fc.constantFrom('Femenino', 'Masculino', '', 'Quizás'),
  ecog: fc.constantFrom('0', '1', '4', '7', '', 'dos'),
  dx: date,
  subtype: fc.constantFrom('LMA M2', 'LMA M3', 'Otro', '', 'LMA M9'),
  consent: fc.constantFrom('Sí', 'No', ''),
  consentDate: date,
  wbc: fc.constantFrom('12,5', '3', '', '2000', '1.5'),
  scheme: fc.constantFrom('Azacitidina', '7+3', ''),
  start: date,
  response: fc.constantFrom('RC', 'RP', ''),
  drug: fc.constantFrom('Azacitidina', 'Citarabina', ''),
  death: fc.oneof({ weight: 4, arbitrary: fc.constant('') }, { weight: 1, arbitrary: date }),
});

const fileArbitrary = fc.record({
  rows: fc.array(rowArbitrary, { minLength: 1, maxLength: 6 }),
  blank: fc.constantFrom('keep' as const, 'clear' as const),
  twice: fc.boolean(),
});

let t: TestApp;
let admin: Caller;
let doctor: Caller;
beforeAll(async () => {
  t = await buildTestApp();
  [admin, doctor] = [await newAdmin(t), await newDoctor(t)];
});
afterAll(async () => {
  await t.close();
});

/** Every patient of the doctor, by id: its file and version. */
async function patientsNow() {
  const listed = await t.request({ method: 'GET', url: '/api/patients/list?size=1000', token: doctor.token });
  const ids = (listed.json().data as { id: string }[]).map((row) => row.id);
  return storedPatientFiles(t.ctx.db, ids, t.ctx.now());
}

async function importOnce(content: Buffer, blank: 'keep' | 'clear') {
  const imported = await uploaded(t, doctor, content);
  await confirm(t, doctor, imported, { ...MAPPING, blank });
  await run(t, doctor, imported.id, 'check');
  const checked = await rowsOf(t, doctor, imported.id);
  const applied = await run(t, doctor, imported.id, 'apply');
  expect(applied.status).toBe('applied');
  return { checked, applied: await rowsOf(t, doctor, imported.id) };
}

describe('random import files', () => {
  it('never leave a half-written patient, write what the check said, and round-trip through an export', async () => {
    const seen = { written: 0, refused: 0 };
    await fc.assert(
      fc.asyncProperty(fileArbitrary, async ({ rows, blank, twice }) => {
        const content = csv([
          HEADERS,
          ...rows.map((row) => [
            row.identification,
            row.birth,
            row.sex,
            row.ecog,
            row.dx,
            row.subtype,
            row.consent,
            row.consentDate,
            row.wbc,
            row.scheme,
            row.start,
            row.response,
            row.drug,
            row.death,
            // A column of no variable: listed, not written; and no row is blank.
            'nota',
          ]),
        ]);
        const before = await patientsNow();
        const { checked, applied } = await importOnce(content, blank);
        const after = await patientsNow();

        // What the check said would be written is what the apply wrote; the rest wrote nothing.
        for (const row of checked) {
          const done = applied.find((item) => item.row === row.row);
          const writes = row.action === 'new' || row.action === 'update';
          expect(done?.applied, JSON.stringify({ row, done })).toBe(writes);
          expect(done?.action).toBe(row.action);
        }
        seen.written += applied.filter((row) => row.applied).length;
        seen.refused += applied.filter((row) => row.action === 'refused').length;
        // Each patient is as it was, or as one applied row asked — never in between.
        const written = new Set(applied.filter((row) => row.applied).map((row) => row.patientId));
        for (const [id, patient] of before) {
          if (!written.has(id)) {
            expect(after.get(id)?.version, id).toBe(patient.version);
          }
        }
        // The same file again changes nothing: every written patient is whole.
        if (twice || written.size > 0) {
          const again = await importOnce(content, blank);
          for (const row of again.checked) {
            const first = applied.find((item) => item.row === row.row);
            if (first?.applied) {
              expect(row.action, JSON.stringify(row)).toBe('unchanged');
            }
          }
          expect(again.applied.some((row) => row.applied)).toBe(false);
        }
      }),
      { numRuns: RUNS },
    );
    // Not a property of nothing: the files wrote patients and refused rows.
    expect(seen.written, JSON.stringify(seen)).toBeGreaterThan(0);
    expect(seen.refused).toBeGreaterThan(0);

    // Everything imported (and one patient more, surely valid), exported and imported back: nothing to
    // change, nothing refused.
    await importOnce(
      csv([
        HEADERS,
        [
          'PR-9',
          '01/02/1970',
          'Femenino',
          '1',
          '01/03/2020',
          'LMA M2',
          'Sí',
          '02/03/2020',
          '3',
          'Azacitidina',
          '05/03/2020',
          'RC',
          'Azacitidina',
          '',
          'x',
        ],
      ]),
      'keep',
    );
    const exported = await t.request({
      method: 'GET',
      url: `/api/patients/xls?doctorId=${doctor.doctorId}`,
      token: admin.token,
    });
    expect(exported.statusCode).toBe(200);
    const imported = await uploaded(t, admin, exported.rawPayload, 'export.xlsx');
    await confirm(t, admin, imported, { doctorId: doctor.doctorId });
    const checked = await run(t, admin, imported.id, 'check');
    const listed = (await patientsNow()).size;
    expect(
      checked.summary,
      `${checked.status} ${checked.error} ${JSON.stringify(await rowsOf(t, admin, imported.id, '&action=refused'))}`,
    ).toEqual({
      new: 0,
      update: 0,
      unchanged: listed,
      refused: 0,
      conflict: 0,
    });
  }, 600_000);
});
