import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertInstitution } from '../../test/fixtures.ts';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { type Caller, consentedPatient, newAdmin, newDoctor, treatment } from '../../test/patients.ts';

/**
 * The ELN 2024 genetic risk for less-intensive therapy (CONTRACT §10b) beside ELN 2022, through the API:
 * the patient document, the list's row field, filter and counts, the exports and the outcomes.
 */
describe('the ELN 2024 genetic risk for less-intensive therapy', () => {
  let t: TestApp;
  let doctor: Caller;
  let other: Caller;
  let admin: Caller;
  let institutionCode: string;
  const ids: Record<'favorable' | 'intermediate' | 'secondary' | 'intensive', string> = {
    favorable: '',
    intermediate: '',
    secondary: '',
    intensive: '',
  };

  const read = async (caller: Caller, id: string, language = 'es') =>
    (
      await t.request({
        method: 'GET',
        url: `/api/patients/${id}`,
        token: caller.token,
        headers: { 'accept-language': language },
      })
    ).json().data;

  /** Every gene mutation this classification reads, tested negative but for `positive`. */
  const markers = (positive: Record<string, number>) =>
    ['NPM1', 'IDH2', 'FLT3-ITD', 'NRAS', 'KRAS', 'TP53', 'DDX41'].map((code) => ({
      code,
      result: code in positive ? 'positive' : 'negative',
      vaf: positive[code] ?? null,
    }));

  /** A patient with an AML, its genetics and a first line of `scheme`. */
  async function patient(scheme: string, positive: Record<string, number>, dxSecondary = 'Inicial') {
    const id = await consentedPatient(t, doctor, { dxSubType: 'AML', dxSecondary });
    const [first] = (await read(doctor, id)).diagnostics;
    const genetics = await t.request({
      method: 'PUT',
      url: `/api/patients/diagnostics/${first.id}/genetics`,
      token: doctor.token,
      payload: { karyotype: '46,XY[20]', karyotypeResult: 'normal', markers: markers(positive) },
    });
    expect(genetics.statusCode, genetics.body).toBe(200);
    const treated = await t.request({
      method: 'POST',
      url: '/api/patients/treatments',
      token: doctor.token,
      payload: { patientId: id, treatments: [treatment({ scheme, drugs: [] })] },
    });
    expect(treated.statusCode, treated.body).toBe(201);
    return id;
  }

  beforeAll(async () => {
    t = await buildTestApp();
    const institution = await insertInstitution(t.ctx.db);
    institutionCode = institution.code;
    doctor = await newDoctor(t, { id: institution.id });
    other = await newDoctor(t);
    admin = await newAdmin(t);
    ids.favorable = await patient('Venetoclax + Azacitidina', { NPM1: 40 });
    ids.intermediate = await patient('Azacitidina', { NPM1: 40, NRAS: 22 });
    ids.secondary = await patient('Decitabina', { IDH2: 30 }, 'Secundario');
    ids.intensive = await patient('7+3 AraC + IDA', { NPM1: 40 });
  }, 240_000);
  afterAll(() => t.close());

  it('gives the patient file both classifications, each with its reasons in the caller’s language', async () => {
    const english = await read(doctor, ids.intermediate, 'en');
    expect(english.eln2022).toMatchObject({ category: 'favorable' });
    expect(english.eln2024).toEqual({
      category: 'intermediate',
      reasons: [
        { code: 'NRAS', result: 'positive', text: 'NRAS mutated (VAF 22 %)' },
        { code: 'TP53', result: 'negative', text: 'TP53 negative' },
        { code: 'DDX41', result: 'negative', text: 'DDX41 negative' },
      ],
      missing: [],
      summary: 'NRAS mutated (VAF 22 %); TP53 negative; DDX41 negative → intermediate',
      priorHmaUnknown: false,
    });
    const spanish = await read(doctor, ids.intermediate, 'es');
    expect(spanish.eln2024.summary).toBe(
      'NRAS mutado (VAF 22 %); TP53 negativo; DDX41 negativo → intermedio',
    );
    expect(spanish.eln2022.summary).toMatch(/→ favorable$/);
  });

  it('marks a secondary AML as of unknown prior HMA, and leaves an intensive first line not applicable', async () => {
    expect((await read(doctor, ids.secondary)).eln2024).toMatchObject({
      category: 'favorable',
      priorHmaUnknown: true,
    });
    const intensive = (await read(doctor, ids.intensive, 'en')).eln2024;
    expect(intensive).toMatchObject({ category: 'not_applicable', reasons: [], priorHmaUnknown: false });
    expect(intensive.summary).toContain('the first line is 7+3 AraC + IDA');
  });

  it('follows a change of the first line', async () => {
    const id = await patient('Ara-C low dose', { NPM1: 40 });
    expect((await read(doctor, id)).eln2024.category).toBe('favorable');
    const [first] = (await read(doctor, id)).treatments;
    const changed = await t.request({
      method: 'PUT',
      url: `/api/patients/treatments/${id}`,
      token: doctor.token,
      payload: { treatments: [{ ...treatment({ scheme: 'FLAG-Ida' }), id: first.id, drugs: [] }] },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await read(doctor, id)).eln2024.category).toBe('not_applicable');
    const list = await t.request({
      method: 'GET',
      url: `/api/patients/list?eln2024=not_applicable&eln=favorable&institutionCode=${institutionCode}`,
      token: admin.token,
    });
    expect(list.json().data.map((row: { id: string }) => row.id)).toContain(id);
  });

  it('filters and counts the list by eln2024, with the row field, for admins and doctors', async () => {
    const listOf = async (caller: Caller, query: string) => {
      const res = await t.request({
        method: 'GET',
        url: `/api/patients/list?${query}&size=100`,
        token: caller.token,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const favorable = await listOf(admin, `institutionCode=${institutionCode}&eln2024=favorable`);
    expect(favorable.data.map((row: { id: string }) => row.id).sort()).toEqual(
      [ids.favorable, ids.secondary].sort(),
    );
    expect(favorable.totalItems).toBe(2);
    expect(favorable.data.every((row: { eln2024: string }) => row.eln2024 === 'favorable')).toBe(true);
    const mine = await listOf(doctor, 'eln2024=intermediate');
    expect(mine.totalItems).toBe(1);
    expect(mine.data[0]).toMatchObject({
      id: ids.intermediate,
      eln2022: 'favorable',
      eln2024: 'intermediate',
    });
    // The secondary AML's IDH2 decides nothing in ELN 2022, whose untested genes leave it insufficient.
    expect((await listOf(doctor, 'eln2024=favorable&eln=favorable')).totalItems).toBe(1);
    expect((await listOf(doctor, 'eln2024=favorable&eln=insufficient')).data[0]?.id).toBe(ids.secondary);
    expect((await listOf(doctor, 'eln2024=intermediate&eln=adverse')).totalItems).toBe(0);
    expect((await listOf(other, 'eln2024=favorable')).totalItems).toBe(0);
    const refused = await t.request({
      method: 'GET',
      url: '/api/patients/list?eln2024=great',
      token: doctor.token,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toHaveProperty('eln2024');
  });

  it('writes the category as a column of the CSV and the classification in the JSON', async () => {
    const identification = (await read(doctor, ids.secondary)).identification;
    const raw = await t.request({
      method: 'GET',
      url: `/api/patients/csv?codes=raw&text=${encodeURIComponent(identification)}`,
      token: admin.token,
    });
    const [row] = parse(raw.rawPayload, { bom: true, columns: true }) as Record<string, string>[];
    expect(row).toMatchObject({ eln2022: 'insufficient', eln2024: 'favorable' });
    const labelled = await t.request({
      method: 'GET',
      url: `/api/patients/csv?text=${encodeURIComponent(identification)}`,
      token: admin.token,
      headers: { 'accept-language': 'en' },
    });
    const [english] = parse(labelled.rawPayload, { bom: true, columns: true }) as Record<string, string>[];
    expect(english).toMatchObject({ 'ELN 2024 genetic risk (less-intensive therapy)': 'Favorable' });
    const json = await t.request({
      method: 'GET',
      url: `/api/patients/json?text=${encodeURIComponent(identification)}`,
      token: admin.token,
      headers: { 'accept-language': 'en' },
    });
    const [document] = json.json().data;
    expect(document.eln2024).toEqual((await read(admin, ids.secondary, 'en')).eln2024);
    expect(document.eln2024).toMatchObject({ category: 'favorable', priorHmaUnknown: true });
    expect(document.eln2022).toEqual((await read(admin, ids.secondary, 'en')).eln2022);
  });

  it('writes the column in the XLSX', async () => {
    const xlsx = await t.request({
      method: 'GET',
      url: `/api/patients/xls?codes=raw&eln2024=intermediate&institutionCode=${institutionCode}`,
      token: admin.token,
    });
    expect(xlsx.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const [sheet] = book.worksheets;
    if (!sheet) {
      throw new Error('the workbook has no sheet');
    }
    const headers = (sheet.getRow(1).values as unknown[]).slice(1);
    const column = headers.indexOf('eln2024') + 1;
    expect(column).toBeGreaterThan(0);
    expect(sheet.getRow(2).getCell(column).value).toBe('intermediate');
    expect(sheet.rowCount).toBe(2);
  });

  it('groups the outcomes by eln2024 in clinical order, and counts the summary by it', async () => {
    const survival = await t.request({
      method: 'GET',
      url: '/api/outcomes/survival?endpoint=os&groupBy=eln2024',
      token: doctor.token,
    });
    expect(survival.statusCode, survival.body).toBe(200);
    expect(
      survival.json().data.groups.map((group: { key: string; n: number }) => [group.key, group.n]),
    ).toEqual([
      ['favorable', 2],
      ['intermediate', 1],
      ['not_applicable', 2],
    ]);
    const summary = (
      await t.request({ method: 'GET', url: '/api/outcomes/summary', token: doctor.token })
    ).json().data;
    expect(summary.byEln2024).toEqual([
      { key: 'favorable', n: 2 },
      { key: 'intermediate', n: 1 },
      { key: 'not_applicable', n: 2 },
    ]);
  });
});
