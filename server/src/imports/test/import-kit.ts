import type { Import, ImportMappingInput, ImportRow } from '@registry/shared';
import { expect } from 'vitest';
import { jobRunnerOf } from '../../background/jobs.ts';
import type { TestApp } from '../../test/helper.ts';
import { type Caller, multipart } from '../../test/patients.ts';

/** Helpers of the import API tests: upload a file, confirm its mapping, check, apply, read the rows. */

/** A CSV's bytes from its rows (`;`-separated, as a Spanish Excel writes it). */
export const csv = (rows: readonly (readonly (string | number | null)[])[], delimiter = ';') =>
  Buffer.from(`${rows.map((row) => row.map((cell) => cell ?? '').join(delimiter)).join('\r\n')}\r\n`, 'utf8');

export async function upload(t: TestApp, caller: Caller, content: Buffer, name = 'cohort.csv') {
  return t.request({
    method: 'POST',
    url: '/api/imports',
    token: caller.token,
    ...multipart({}, { name, content, type: 'text/csv' }),
  });
}

/** Uploads a file and answers the import (the test fails when refused). */
export async function uploaded(t: TestApp, caller: Caller, content: Buffer, name?: string): Promise<Import> {
  const res = await upload(t, caller, content, name);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as Import;
}

export async function putMapping(t: TestApp, caller: Caller, id: string, mapping: ImportMappingInput) {
  return t.request({
    method: 'PUT',
    url: `/api/imports/${id}/mapping`,
    token: caller.token,
    payload: mapping,
  });
}

/** Confirms the upload's guessed mapping, with changes. */
export async function confirm(
  t: TestApp,
  caller: Caller,
  imported: Import,
  changes: Partial<ImportMappingInput> = {},
): Promise<Import> {
  const { sheet: _sheet, headerRow: _headerRow, ...guess } = imported.mapping;
  const res = await putMapping(t, caller, imported.id, { ...guess, ...changes });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Import;
}

