import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Import, ImportRow } from '@registry/shared';
import { and, eq, isNotNull } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../auth/actor.ts';
import { failAbandonedJobs, jobRunnerOf } from '../background/jobs.ts';
import { auditEvents, backgroundJobs, imports } from '../db/schema.ts';
import { buildTestApp, type TestApp } from '../test/helper.ts';
import {
  type Caller,
  consentedPatient,
  createPatient,
  newAdmin,
  newDoctor,
  PDF_BYTES,
} from '../test/patients.ts';
import { IMPORT_JOB, runApply } from './import-jobs.ts';
import { createImportsRepository } from './imports.repository.ts';
import {
  confirm,
  csv,
  getImport,
  importFile,
  putMapping,
  rowsOf,
  run,
  upload,
  uploaded,
} from './test/import-kit.ts';

let t: TestApp;
let doctor: Caller;
let admin: Caller;
beforeAll(async () => {
  t = await buildTestApp();
  [doctor, admin] = [await newDoctor(t), await newAdmin(t)];
});
afterAll(async () => {
  await t.close();
});

const HEADERS = [
  'Identificación',
  'Fecha de nacimiento',
  'Sexo',
  'Fecha de diagnóstico',
  'Subtipo',
  'Consentimiento',
  'Fecha de consentimiento',
];
const row = (id: string, overrides: Partial<Record<(typeof HEADERS)[number], string>> = {}) => {
  const values: Record<string, string> = {
    Identificación: id,
    'Fecha de nacimiento': '20/05/1961',
    Sexo: 'Femenino',
    'Fecha de diagnóstico': '01/03/2022',
    Subtipo: 'LMA M2',
    Consentimiento: 'Sí',
    'Fecha de consentimiento': '02/03/2022',
    ...overrides,
  };
  return HEADERS.map((header) => values[header] ?? '');
};
const SUBTYPES = { dx_subtype: { 'LMA M2': 'AML M2', 'LMA M4': 'AML M4' } };

