import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/helper.ts';
import { type Caller, newDoctor } from '../test/patients.ts';
import { confirm, csv, getImport, rowsOf, run, uploaded } from './test/import-kit.ts';

let t: TestApp;
let doctor: Caller;
beforeAll(async () => {
  t = await buildTestApp();
  doctor = await newDoctor(t);
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

describe('an import of a spreadsheet', () => {
  it('uploads, checks, applies and undoes a file of new patients', async () => {
    const file = csv([
      HEADERS,
      ['HC-1', '20/05/1961', 'Femenino', '01/03/2022', 'LMA M2', 'Sí', '02/03/2022'],
      ['HC-2', '07/11/1955', 'Masculino', '15/06/2023', 'LMA M2', 'No', ''],
    ]);
    const imported = await uploaded(t, doctor, file);
    expect(imported.status).toBe('uploaded');
    expect(imported.mapping.columns).toMatchObject({ '0': 'identification', '1': 'birth_date', '2': 'sex' });
    await confirm(t, doctor, imported, {
      values: { ...imported.mapping.values, dx_subtype: { 'LMA M2': 'AML M2' } },
    });
    const checked = await run(t, doctor, imported.id, 'check');
    expect(checked.status, checked.error ?? '').toBe('checked');
    const rows = await rowsOf(t, doctor, imported.id);
    expect(rows.map((row) => [row.action, row.errors])).toEqual([
      ['new', []],
      ['new', []],
    ]);
    const applied = await run(t, doctor, imported.id, 'apply');
    expect(applied.status, applied.error ?? '').toBe('applied');
    expect(applied.summary).toMatchObject({ new: 2 });
    const again = await uploaded(t, doctor, file);
    expect(again.mappingConfirmed).toBe(false);
    await confirm(t, doctor, again);
    await run(t, doctor, again.id, 'check');
    expect((await rowsOf(t, doctor, again.id)).map((row) => row.action)).toEqual(['unchanged', 'unchanged']);
    const undo = await t.request({
      method: 'POST',
      url: `/api/imports/${imported.id}/undo`,
      token: doctor.token,
    });
    expect(undo.statusCode, undo.body).toBe(200);
    expect((await getImport(t, doctor, imported.id)).status).toBe('undone');
  });
});