export async function getImport(t: TestApp, caller: Caller, id: string): Promise<Import> {
  const res = await t.request({ method: 'GET', url: `/api/imports/${id}`, token: caller.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Import;
}

/** Starts a step (check or apply), waits for the server's job, and answers the import after it. */
export async function run(
  t: TestApp,
  caller: Caller,
  id: string,
  step: 'check' | 'apply',
  body?: Record<string, unknown>,
): Promise<Import> {
  const res = await t.request({
    method: 'POST',
    url: `/api/imports/${id}/${step}`,
    token: caller.token,
    ...(body ? { payload: body } : {}),
  });
  expect(res.statusCode, res.body).toBe(202);
  await jobRunnerOf(t.ctx).idle();
  return getImport(t, caller, id);
}

export async function rowsOf(t: TestApp, caller: Caller, id: string, query = ''): Promise<ImportRow[]> {
  const res = await t.request({
    method: 'GET',
    url: `/api/imports/${id}/rows?size=1000${query}`,
    token: caller.token,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as ImportRow[];
}

/** Upload, confirm, check and apply a file; answers the import once applied. */
export async function importFile(
  t: TestApp,
  caller: Caller,
  content: Buffer,
  changes: Partial<ImportMappingInput> = {},
): Promise<Import> {
  const imported = await uploaded(t, caller, content);
  await confirm(t, caller, imported, changes);
  const checked = await run(t, caller, imported.id, 'check');
  expect(checked.status).toBe('checked');
  return run(t, caller, imported.id, 'apply');
}

async function send(
  t: TestApp,
  caller: Caller,
  method: 'POST' | 'PUT' | 'PATCH',
  url: string,
  payload: object,
) {
  const res = await t.request({ method, url, token: caller.token, payload });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res.json();
}

/**
 * A patient with every kind of record, through the API as the wizard writes them: demography, two
 * diagnostics (the first with genetics), two samples, two treatments with drugs and responses, lab
 * reports (one of a name of the doctor's own) and a death; with `admin`, a Code OP and the NGS OP entry.
 */
export async function fullPatient(
  t: TestApp,
  doctor: Caller,
  admin: Caller | null,
  identification: string,
  seed = 0,
  codeOP = 1000 + seed,
): Promise<string> {
  const day = (month: number, d: number) =>
    `20${20 + (seed % 3)}-${String(month).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  const created = await send(t, doctor, 'POST', '/api/patients', {
    identification,
    demography: {
      birthDate: `19${50 + (seed % 40)}-05-20`,
      gender: seed % 2 ? 'male' : 'female',
      ecog: seed % 5,
      app: `HTA ${seed}`,
    },
  });
  const id = created.data.id as string;
  const first = await send(t, doctor, 'POST', '/api/patients/diagnostics', {
    patientId: id,
    dxDate: day(1, 10),
    dxSecondary: 'Inicial',
    dxSubType: 'AML M2',
    patientFit: 'Fit',
    relapse: true,
    relapseDate: day(9, 1),
    riskLevel: 'Medio',
    consent: true,
    consentDate: day(1, 11),
    organsFailures: 'Renal',
    wbcAtDiagnosis: 12.5 + seed,
    marrowBlastsAtDiagnosis: 45,
  });
  await send(t, doctor, 'PUT', `/api/patients/diagnostics/${first.data.id}/genetics`, {
    karyotype: '46,XX,t(8;21)(q22;q22)[20]',
    karyotypeResult: 'abnormal',
    markers: [
      { code: 'NPM1', result: 'negative', vaf: null },
      { code: 'FLT3-ITD', result: 'positive', vaf: 23.5 },
    ],
  });
  await send(t, doctor, 'POST', '/api/patients/diagnostics', {
    patientId: id,
    dxDate: day(9, 1),
    dxSecondary: 'Secundario',
    dxSecondaryDescription: 'Tras SMD',
    dxSubType: seed % 2 ? 'Other' : 'AML M4',
    ...(seed % 2 ? { subTypeName: 'Bifenotípica' } : {}),
    relapse: false,
    consent: true,
    consentDate: day(9, 2),
  });
  for (const [type, month] of [
    ['MO', 1],
    ['SP', 2],
  ] as const) {
    await send(t, doctor, 'POST', '/api/patients/samples', {
      patientId: id,
      sampleType: type,
      sampleDate: day(month, 12),
    });
  }
  await send(t, doctor, 'POST', '/api/patients/treatments', {
    patientId: id,
    treatments: [
      {
        order: 1,
        scheme: '7+3 AraC + IDA',
        startDate: day(1, 15),
        toxicities: 'Neutropenia febril',
        diseaseAssessment: 'RC',
        diseaseAssessmentDate: day(2, 20),
        medulogram: '2% blastos',
        medulogramDate: day(2, 20),
        EMR: 'Negativa',
        EMRDate: day(2, 25),
        EMRBlasts: 0.05,
        EMRStatus: 'negative',
        EMRMethod: 'flow',
        clinicalMonitoring: 'Controles semanales',
        drugs: [
          {
            name: 'Citarabina',
            dose: '200 mg/m2',
            startApplicationDate: day(1, 15),
            lastAplicationDate: day(1, 21),
          },
          {
            name: 'Idarrubicina',
            dose: '12 mg/m2',
            startApplicationDate: day(1, 15),
            lastAplicationDate: day(1, 17),
          },
        ],
      },
      {
        order: 2,
        scheme: 'Other',
        schemeName: 'Protocolo local',
        startDate: day(3, 1),
        diseaseAssessment: 'RCi',
        diseaseAssessmentDate: day(4, 1),
        drugs: [{ name: 'Azacitidina', startApplicationDate: day(3, 1) }],
      },
    ],
  });
  await send(t, doctor, 'POST', '/api/patients/labreports', {
    patientId: id,
    labReports: [
      { name: 'Cytogenetics', content: '46,XX,t(8;21)', date: day(1, 12) },
      { name: 'Immunophenotype', content: 'CD34+ CD117+', date: day(1, 12) },
      { name: 'Informe propio', content: 'Texto libre', date: null },
    ],
  });
  await send(t, doctor, 'PATCH', `/api/patients/${id}`, {
    riskLevel: 'Alto',
    deathDate: day(12, 1),
    deathCause: 'Sepsis',
  });
  if (admin) {
    await send(t, admin, 'PATCH', `/api/patients/${id}`, { codeOP });
    await send(t, admin, 'POST', '/api/patients/labreports', {
      patientId: id,
      labReports: [{ name: 'NGS OP', content: `Panel ${seed}` }],
    });
  }
  return id;
}