async function patientOf(caller: Caller, id: string) {
  const res = await t.request({ method: 'GET', url: `/api/patients/${id}`, token: caller.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

const errorsOf = (rows: ImportRow[], n: number) =>
  rows
    .find((item) => item.row === n)
    ?.errors.map((error) => ({ column: error.column, value: error.value, key: error.key }));

describe('uploading a file', () => {
  it('answers the import with its columns, their values and a first mapping guessed from headers and values', async () => {
    const imported = await uploaded(
      t,
      doctor,
      csv([
        ['Nº HC', 'F. nac.', 'Sexo', 'Fecha dx', 'Subtipo', 'Columna rara'],
        ['A-1', '20/05/1961', 'M', '01/03/2022', 'LMA M2', 'x'],
        ['A-2', '07/11/1955', 'F', '15/06/2023', 'lma m4', 'y'],
      ]),
    );
    expect(imported).toMatchObject({
      status: 'uploaded',
      kind: 'csv',
      delimiter: ';',
      encoding: 'utf-8',
      headerRow: 1,
      rowCount: 2,
      mappingConfirmed: false,
      owner: { id: doctor.userId },
      summary: null,
      progress: { done: 0, total: 2 },
    });
    expect(imported.columns[2]).toMatchObject({ header: 'Sexo', values: ['M', 'F'], moreValues: false });
    expect(imported.mapping).toMatchObject({ dateFormat: 'dmy', decimal: ',', blank: 'keep' });
    expect(imported.mapping.columns['2']).toBe('sex');
    expect(imported.mapping.columns['4']).toBe('dx_subtype');
    expect(imported.mapping.values.dx_subtype).toMatchObject({ 'LMA M2': 'AML M2' });
    expect(imported.ignored).toContainEqual({
      index: 5,
      header: 'Columna rara',
      variable: null,
      reason: 'unknown',
    });
  });

  it('reads a Windows-1252 CSV with semicolons and Spanish dates, the encoding shown', async () => {
    const content = readFileSync(path.join(import.meta.dirname, 'read/fixtures/cohort-windows-1252.csv'));
    const imported = await uploaded(t, doctor, content);
    expect(imported.encoding).toBe('windows-1252');
    expect(imported.delimiter).toBe(';');
  });

  it.each([
    ['a PDF', PDF_BYTES, 400],
    ['an empty file', Buffer.alloc(0), 400],
  ])('refuses %s with a message, keeping nothing', async (_name, content, status) => {
    const before = (
      await t.request({ method: 'GET', url: '/api/imports?size=1000', token: doctor.token })
    ).json().totalItems;
    const res = await upload(t, doctor, content, 'file.csv');
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().fields.file).toMatch(/\S/);
    const after = (
      await t.request({ method: 'GET', url: '/api/imports?size=1000', token: doctor.token })
    ).json().totalItems;
    expect(after).toBe(before);
  });

  it('refuses a file over 20 MiB with 413', async () => {
    const res = await upload(t, doctor, Buffer.alloc(20 * 1024 * 1024 + 10, 0x41));
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('FILE_TOO_LARGE');
  });

  it('starts the guess from the caller’s last confirmed mapping of a file with the same headers', async () => {
    const file = csv([
      ['Código', 'Nacido', 'Género'],
      ['B-1', '1961-05-20', 'hembra'],
    ]);
    const first = await uploaded(t, doctor, file);
    expect(first.mapping.columns['1']).toBeNull();
    await confirm(t, doctor, first, {
      dateFormat: 'ymd',
      columns: { '0': 'identification', '1': 'birth_date', '2': 'sex' },
      values: { sex: { hembra: 'female' } },
    });
    const second = await uploaded(t, doctor, file);
    expect(second.mapping).toMatchObject({
      dateFormat: 'ymd',
      columns: { '0': 'identification', '1': 'birth_date', '2': 'sex' },
      values: { sex: { hembra: 'female' } },
    });
    expect(second.mappingConfirmed).toBe(false);
    // Another user starts from the guess.
    const other = await uploaded(t, await newDoctor(t), file);
    expect(other.mapping.columns['1']).toBeNull();
  });

  it('reuses a mapping only for the same headers, in any order and case, not for the same text cut otherwise', async () => {
    const owner = await newDoctor(t);
    const first = await uploaded(
      t,
      owner,
      csv([
        ['Código|Nacido', 'Género'],
        ['B-1', 'hembra'],
      ]),
    );
    await confirm(t, owner, first, {
      dateFormat: 'mdy',
      blank: 'clear',
      columns: { '0': 'identification', '1': 'sex' },
      values: { sex: { hembra: 'female' } },
    });
    const reordered = await uploaded(
      t,
      owner,
      csv([
        ['GÉNERO', 'código|nacido'],
        ['hembra', 'B-2'],
      ]),
    );
    expect(reordered.mapping).toMatchObject({
      dateFormat: 'mdy',
      blank: 'clear',
      columns: { '0': 'sex', '1': 'identification' },
      values: { sex: { hembra: 'female' } },
    });
    // The same letters in other headers are another file.
    const other = await uploaded(
      t,
      owner,
      csv([
        ['Código', 'Nacido|Género'],
        ['B-3', 'hembra'],
      ]),
    );
    expect(other.mapping).toMatchObject({
      dateFormat: 'dmy',
      blank: 'keep',
      columns: { '0': null, '1': null },
    });
  });
});

describe('the mapping', () => {
  let imported: Import;
  beforeAll(async () => {
    imported = await uploaded(t, doctor, csv([HEADERS, row('M-1')]));
  });
  const base = () => {
    const { sheet: _s, headerRow: _h, ...mapping } = imported.mapping;
    return mapping;
  };

  it.each([
    ['an unknown variable', { columns: { ...{}, '0': 'identification', '1': 'no_such_thing' } }, 'columns.1'],
    [
      'two columns to one variable',
      { columns: { '0': 'identification', '1': 'birth_date', '3': 'birth_date' } },
      'columns.3',
    ],
    ['the identification unmapped', { columns: { '0': null, '1': 'birth_date' } }, 'columns'],
    ['a column the file does not have', { columns: { '0': 'identification', '99': 'sex' } }, 'columns.99'],
    ['an unknown code', { values: { sex: { Femenino: 'woman' } } }, 'values.sex.Femenino'],
    ['codes for a variable that has none', { values: { birth_date: { x: 'y' } } }, 'values.birth_date'],
    ['a doctor for a doctor', { doctorId: '00000000-0000-4000-8000-000000000000' }, 'doctorId'],
  ])('refuses %s with a field message', async (_name, change, field) => {
    const res = await putMapping(t, doctor, imported.id, { ...base(), ...change });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().fields[field]).toMatch(/\S/);
  });

  it('asks an admin for the doctor, an active one, or a column of emails not mapped to a variable', async () => {
    const mine = await uploaded(
      t,
      admin,
      csv([
        [...HEADERS, 'Email'],
        [...row('M-2'), doctor.email],
      ]),
    );
    const { sheet: _s, headerRow: _h, ...guess } = mine.mapping;
    for (const [change, field] of [
      [{}, 'doctorId'],
      [{ doctorId: '00000000-0000-4000-8000-000000000000' }, 'doctorId'],
      [{ doctorColumn: 0 }, 'doctorColumn'],
    ] as const) {
      const res = await putMapping(t, admin, mine.id, { ...guess, ...change });
      expect(res.statusCode, res.body).toBe(400);
      expect(Object.keys(res.json().fields)).toContain(field);
    }
    const res = await putMapping(t, admin, mine.id, { ...guess, doctorColumn: 7 });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('needs a confirmed mapping before the check', async () => {
    const fresh = await uploaded(t, doctor, csv([HEADERS, row('M-3')]));
    const res = await t.request({
      method: 'POST',
      url: `/api/imports/${fresh.id}/check`,
      token: doctor.token,
    });
    expect(res.statusCode).toBe(409);
  });
});

describe('the check', () => {
  it('judges every row and writes nothing: refusals name the column and the value', async () => {
    const other = await newDoctor(t, { id: doctor.institutionId as string });
    const othersPatient = `OTRO-${Date.now()}`;
    await createPatient(t, other, { identification: othersPatient });
    const listed = async () =>
      (await t.request({ method: 'GET', url: '/api/patients/list?size=1000', token: doctor.token })).json()
        .totalItems;
    const before = await listed();
    const imported = await uploaded(
      t,
      doctor,
      csv([
        [...HEADERS, 'Código OP', 'Leucocitos al diagnóstico (×10⁹/L)', 'Algo'],
        [...row('C-1'), '123', '12,5', 'a'],
        [...row('C-2', { 'Fecha de nacimiento': '20/05/61' }), '', '', ''],
        [...row('C-3', { 'Fecha de diagnóstico': '31/02/2022' }), '', '12.5', ''],
        [...row('C-4', { Sexo: 'Desconocido' }), '', '', ''],
        [...row('C-5'), '', '', ''],
        [...row('c-5 '), '', '', ''],
        [...row(othersPatient.toLowerCase()), '', '', ''],
        [...row('', {}), '', '', ''],
        [...row('C-6', { 'Fecha de diagnóstico': '01/03/2099' }), '', '', ''],
        [...row('C-7', { 'Fecha de nacimiento': '01/03/2023' }), '', '', ''],
      ]),
    );
    expect(imported.ignored).toEqual(
      expect.arrayContaining([
        { index: 7, header: 'Código OP', variable: 'code_op', reason: 'notAllowed' },
        { index: 9, header: 'Algo', variable: null, reason: 'unknown' },
      ]),
    );
    await confirm(t, doctor, imported, { values: { ...imported.mapping.values, ...SUBTYPES } });
    const checked = await run(t, doctor, imported.id, 'check');
    expect(checked).toMatchObject({ status: 'checked', progress: { done: 10, total: 10 } });
    const rows = await rowsOf(t, doctor, imported.id);
    expect(checked.summary, JSON.stringify(rows.slice(0, 1))).toEqual({
      new: 1,
      update: 0,
      unchanged: 0,
      refused: 9,
      conflict: 0,
    });
    expect(rows.find((item) => item.row === 2)).toMatchObject({ action: 'new', identification: 'C-1' });
    expect(rows.find((item) => item.row === 2)?.changes).toContainEqual({
      variable: 'wbc_dx',
      old: null,
      new: 12.5,
    });
    expect(errorsOf(rows, 3)).toEqual([
      { column: 'Fecha de nacimiento', value: '20/05/61', key: 'importValue.dateTwoDigitYear' },
    ]);
    expect(errorsOf(rows, 4)).toEqual([
      { column: 'Fecha de diagnóstico', value: '31/02/2022', key: 'importValue.dateImpossible' },
      { column: 'Leucocitos al diagnóstico (×10⁹/L)', value: '12.5', key: 'importValue.decimalOtherSign' },
    ]);
    expect(errorsOf(rows, 5)).toEqual([
      { column: 'Sexo', value: 'Desconocido', key: 'importRow.valueNotMapped' },
    ]);
    expect(errorsOf(rows, 6)?.[0]?.key).toBe('importRow.duplicateInFile');
    expect(errorsOf(rows, 7)?.[0]?.key).toBe('importRow.duplicateInFile');
    expect(errorsOf(rows, 8)).toEqual([
      { column: null, value: othersPatient.toLowerCase(), key: 'importRow.otherDoctor' },
    ]);
    expect(errorsOf(rows, 9)?.[0]?.key).toBe('importRow.identificationMissing');
    expect(errorsOf(rows, 10)).toEqual([
      { column: 'Fecha de diagnóstico', value: '01/03/2099', key: 'validation.futureDate' },
    ]);
    expect(errorsOf(rows, 11)).toEqual([
      { column: 'Fecha de nacimiento', value: '01/03/2023', key: 'validation.afterDiagnosis' },
      { column: 'Fecha de diagnóstico', value: '01/03/2022', key: 'validation.beforeBirth' },
    ]);
    // Each message in the caller's language, naming the value.
    expect(rows.find((item) => item.row === 3)?.errors[0]?.message).toContain('20/05/61');
    const english = await t.request({
      method: 'GET',
      url: `/api/imports/${imported.id}/rows?action=refused&size=100`,
      token: doctor.token,
      headers: { 'accept-language': 'en' },
    });
    expect(english.json().data[0].errors[0].message).toMatch(/two-digit year/);
    expect(english.json().totalItems).toBe(9);
    expect(await listed()).toBe(before);
  });

  it('finds each row’s patient by identification, case and spaces aside, and says what changes, old → new', async () => {
    const id = await consentedPatient(t, doctor, { dxSubType: 'AML M2' });
    const patient = await patientOf(doctor, id);
    const imported = await uploaded(
      t,
      doctor,
      csv([
        ['Identificación', 'Sexo', 'ECOG', 'Fecha de diagnóstico'],
        [` ${patient.identification.toUpperCase()} `, 'Masculino', '1', '01/03/2022'],
      ]),
    );
    await confirm(t, doctor, imported);
    await run(t, doctor, imported.id, 'check');
    const [judged] = await rowsOf(t, doctor, imported.id);
    expect(judged).toMatchObject({ action: 'update', patientId: id });
    expect(judged?.changes).toEqual([{ variable: 'sex', old: 'female', new: 'male' }]);
    const applied = await run(t, doctor, imported.id, 'apply');
    expect(applied.summary).toMatchObject({ update: 1 });
    expect((await patientOf(doctor, id)).demography.gender).toBe('male');
    expect((await patientOf(doctor, id)).identification).toBe(patient.identification);
  });
});

describe('empty cells', () => {
  it('leave a stored value as it is by default, and clear it when asked', async () => {
    const id = await createPatient(t, doctor);
    const { identification } = await patientOf(doctor, id);
    const file = csv([
      ['Identificación', 'ECOG', 'Antecedentes patológicos personales (APP)'],
      [identification, '', ''],
    ]);
    const kept = await uploaded(t, doctor, file);
    await confirm(t, doctor, kept);
    await run(t, doctor, kept.id, 'check');
    expect((await rowsOf(t, doctor, kept.id))[0]?.action).toBe('unchanged');
    const cleared = await uploaded(t, doctor, file);
    await confirm(t, doctor, cleared, { blank: 'clear' });
    await run(t, doctor, cleared.id, 'check');
    expect((await rowsOf(t, doctor, cleared.id))[0]).toMatchObject({
      action: 'update',
      changes: [
        { variable: 'ecog', old: 1, new: null },
        { variable: 'medical_history', old: 'HTA', new: null },
      ],
    });
    await run(t, doctor, cleared.id, 'apply');
    expect((await patientOf(doctor, id)).demography).toMatchObject({ ecog: null, app: null });
  });
});

describe('applying', () => {
  it('writes each patient whole with every record, audited with the import’s id; the same file again changes nothing', async () => {
    const file = csv([
      [
        'Identificación',
        'Fecha de nacimiento',
        'Sexo',
        'Fecha de diagnóstico',
        'Subtipo',
        'Consentimiento',
        'Fecha de consentimiento',
        'treatment_1_scheme',
        'treatment_1_start_date',
        'response_1_category',
        'response_1_date',
        'treatment_1_drug_1_name',
        'treatment_1_drug_2_name',
        'sample_1_type',
        'sample_1_date',
        'npm1',
        'flt3_itd_vaf',
        'lab_report_1_name',
        'lab_report_1_content',
        'Fecha de óbito',
      ],
      [
        'W-1',
        '20/05/1961',
        'Femenino',
        '01/03/2022',
        'LMA M2',
        'Sí',
        '02/03/2022',
        '7+3 AraC + IDA',
        '10/03/2022',
        'RC',
        '20/04/2022',
        'Citarabina',
        'Idarrubicina',
        'MO',
        '01/03/2022',
        'Positivo',
        '12,5',
        'Citogenética',
        '46,XX',
        '',
      ],
    ]);
    const imported = await uploaded(t, doctor, file);
    expect(imported.mapping.columns).toMatchObject({ '7': 'treatment_1_scheme', '15': 'npm1' });
    await confirm(t, doctor, imported, {
      values: {
        ...imported.mapping.values,
        ...SUBTYPES,
        treatment_1_scheme: { '7+3 AraC + IDA': '7+3 AraC + IDA' },
        response_1_category: { RC: 'RC' },
        sample_1_type: { MO: 'MO' },
        npm1: { Positivo: 'positive' },
      },
    });
    const checked = await run(t, doctor, imported.id, 'check');
    expect(checked.summary, JSON.stringify(await rowsOf(t, doctor, imported.id))).toMatchObject({ new: 1 });
    const applied = await run(t, doctor, imported.id, 'apply');
    expect(applied).toMatchObject({ status: 'applied', progress: { done: 1, total: 1 } });
    const [written] = await rowsOf(t, doctor, imported.id);
    expect(written?.applied).toBe(true);
    const patient = await patientOf(doctor, written?.patientId as string);
    expect(patient.diagnostics[0]).toMatchObject({ dxSubType: 'AML M2', consentDate: '2022-03-02' });
    expect(patient.diagnostics[0].genetics.markers).toEqual(
      expect.arrayContaining([
        { code: 'NPM1', result: 'positive', vaf: null },
        { code: 'FLT3-ITD', result: 'positive', vaf: 12.5 },
      ]),
    );
    expect(patient.treatments[0]).toMatchObject({
      order: 1,
      scheme: '7+3 AraC + IDA',
      diseaseAssessment: 'RC',
    });
    expect(patient.treatments[0].drugs.map((drug: { name: string }) => drug.name)).toEqual([
      'Citarabina',
      'Idarrubicina',
    ]);
    expect(patient.samples).toMatchObject([{ sampleType: 'MO', sampleDate: '2022-03-01' }]);
    expect(patient.reports).toMatchObject([{ name: 'Cytogenetics', content: '46,XX' }]);
    const audited = await t.ctx.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(and(eq(auditEvents.patientId, patient.id), eq(auditEvents.importId, imported.id)));
    expect(audited.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['patient.create', 'diagnostic.create', 'treatment.create', 'sample.create']),
    );
    // The list's read model has the patient, with its ELN category.
    const listed = await t.request({
      method: 'GET',
      url: `/api/patients/list?text=W-1`,
      token: doctor.token,
    });
    expect(listed.json().data.map((item: { id: string }) => item.id)).toContain(patient.id);

    const again = await uploaded(t, doctor, file);
    await confirm(t, doctor, again, { values: (await getImport(t, doctor, imported.id)).mapping.values });
    const rechecked = await run(t, doctor, again.id, 'check');
    expect(rechecked.summary).toMatchObject({ unchanged: 1, new: 0, update: 0 });
    const reapplied = await run(t, doctor, again.id, 'apply');
    expect(reapplied.status).toBe('applied');
    expect((await patientOf(doctor, patient.id)).version).toBe(patient.version);
  });

  it('leaves a patient changed after the check alone (a conflict), and writes it when asked to', async () => {
    const id = await createPatient(t, doctor);
    const { identification } = await patientOf(doctor, id);
    const imported = await uploaded(
      t,
      doctor,
      csv([
        ['Identificación', 'ECOG'],
        [identification, '4'],
      ]),
    );
    await confirm(t, doctor, imported);
    await run(t, doctor, imported.id, 'check');
    const edit = await t.request({
      method: 'PATCH',
      url: `/api/patients/${id}`,
      token: doctor.token,
      payload: { lastContactDate: '2024-01-01' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const applied = await run(t, doctor, imported.id, 'apply');
    expect(applied.summary).toMatchObject({ conflict: 1, update: 0 });
    expect((await rowsOf(t, doctor, imported.id))[0]?.errors[0]?.key).toBe('importRow.conflict');
    expect((await patientOf(doctor, id)).demography.ecog).toBe(1);
    // Accepted: written over the patient as it is now.
    const refused = await t.request({
      method: 'POST',
      url: `/api/imports/${imported.id}/apply`,
      token: doctor.token,
    });
    expect(refused.statusCode).toBe(409);
  });

  it('writes conflicts when the user accepts them', async () => {
    const id = await createPatient(t, doctor);
    const { identification } = await patientOf(doctor, id);
    const imported = await uploaded(
      t,
      doctor,
      csv([
        ['Identificación', 'ECOG'],
        [identification, '3'],
      ]),
    );
    await confirm(t, doctor, imported);
    await run(t, doctor, imported.id, 'check');
    await t.request({
      method: 'PATCH',
      url: `/api/patients/${id}`,
      token: doctor.token,
      payload: { lastContactDate: '2024-01-01' },
    });
    const applied = await run(t, doctor, imported.id, 'apply', { acceptConflicts: true });
    expect(applied.summary).toMatchObject({ update: 1, conflict: 0 });
    expect(await patientOf(doctor, id)).toMatchObject({
      lastContactDate: '2024-01-01',
      demography: { ecog: 3 },
    });
  });
});

describe('undo', () => {
  it('removes the new patients and restores the updated ones, audited with the import’s id', async () => {
    const id = await consentedPatient(t, doctor);
    const before = await patientOf(doctor, id);
    const imported = await importFile(
      t,
      doctor,
      csv([
        ['Identificación', 'Sexo', 'treatment_1_scheme', 'treatment_1_drug_1_name', 'Fecha de nacimiento'],
        [before.identification, 'Masculino', 'Azacitidina', 'Azacitidina', ''],
        [`U-${Date.now()}`, 'Femenino', '', '', '01/02/1970'],
      ]),
      {
        values: {
          sex: { Masculino: 'male', Femenino: 'female' },
          treatment_1_scheme: { Azacitidina: 'Azacitidina' },
        },
      },
    );
    expect(imported.summary).toMatchObject({ update: 1, new: 1 });
    expect(imported.undoUntil).not.toBeNull();
    const created = (await rowsOf(t, doctor, imported.id)).find((item) => item.action === 'new')
      ?.patientId as string;
    const undo = await t.request({
      method: 'POST',
      url: `/api/imports/${imported.id}/undo`,
      token: doctor.token,
    });
    expect(undo.statusCode, undo.body).toBe(200);
    expect(undo.json().data).toMatchObject({ status: 'undone', undoUntil: null });
    const after = await patientOf(doctor, id);
    expect(after).toMatchObject({
      demography: before.demography,
      treatments: [],
      diagnostics: before.diagnostics,
    });
    expect(
      (await t.request({ method: 'GET', url: `/api/patients/${created}`, token: doctor.token })).statusCode,
    ).toBe(404);
    const trail = await t.ctx.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(and(eq(auditEvents.importId, imported.id), isNotNull(auditEvents.patientId)));
    expect(trail.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['patient.delete', 'treatment.delete']),
    );
    const twice = await t.request({
      method: 'POST',
      url: `/api/imports/${imported.id}/undo`,
      token: doctor.token,
    });
    expect(twice.statusCode).toBe(409);
  });

  it('is refused with the patients changed since the apply', async () => {
    const id = await createPatient(t, doctor);
    const { identification } = await patientOf(doctor, id);
    const imported = await importFile(
      t,
      doctor,
      csv([
        ['Identificación', 'ECOG'],
        [identification, '2'],
      ]),
    );
    await t.request({
      method: 'PATCH',
      url: `/api/patients/${id}`,
      token: doctor.token,
      payload: { lastContactDate: '2024-02-01' },
    });
    const undo = await t.request({
      method: 'POST',
      url: `/api/imports/${imported.id}/undo`,
      token: doctor.token,
    });
    expect(undo.statusCode).toBe(409);
    expect(undo.json().patients).toEqual([{ id, identification }]);
    expect((await getImport(t, doctor, imported.id)).status).toBe('applied');
  });
});

describe('who may', () => {
  it('keeps each import its owner’s: another doctor gets 404, an admin sees every one', async () => {
    const imported = await uploaded(t, doctor, csv([HEADERS, row('P-1')]));
    const stranger = await newDoctor(t);
    for (const [method, url] of [
      ['GET', `/api/imports/${imported.id}`],
      ['GET', `/api/imports/${imported.id}/rows`],
      ['GET', `/api/imports/${imported.id}/report`],
      ['POST', `/api/imports/${imported.id}/check`],
      ['POST', `/api/imports/${imported.id}/apply`],
      ['POST', `/api/imports/${imported.id}/undo`],
      ['DELETE', `/api/imports/${imported.id}`],
    ] as const) {
      const res = await t.request({ method, url, token: stranger.token });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const mine = (
      await t.request({ method: 'GET', url: '/api/imports?size=1000', token: stranger.token })
    ).json();
    expect(mine.totalItems).toBe(0);
    const all = (
      await t.request({ method: 'GET', url: '/api/imports?size=1000', token: admin.token })
    ).json();
    expect(all.data.map((item: { id: string }) => item.id)).toContain(imported.id);
    expect(
      (await t.request({ method: 'GET', url: `/api/imports/${imported.id}`, token: admin.token })).statusCode,
    ).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/imports' })).statusCode).toBe(401);
  });

  it('lets an admin import for the doctors of a column of emails, all of one institution', async () => {
    const colleague = await newDoctor(t, { id: doctor.institutionId as string });
    const elsewhere = await newDoctor(t);
    const imported = await uploaded(
      t,
      admin,
      csv([
        ['Identificación', 'Sexo', 'Email del médico', 'Código OP', 'F. nac.'],
        [`E-1-${Date.now()}`, 'Femenino', doctor.email, '77001', '1970-02-01'],
        [`E-2-${Date.now()}`, 'Femenino', colleague.email.toUpperCase(), '', '1970-02-01'],
        [`E-3-${Date.now()}`, 'Femenino', elsewhere.email, '', '1970-02-01'],
        [`E-4-${Date.now()}`, 'Femenino', 'nadie@example.org', '', '1970-02-01'],
      ]),
    );
    expect(imported.ignored.find((column) => column.header === 'Código OP')).toBeUndefined();
    await confirm(t, admin, imported, { doctorColumn: 2 });
    const applied = await run(t, admin, imported.id, 'check').then(() => run(t, admin, imported.id, 'apply'));
    expect(applied.summary).toMatchObject({ new: 2, refused: 2 });
    const rows = await rowsOf(t, admin, imported.id);
    expect(errorsOf(rows, 4)?.[0]?.key).toBe('importRow.doctorInstitution');
    expect(errorsOf(rows, 5)?.[0]?.key).toBe('importRow.doctorUnknown');
    const first = await patientOf(admin, rows[0]?.patientId as string);
    expect(first).toMatchObject({ codeOP: 77001, doctor: { id: doctor.doctorId } });
    expect((await patientOf(admin, rows[1]?.patientId as string)).doctor.id).toBe(colleague.doctorId);
  });

  it("assigns each row to the doctor its email names, and refuses an unknown email, another institution's doctor or none, naming the column and the value", async () => {
    const colleague = await newDoctor(t, { id: doctor.institutionId as string });
    const elsewhere = await newDoctor(t);
    const stamp = Date.now();
    const imported = await uploaded(
      t,
      admin,
      csv([
        ['Identificación', 'Sexo', 'Email del médico', 'F. nac.'],
        [`D-1-${stamp}`, 'Femenino', ` ${doctor.email} `, '1970-02-01'],
        [`D-2-${stamp}`, 'Masculino', colleague.email.toUpperCase(), '1971-03-02'],
        [`D-3-${stamp}`, 'Femenino', 'nadie@example.org', '1972-04-03'],
        [`D-4-${stamp}`, 'Femenino', elsewhere.email, '1973-05-04'],
        [`D-5-${stamp}`, 'Femenino', '', '1974-06-05'],
      ]),
    );
    expect(imported.mapping.columns['2']).toBeNull();
    await confirm(t, admin, imported, { doctorColumn: 2, dateFormat: 'ymd' });
    const checked = await run(t, admin, imported.id, 'check');
    expect(checked.summary).toMatchObject({ new: 2, refused: 3 });
    const refusals = (await rowsOf(t, admin, imported.id, '&action=refused')).map((item) => ({
      row: item.row,
      errors: item.errors.map(({ column, variable, value, key }) => ({ column, variable, value, key })),
      message: item.errors[0]?.message,
    }));
    expect(refusals).toEqual([
      {
        row: 4,
        errors: [
          {
            column: 'Email del médico',
            variable: null,
            value: 'nadie@example.org',
            key: 'importRow.doctorUnknown',
          },
        ],
        message: '«nadie@example.org» no es el email de un médico activo del registro.',
      },
      {
        row: 5,
        errors: [
          {
            column: 'Email del médico',
            variable: null,
            value: elsewhere.email,
            key: 'importRow.doctorInstitution',
          },
        ],
        message: `El médico «${elsewhere.email}» es de otra institución que el de la fila 2 («${doctor.email}»): todos los médicos de una importación son de una institución.`,
      },
      {
        row: 6,
        errors: [{ column: 'Email del médico', variable: null, value: null, key: 'importRow.doctorMissing' }],
        message: 'La fila no tiene el email del médico.',
      },
    ]);
    // The report says it too, after the column's name.
    const report = await t.request({
      method: 'GET',
      url: `/api/imports/${imported.id}/report`,
      token: admin.token,
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(report.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(String(sheet?.getRow(4).getCell(5).value)).toContain(
      'Email del médico: «nadie@example.org» no es el email',
    );

    const applied = await run(t, admin, imported.id, 'apply');
    expect(applied.summary).toMatchObject({ new: 2, refused: 3 });
    const written = await rowsOf(t, admin, imported.id, '&action=new');
    expect(written.map((item) => item.row)).toEqual([2, 3]);
    const first = await patientOf(admin, written[0]?.patientId as string);
    const second = await patientOf(admin, written[1]?.patientId as string);
    expect(first.doctor.id).toBe(doctor.doctorId);
    expect(second.doctor.id).toBe(colleague.doctorId);
    expect(first.institution.id).toBe(doctor.institutionId);
  });

  it('forgets an import never applied, and keeps one that was', async () => {
    const fresh = await uploaded(t, doctor, csv([HEADERS, row('F-1')]));
    const removed = await t.request({
      method: 'DELETE',
      url: `/api/imports/${fresh.id}`,
      token: doctor.token,
    });
    expect(removed.statusCode).toBe(204);
    expect(
      (await t.request({ method: 'GET', url: `/api/imports/${fresh.id}`, token: doctor.token })).statusCode,
    ).toBe(404);
    const applied = await importFile(
      t,
      doctor,
      csv([
        ['Identificación', 'Sexo'],
        [`K-${Date.now()}`, 'Femenino'],
      ]),
    );
    const kept = await t.request({
      method: 'DELETE',
      url: `/api/imports/${applied.id}`,
      token: doctor.token,
    });
    expect(kept.statusCode).toBe(409);
  });
});

describe('the template and the report', () => {
  const readXlsx = async (payload: Buffer) => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(payload as unknown as ArrayBuffer);
    return workbook;
  };

  it.each(['es', 'en'] as const)(
    'answers a %s template whose headers the upload reads back',
    async (language) => {
      const res = await t.request({
        method: 'GET',
        url: `/api/imports/template?lang=${language}`,
        token: doctor.token,
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('spreadsheetml');
      const workbook = await readXlsx(res.rawPayload);
      expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(
        language === 'es'
          ? ['Pacientes', 'Variables', 'Valores permitidos']
          : ['Patients', 'Variables', 'Allowed values'],
      );
      const sheet = workbook.worksheets[0];
      if (!sheet) {
        throw new Error('no patients sheet');
      }
      const headers = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
      expect(headers).not.toContain(language === 'es' ? 'Código OP' : 'Code OP');
      sheet.addRow(headers.map((header) => (header === headers[0] ? `T-${language}` : null)));
      const filled = Buffer.from(await workbook.xlsx.writeBuffer());
      const imported = await uploaded(t, doctor, filled, 'template.xlsx');
      expect(imported.ignored).toEqual([]);
      expect(Object.values(imported.mapping.columns).filter((name) => name === null)).toEqual([]);
    },
  );

  it('answers the uploaded rows with a last column of messages in the caller’s language', async () => {
    const imported = await uploaded(t, doctor, csv([HEADERS, row('R-1'), row('R-2', { Sexo: 'Nada' })]));
    await confirm(t, doctor, imported, { values: { ...imported.mapping.values, ...SUBTYPES } });
    await run(t, doctor, imported.id, 'check');
    const res = await t.request({
      method: 'GET',
      url: `/api/imports/${imported.id}/report`,
      token: doctor.token,
      headers: { 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(200);
    const sheet = (await readXlsx(res.rawPayload)).worksheets[0];
    const values = (n: number) => ((sheet?.getRow(n).values ?? []) as unknown[]).slice(1);
    expect(values(1)).toEqual([...HEADERS, 'Import messages']);
    expect(values(2)[0]).toBe('R-1');
    expect(values(2)[7]).toBe('New');
    expect(String(values(3)[7])).toMatch(/^Refused: Sexo: "Nada" has no code/);
  });
});

describe('the API document', () => {
  it('describes every import call, the upload with its one file', async () => {
    const document = (await t.request({ method: 'GET', url: '/api/docs/json' })).json();
    const calls = Object.entries(document.paths as Record<string, Record<string, { tags: string[] }>>)
      .flatMap(([path, operations]) =>
        Object.entries(operations)
          .filter(([, operation]) => operation.tags?.includes('imports'))
          .map(([method]) => `${method.toUpperCase()} ${path}`),
      )
      .sort();
    expect(calls).toEqual([
      'DELETE /api/imports/{id}',
      'GET /api/imports',
      'GET /api/imports/template',
      'GET /api/imports/{id}',
      'GET /api/imports/{id}/report',
      'GET /api/imports/{id}/rows',
      'POST /api/imports',
      'POST /api/imports/{id}/apply',
      'POST /api/imports/{id}/check',
      'POST /api/imports/{id}/undo',
      'PUT /api/imports/{id}/mapping',
    ]);
    const upload = document.paths['/api/imports'].post;
    const form = upload.requestBody.content['multipart/form-data'].schema;
    expect(form.required).toEqual(['file']);
    expect(form.properties.file).toMatchObject({ type: 'string', format: 'binary' });
    expect(Object.keys(upload.responses).sort()).toEqual(['201', '400', '401', '403', '413']);
    const undo = document.paths['/api/imports/{id}/undo'].post.responses['409'].content['application/json'];
    expect(undo.schema.properties.patients.items.required).toEqual(['id', 'identification']);
  });
});

describe('a server stopped under an import', () => {
  it('leaves every patient whole, marks the import failed with what was applied, and applying again finishes it', async () => {
    const count = 30;
    const rows = Array.from({ length: count }, (_, i) => [
      `S-${Date.now()}-${i}`,
      'Femenino',
      '2',
      '01/02/1970',
    ]);
    const imported = await uploaded(t, doctor, csv([['Identificación', 'Sexo', 'ECOG', 'F. nac.'], ...rows]));
    await confirm(t, doctor, imported);
    await run(t, doctor, imported.id, 'check');
    // The apply, as its route starts it, asked to stop (the server's shutdown) after its tenth patient.
    const actor: Actor = {
      principal: {
        userId: doctor.userId,
        sessionId: 'test',
        email: doctor.email,
        nickname: 'test',
        isAdmin: false,
        secondFactor: false,
        doctor: {
          id: doctor.doctorId as string,
          institutionId: doctor.institutionId as string,
          institutionType: 'Hospital',
        },
      },
      ip: '127.0.0.1',
      now: t.ctx.now(),
    };
    expect(await createImportsRepository(t.ctx.db).moveStatus(imported.id, ['checked'], 'applying')).toBe(
      true,
    );
    let asked = 0;
    const stopping = {
      get aborted() {
        asked += 1;
        return asked > 10;
      },
      reason: new DOMException('the server stops', 'AbortError'),
    } as unknown as AbortSignal;
    await jobRunnerOf(t.ctx).start(IMPORT_JOB, imported.id, (job) =>
      runApply(t.ctx, actor, imported.id, false, { ...job, signal: stopping }),
    );
    await jobRunnerOf(t.ctx).idle();
    const failed = await getImport(t, doctor, imported.id);
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatch(/servidor se detuvo/);
    const written = (await rowsOf(t, doctor, imported.id)).filter((item) => item.applied);
    expect(written).toHaveLength(10);
    for (const item of written) {
      expect((await patientOf(doctor, item.patientId as string)).demography.ecog).toBe(2);
    }
    const finished = await run(t, doctor, imported.id, 'apply');
    expect(finished.status).toBe('applied');
    expect(finished.summary).toMatchObject({ new: count });
    const all = await rowsOf(t, doctor, imported.id);
    expect(all.every((item) => item.applied)).toBe(true);
    expect(new Set(all.map((item) => item.patientId)).size).toBe(count);
  });

  it('marks failed an import whose server stopped without a word (a job found abandoned)', async () => {
    const imported = await uploaded(t, doctor, csv([HEADERS, row('Z-1')]));
    await confirm(t, doctor, imported, { values: { ...imported.mapping.values, ...SUBTYPES } });
    await run(t, doctor, imported.id, 'check');
    await createImportsRepository(t.ctx.db).moveStatus(imported.id, ['checked'], 'applying');
    await t.ctx.db.insert(backgroundJobs).values({
      kind: IMPORT_JOB.name,
      subjectId: imported.id,
      state: 'running',
      heartbeatAt: new Date(t.ctx.now().getTime() - 5 * 60 * 1000),
    });
    expect(await failAbandonedJobs(t.ctx.db, [IMPORT_JOB], t.ctx.now())).toBe(1);
    const failed = await getImport(t, doctor, imported.id);
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatch(/servidor se detuvo/);
    expect((await run(t, doctor, imported.id, 'apply')).summary).toMatchObject({ new: 1 });
  });
});

describe('undo, a month later', () => {
  it('is refused after 30 days', async () => {
    const imported = await importFile(
      t,
      doctor,
      csv([
        ['Identificación', 'Sexo'],
        [`D-${Date.now()}`, 'Femenino'],
      ]),
    );
    // Applied 31 days ago.
    await t.ctx.db
      .update(imports)
      .set({ appliedAt: new Date(t.ctx.now().getTime() - 31 * 24 * 60 * 60 * 1000) })
      .where(eq(imports.id, imported.id));
    const undo = await t.request({
      method: 'POST',
      url: `/api/imports/${imported.id}/undo`,
      token: doctor.token,
    });
    expect(undo.statusCode).toBe(409);
    expect(undo.json().fields.status).toMatch(/30/);
  });
});
