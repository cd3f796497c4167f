import { latestToday } from '@registry/shared';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import {
  type Caller,
  consentedPatient,
  createPatient,
  newAdmin,
  newDoctor,
  treatment,
} from '../../test/patients.ts';
import { safeCell } from './columns.ts';
import { type ExportSource, withExportSource } from './export-source.ts';
import { exportName } from './exports.routes.ts';
import { csvStream, jsonStream, xlsxStream } from './formats.ts';

describe('exports: CSV, XLSX and JSON of the filtered patients', () => {
  let t: TestApp;
  let admin: Caller;
  let doctor: Caller;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await newAdmin(t);
    doctor = await newDoctor(t);
    ids.formula = await consentedPatient(t, doctor, { dxSubType: 'AML M2' });
    await t.request({
      method: 'PATCH',
      url: `/api/patients/${ids.formula}`,
      token: doctor.token,
      payload: { identification: '=HYPERLINK("http://x")', demography: { app: '+1 cardiopatía' } },
    });
    ids.accent = await consentedPatient(t, doctor, {
      dxSubType: 'ALL-B',
      relapse: true,
      relapseDate: '2023-04-01',
    });
    await t.request({
      method: 'PATCH',
      url: `/api/patients/${ids.accent}`,
      token: doctor.token,
      payload: { identification: 'Peña-ñandú', deathDate: '2024-01-02', deathCause: '@sepsis' },
    });
    await t.request({
      method: 'POST',
      url: '/api/patients/treatments',
      token: doctor.token,
      payload: {
        patientId: ids.accent,
        treatments: [treatment(), treatment({ order: 2, scheme: 'FLAG-Ida', drugs: [] })],
      },
    });
    await t.request({
      method: 'PUT',
      url: `/api/patients/labreports/${ids.accent}`,
      token: doctor.token,
      payload: {
        labReports: [
          { name: 'NGS', content: '-TP53' },
          { name: 'Molecular Studies', content: 'BCR-ABL1' },
        ],
      },
    });
    await t.request({
      method: 'PUT',
      url: `/api/patients/labreports/${ids.accent}`,
      token: admin.token,
      payload: { labReports: [{ name: 'NGS OP', content: 'panel OP' }] },
    });
    await t.request({
      method: 'PATCH',
      url: `/api/patients/${ids.accent}`,
      token: admin.token,
      payload: { codeOP: 42 },
    });
    ids.bare = await createPatient(t, doctor);
    ids.other = await consentedPatient(t, doctor, {
      dxSubType: 'AML M2',
      relapse: true,
      relapseDate: '2023-09-09',
    });
  });
  afterAll(() => t.close());

  const get = (url: string, caller: Caller = admin) => t.request({ method: 'GET', url, token: caller.token });
  const listIds = async (query: string) =>
    ((await get(`/api/patients/list?size=1000&${query}`)).json().data as { id: string }[])
      .map((row) => row.id)
      .sort();

  const FILTERS = [
    '',
    'subtype=AML%20M2',
    'relapse=true',
    'text=pena',
    'obito=2023-01-01,2023-06-30',
    'dx=Inicial&relapse=false',
  ];

  it.each(FILTERS)('CSV holds exactly the rows of the list filtered by "%s"', async (query) => {
    const res = await get(`/api/patients/csv?${query}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="patients-\d{4}-\d{2}-\d{2}-\d{6}\.csv"$/,
    );
    expect(res.rawPayload.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf]))).toBe(true);
    const rows = parse(res.rawPayload, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows.map((row) => row.id).sort()).toEqual(await listIds(query));
  });

  it('writes one CSV row per patient with lab reports, treatments and death, formulas defused', async () => {
    const rows = parse((await get('/api/patients/csv')).rawPayload, { bom: true, columns: true }) as Record<
      string,
      string
    >[];
    const accent = rows.find((row) => row.id === ids.accent);
    expect(accent).toMatchObject({
      identification: 'Peña-ñandú',
      codeOP: '42',
      dxSubType: 'ALL-B',
      relapse: 'true',
      relapseDate: '2023-04-01',
      NGS: "'-TP53",
      'Molecular Studies': 'BCR-ABL1',
      'NGS OP': 'panel OP',
      treatments: '2',
      schemes: '7+3 AraC + IDA | FLAG-Ida',
      deathDate: '2024-01-02',
      deathCause: "'@sepsis",
    });
    const formula = rows.find((row) => row.id === ids.formula);
    expect(formula?.identification).toBe(`'=HYPERLINK("http://x")`);
    expect(formula?.app).toBe("'+1 cardiopatía");
  });

  it('writes an XLSX with the patients and the sheets of their records, keyed by patient id', async () => {
    const res = await get('/api/patients/xls?relapse=true');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/filename="patients-.*\.xlsx"$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
      'Patients',
      'Diagnostics',
      'Treatments',
      'Drugs',
      'LabReports',
    ]);
    const table = (name: string) => {
      const sheet = workbook.getWorksheet(name);
      const values: unknown[][] = [];
      sheet?.eachRow((row) => {
        values.push((row.values as unknown[]).slice(1));
      });
      const [header = [], ...rows] = values;
      return rows.map((row) => Object.fromEntries(header.map((h, i) => [String(h), row[i] ?? null])));
    };
    const patients = table('Patients');
    expect(patients.map((row) => row.id).sort()).toEqual(await listIds('relapse=true'));
    expect(patients.find((row) => row.id === ids.accent)).toMatchObject({
      identification: 'Peña-ñandú',
      codeOP: 42,
      relapse: true,
      NGS: "'-TP53",
    });
    expect(
      table('Diagnostics')
        .map((row) => row.patientId)
        .sort(),
    ).toEqual(await listIds('relapse=true'));
    expect(table('Treatments').map((row) => [row.patientId, row.order, row.scheme])).toEqual([
      [ids.accent, 1, '7+3 AraC + IDA'],
      [ids.accent, 2, 'FLAG-Ida'],
    ]);
    expect(table('Drugs').map((row) => [row.treatmentOrder, row.order, row.name])).toEqual([
      [1, 1, 'Citarabina'],
      [1, 2, 'Idarrubicina'],
    ]);
    expect(table('LabReports').map((row) => [row.name, row.content])).toEqual([
      ['Molecular Studies', 'BCR-ABL1'],
      ['NGS', "'-TP53"],
      ['NGS OP', 'panel OP'],
    ]);
  });

  it('writes JSON with the full nested records of the filtered patients', async () => {
    const res = await get('/api/patients/json?subtype=ALL-B');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = res.json();
    expect(body.data.map((p: { id: string }) => p.id)).toEqual(await listIds('subtype=ALL-B'));
    const [patient] = body.data;
    const file = (await get(`/api/patients/${ids.accent}`)).json().data;
    expect(patient).toEqual(file);
    expect((await get('/api/patients/json?text=nobody-has-this')).json()).toEqual({ data: [] });
    // Every patient of the unfiltered export is exactly its patient file.
    for (const exported of (await get('/api/patients/json')).json().data) {
      expect(exported).toEqual((await get(`/api/patients/${exported.id}`)).json().data);
    }
  });

  it('pages through batches of keys, each patient exactly once', async () => {
    const today = latestToday(new Date());
    const all: string[] = [];
    await withExportSource(
      t.ctx.db,
      {},
      today,
      async (source) => {
        for await (const batch of source.batches()) {
          expect(batch.length).toBeLessThanOrEqual(1);
          all.push(...batch);
        }
      },
      1,
    );
    expect(all.sort()).toEqual(await listIds(''));
  });

  it.each([
    ['csv', csvStream],
    ['xlsx', xlsxStream],
    ['json', jsonStream],
  ] as const)('stops reading the database when the %s download is abandoned', async (_name, format) => {
    const patient = (await get(`/api/patients/${ids.accent}`)).json().data;
    let batches = 0;
    let closed = false;
    const rows = Array.from({ length: 50 }, () => ({
      id: patient.id,
      identification: patient.identification,
    }));
    const endless: ExportSource = {
      async *batches() {
        try {
          for (;;) {
            batches++;
            // A database answers asynchronously: so does this endless one.
            await new Promise((resolve) => setImmediate(resolve));
            yield rows.map((row) => row.id);
          }
        } finally {
          closed = true;
        }
      },
      patientRows: async () => rows,
      recordRows: async () => rows,
      documents: async () => rows.map(() => JSON.stringify(patient)),
    };
    const stream = format(endless);
    await new Promise<void>((resolve) => stream.once('data', () => resolve()));
    stream.destroy();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(closed).toBe(true);
    const seen = batches;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(batches).toBe(seen);
  });

  it('refuses doctors and bad filters', async () => {
    expect((await get('/api/patients/csv', doctor)).statusCode).toBe(403);
    expect((await get('/api/patients/xls?relapse=maybe')).statusCode).toBe(400);
  });

  it('defuses formulas and names files by the time', () => {
    expect(['=1', '+1', '-1', '@x', '\tx', '\rx', 'ok', 5, true, null].map((v) => safeCell(v))).toEqual([
      "'=1",
      "'+1",
      "'-1",
      "'@x",
      "'\tx",
      "'\rx",
      'ok',
      5,
      true,
      null,
    ]);
    expect(exportName(new Date('2024-03-05T07:08:09Z'))).toBe('patients-2024-03-05-070809');
  });
});
