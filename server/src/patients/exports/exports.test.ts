import { latestToday } from '@registry/shared';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngine } from '../../test/database.ts';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import {
  type Caller,
  consentedPatient,
  createPatient,
  newAdmin,
  newDoctor,
  treatment,
} from '../../test/patients.ts';
import { safeCell, safeXlsxText } from './columns.ts';
import { type BatchReader, type ExportSource, withExportSource } from './export-source.ts';
import { exportName } from './exports.routes.ts';
import { csvStream, jsonStream, xlsxStream } from './formats.ts';
import { edgeSpace } from './xlsx-writer.ts';

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
      wbcAtDiagnosis: 12.5,
      marrowBlastsAtDiagnosis: 45,
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

  const get = (url: string, caller: Caller = admin, language?: 'es' | 'en') =>
    t.request({
      method: 'GET',
      url,
      token: caller.token,
      headers: language ? { 'accept-language': language } : {},
    });
  const readXlsx = async (payload: Buffer) => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(payload as unknown as ArrayBuffer);
    return workbook;
  };
  const tableOf = (workbook: ExcelJS.Workbook, name: string) => {
    const sheet = workbook.getWorksheet(name);
    const values: unknown[][] = [];
    sheet?.eachRow((row) => {
      values.push((row.values as unknown[]).slice(1));
    });
    const [header = [], ...rows] = values;
    return rows.map((row) => Object.fromEntries(header.map((h, i) => [String(h), row[i] ?? null])));
  };
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
    const res = await get(`/api/patients/csv?codes=raw&${query}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="patients-\d{4}-\d{2}-\d{2}-\d{6}-UTC\.csv"$/,
    );
    expect(res.rawPayload.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf]))).toBe(true);
    const rows = parse(res.rawPayload, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows.map((row) => row.id).sort()).toEqual(await listIds(query));
  });

  it('writes one CSV row per patient with lab reports, treatments and death, formulas defused', async () => {
    const rows = parse((await get('/api/patients/csv?codes=raw')).rawPayload, {
      bom: true,
      columns: true,
    }) as Record<string, string>[];
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
    const res = await get('/api/patients/xls?relapse=true&codes=raw');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/filename="patients-.*\.xlsx"$/);
    const workbook = await readXlsx(res.rawPayload);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
      'Patients',
      'Diagnostics',
      'Treatments',
      'Drugs',
      'LabReports',
      'Samples',
    ]);
    const table = (name: string) => tableOf(workbook, name);
    const patients = table('Patients');
    expect(patients.map((row) => row.id).sort()).toEqual(await listIds('relapse=true'));
    expect(patients.find((row) => row.id === ids.accent)).toMatchObject({
      identification: 'Peña-ñandú',
      codeOP: 42,
      relapse: true,
      wbcAtDiagnosis: 12.5,
      marrowBlastsAtDiagnosis: 45,
      // A minus before a letter would run once the cell is edited (CONTRACT §3): it gets the quote.
      NGS: "'-TP53",
    });
    const all = await readXlsx((await get('/api/patients/xls?codes=raw')).rawPayload);
    expect(tableOf(all, 'Patients').find((row) => row.id === ids.formula)).toMatchObject({
      identification: `'=HYPERLINK("http://x")`,
      // Not a whole-cell number nor one chromosome change (CONTRACT §3, amended 2026-11-29).
      app: "'+1 cardiopatía",
    });
    expect(
      table('Diagnostics')
        .map((row) => row.patientId)
        .sort(),
    ).toEqual(await listIds('relapse=true'));
    expect(table('Diagnostics').find((row) => row.patientId === ids.accent)).toMatchObject({
      wbcAtDiagnosis: 12.5,
      marrowBlastsAtDiagnosis: 45,
    });
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

  it('writes a Spanish CSV for a Spanish Excel: `;`, translated headers and values, dd/mm/yyyy', async () => {
    const res = await get('/api/patients/csv', admin, 'es');
    expect(res.statusCode).toBe(200);
    const text = res.rawPayload.toString('utf8');
    expect(text.split('\n')[0]).toMatch(/^\uFEFFID del paciente;Identificación;Código OP;Institución;/);
    const rows = parse(res.rawPayload, { bom: true, columns: true, delimiter: ';' }) as Record<
      string,
      string
    >[];
    const accent = rows.find((row) => row['ID del paciente'] === ids.accent);
    expect(accent).toMatchObject({
      Identificación: 'Peña-ñandú',
      'Código OP': '42',
      Subtipo: 'ALL-B',
      'Dx inicial o secundario': 'Inicial',
      Recaída: 'Sí',
      'Fecha de recaída': '01/04/2023',
      Consentimiento: 'Sí',
      // A decimal with the decimal comma, as a Spanish Excel reads it.
      'Leucocitos al diagnóstico (×10⁹/L)': '12,5',
      'Blastos en médula al diagnóstico (%)': '45',
      // Formulas stay defused in a CSV, which a spreadsheet interprets on opening.
      NGS: "'-TP53",
      'Estudios moleculares': 'BCR-ABL1',
      Tratamientos: '2',
      'Fecha de óbito': '02/01/2024',
      'Causa de óbito': "'@sepsis",
    });
    expect(accent?.['Fecha de registro (UTC)']).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    // A birth date is a date like every other.
    expect(accent?.['Fecha de nacimiento']).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect(accent?.Sexo).toMatch(/^(Masculino|Femenino)$/);
    const bare = rows.find((row) => row['ID del paciente'] === ids.bare);
    expect(bare?.Recaída).toBe('');
  });

  it('writes an English CSV with `,`, English headers and values, ISO dates', async () => {
    const res = await get('/api/patients/csv?subtype=ALL-B', admin, 'en');
    const rows = parse(res.rawPayload, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      'Patient ID': ids.accent,
      Identification: 'Peña-ñandú',
      'Initial or secondary Dx': 'Initial',
      Relapse: 'Yes',
      'Relapse date': '2023-04-01',
      'WBC at diagnosis (×10⁹/L)': '12.5',
      'Molecular studies': 'BCR-ABL1',
      'Date of death': '2024-01-02',
    });
    expect(rows[0]?.Sex).toMatch(/^(Male|Female)$/);
  });

  it('keeps the machine format with codes=raw, in any language', async () => {
    const raw = (await get('/api/patients/csv?codes=raw', admin, 'es')).rawPayload.toString('utf8');
    expect(raw.split('\n')[0]).toMatch(/^\uFEFFid,identification,codeOP,institution,/);
    expect((await get('/api/patients/csv?codes=maybe')).statusCode).toBe(400);
  });

  it.each(['es', 'en'] as const)(
    'writes a %s XLSX with real dates, a bold frozen header, widths and an autofilter',
    async (language) => {
      const res = await get('/api/patients/xls?relapse=true', admin, language);
      expect(res.statusCode).toBe(200);
      const workbook = await readXlsx(res.rawPayload);
      const names =
        language === 'es'
          ? ['Pacientes', 'Diagnósticos', 'Tratamientos', 'Drogas', 'Informes de laboratorio', 'Muestras']
          : ['Patients', 'Diagnostics', 'Treatments', 'Drugs', 'Lab reports', 'Samples'];
      expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(names);
      const sheet = workbook.getWorksheet(names[0] as string);
      if (!sheet) {
        throw new Error('no patients sheet');
      }
      const header = sheet.getRow(1);
      expect(header.getCell(1).value).toBe(language === 'es' ? 'ID del paciente' : 'Patient ID');
      expect(header.getCell(1).font?.bold).toBe(true);
      expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
      expect(sheet.autoFilter).toBe(`A1:${sheet.getColumn(sheet.columnCount).letter}${sheet.rowCount}`);
      expect(sheet.getColumn(1).width).toBeGreaterThanOrEqual(36);
      const patients = tableOf(workbook, names[0] as string);
      const idHeader = language === 'es' ? 'ID del paciente' : 'Patient ID';
      const accent = patients.find((row) => row[idHeader] === ids.accent);
      const relapseDate = accent?.[language === 'es' ? 'Fecha de recaída' : 'Relapse date'];
      expect(relapseDate).toBeInstanceOf(Date);
      expect((relapseDate as Date).toISOString().slice(0, 10)).toBe('2023-04-01');
      expect(accent?.[language === 'es' ? 'Fecha de nacimiento' : 'Birth date']).toBeInstanceOf(Date);
      expect(accent?.NGS).toBe("'-TP53");
      expect(accent?.[language === 'es' ? 'Recaída' : 'Relapse']).toBe(language === 'es' ? 'Sí' : 'Yes');
      expect(accent?.[language === 'es' ? 'Código OP' : 'Code OP']).toBe(42);
      const reports = tableOf(workbook, names[4] as string).map((row) =>
        language === 'es' ? [row.Nombre, row.Contenido] : [row.Name, row.Content],
      );
      expect(reports).toEqual([
        [language === 'es' ? 'Estudios moleculares' : 'Molecular studies', 'BCR-ABL1'],
        ['NGS', "'-TP53"],
        ['NGS OP', 'panel OP'],
      ]);
    },
  );

  it('writes JSON with the full nested records of the filtered patients', async () => {
    const res = await get('/api/patients/json?subtype=ALL-B');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = res.json();
    expect(body.data.map((p: { id: string }) => p.id)).toEqual(await listIds('subtype=ALL-B'));
    const [patient] = body.data;
    // The export holds the records; the data-quality findings are the file's reading of them, in the
    // reader's language (docs/api-quality.md), and are not exported.
    const recordsOf = ({ quality: _quality, ...rest }: { quality?: unknown }) => rest;
    const file = (await get(`/api/patients/${ids.accent}`)).json().data;
    expect(patient).not.toHaveProperty('quality');
    expect(patient).toEqual(recordsOf(file));
    expect((await get('/api/patients/json?text=nobody-has-this')).json()).toEqual({ data: [] });
    // Every patient of the unfiltered export is exactly its patient file's records.
    for (const exported of (await get('/api/patients/json')).json().data) {
      expect(exported).toEqual(recordsOf((await get(`/api/patients/${exported.id}`)).json().data));
    }
  });

  it('pages through pages of keys in batches, each patient exactly once', async () => {
    const today = latestToday(new Date());
    const all: string[] = [];
    await withExportSource(
      t.ctx.db,
      {},
      today,
      async (source) => {
        for await (const batch of source.read(async (_reader, ids) => ids)) {
          expect(batch.length).toBeLessThanOrEqual(2);
          all.push(...batch);
        }
      },
      2,
      5,
    );
    expect(all.sort()).toEqual(await listIds(''));
  });

  it.runIf(testEngine === 'postgres')(
    'reads one snapshot on every connection while others write',
    async () => {
      const today = latestToday(new Date());
      const before = await listIds('');
      const last =
        before.length > 0
          ? ((await get(`/api/patients/${ids.accent}`)).json().data as { id: string; identification: string })
          : null;
      const seen: { id: string; identification: string }[] = [];
      // While the first batch is read: a new patient, and a change to one the export has not reached;
      // every later batch is read after them.
      let first = true;
      let written: () => void = () => undefined;
      const afterWrites = new Promise<void>((resolve) => {
        written = resolve;
      });
      await withExportSource(
        t.ctx.db,
        {},
        today,
        async (source) => {
          const documents = source.read(async (reader, batch) => {
            if (first) {
              first = false;
              await createPatient(t, doctor);
              const res = await t.request({
                method: 'PATCH',
                url: `/api/patients/${ids.accent}`,
                token: doctor.token,
                payload: { identification: `changed-${Date.now()}` },
              });
              expect(res.statusCode, res.body).toBe(200);
              written();
            } else {
              await afterWrites;
            }
            return reader.documents(batch, 'es');
          });
          for await (const batch of documents) {
            seen.push(...batch.map((text) => JSON.parse(text) as { id: string; identification: string }));
          }
        },
        1,
      );
      expect(seen.map((patient) => patient.id).sort()).toEqual(before);
      expect(seen.find((patient) => patient.id === ids.accent)?.identification).toBe(last?.identification);
      const back = await t.request({
        method: 'PATCH',
        url: `/api/patients/${ids.accent}`,
        token: doctor.token,
        payload: { identification: last?.identification },
      });
      expect(back.statusCode, back.body).toBe(200);
    },
  );

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
    const reader = {
      patientRows: async () => rows,
      recordRows: async () => rows,
      documents: async () => rows.map(() => JSON.stringify(patient)),
      run: async <T>() => rows as T[],
    };
    const endless: ExportSource = {
      async *read(read) {
        try {
          for (;;) {
            batches++;
            // A database answers asynchronously: so does this endless one.
            await new Promise((resolve) => setImmediate(resolve));
            yield await read(
              reader,
              rows.map((row) => row.id),
            );
          }
        } finally {
          closed = true;
        }
      },
    };
    const stream = format(endless, { raw: false, language: 'es' });
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

  it('writes the JSON of several batches, an empty one and a file larger than a write, as one list', async () => {
    const large = { id: 'large', note: 'ñ'.repeat(200_000) };
    const batches = [[{ id: 'a' }, { id: 'b' }], [], [large, { id: 'c' }]];
    const source: ExportSource = {
      async *read(read) {
        for (const batch of batches) {
          yield await read(
            { documents: async () => batch.map((file) => JSON.stringify(file)) } as unknown as BatchReader,
            batch.map((file) => file.id),
          );
        }
      },
    };
    const chunks: Buffer[] = [];
    for await (const chunk of jsonStream(source, { raw: false, language: 'es' })) {
      chunks.push(Buffer.from(chunk));
    }
    expect(JSON.parse(Buffer.concat(chunks).toString('utf8'))).toEqual({
      data: [{ id: 'a' }, { id: 'b' }, large, { id: 'c' }],
    });
  });

  it('marks the XLSX texts that start or end with white space, of any kind', () => {
    const texts = [
      'abc',
      ' abc',
      'abc ',
      '\tx',
      'x\n',
      'ñandú',
      ' ñ',
      'ñ ',
      '\u00a0x',
      'x\u2003',
      '\ufeffx',
      'a b',
      '~!',
      '',
    ];
    expect(texts.map(edgeSpace)).toEqual(texts.map((text) => /^\s|\s$/.test(text)));
    expect(texts.filter(edgeSpace)).toEqual([
      ' abc',
      'abc ',
      '\tx',
      'x\n',
      ' ñ',
      'ñ ',
      '\u00a0x',
      'x\u2003',
      '\ufeffx',
    ]);
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
    // XLSX (CONTRACT §3, amended 2026-11-29): a formula start unless the whole cell is a number or one
    // numerical chromosome change — the audit's `-1+cmd|…` and `+8+cmd|…` are guarded; `+8`, `-7` stay.
    expect(
      [
        '+8',
        '-7',
        '-5q',
        '+21,-7',
        '+mar',
        '-1',
        "-1+cmd|' /C calc'!A0",
        "+8+cmd|' /C calc'!A0",
        '@x',
        '=1',
        '+SUM(A1)',
        '-HYPERLINK("x")',
        "=cmd|' /C calc'!A0",
        "+cmd|' /C calc'!A0",
        "-cmd|' /C calc'!A0",
        "@SUM(1+1)*cmd|' /C calc'!A0",
        '\tx',
        '\rx',
        '+ 8',
        '-',
        '46,XY',
        'ok',
      ].map(safeXlsxText),
    ).toEqual([
      '+8',
      '-7',
      "'-5q",
      "'+21,-7",
      '+mar',
      '-1',
      "'-1+cmd|' /C calc'!A0",
      "'+8+cmd|' /C calc'!A0",
      "'@x",
      "'=1",
      "'+SUM(A1)",
      `'-HYPERLINK("x")`,
      "'=cmd|' /C calc'!A0",
      "'+cmd|' /C calc'!A0",
      "'-cmd|' /C calc'!A0",
      "'@SUM(1+1)*cmd|' /C calc'!A0",
      "'\tx",
      "'\rx",
      "'+ 8",
      "'-",
      '46,XY',
      'ok',
    ]);
    expect(exportName(new Date('2024-03-05T07:08:09Z'))).toBe('patients-2024-03-05-070809-UTC');
  });
});
