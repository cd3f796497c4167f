import { readFileSync } from 'node:fs';
import { buffer } from 'node:stream/consumers';
import { deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { xlsxWorkbook } from '../../patients/index.ts';
import { xlsxOf } from './fixtures/xlsx-parts.ts';
import { zipOf } from './fixtures/zip-writer.ts';
import { type Cell, ImportFileError, readSpreadsheet, type Spreadsheet } from './spreadsheet.ts';
import { sizeGuard } from './zip.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));
const text = (value: string) => Buffer.from(value, 'utf8');

async function rowsOf(sheet: { rows(): AsyncIterable<{ row: number; cells: readonly Cell[] }> }) {
  const rows: { row: number; cells: readonly Cell[] }[] = [];
  for await (const row of sheet.rows()) {
    rows.push(row);
  }
  return rows;
}

/** The refusal a read ends in: its code and params. */
async function refusal(bytes: Buffer, options?: Parameters<typeof readSpreadsheet>[1], read = false) {
  try {
    const sheet = await readSpreadsheet(bytes, options);
    if (read) {
      await rowsOf(sheet);
    }
  } catch (error) {
    if (error instanceof ImportFileError) {
      return { code: error.code, params: error.params };
    }
    throw error;
  }
  throw new Error('the file was read');
}

async function workbook(build: (book: ExcelJS.Workbook) => void): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  build(book);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const utcDay = (year: number, month: number, day: number) => new Date(Date.UTC(year, month - 1, day));
const headersOf = (sheet: Spreadsheet) => sheet.columns.map((column) => column.header);

describe('a CSV', () => {
  it('reads a Windows-1252 file with semicolons, a title above its headers and quoted cells', async () => {
    const sheet = await readSpreadsheet(fixture('cohort-windows-1252.csv'));
    expect(sheet).toMatchObject({
      kind: 'csv',
      encoding: 'windows-1252',
      delimiter: ';',
      sheet: null,
      sheets: [],
    });
    expect(sheet.headerRow).toBe(4);
    expect(headersOf(sheet)).toEqual([
      'NHC',
      'Apellido y nombre',
      'F. nac.',
      'Sexo',
      'Fecha dx',
      'Diagnóstico',
      'Leucocitos (x10^9/L)',
      'Respuesta inducción',
      'Recaída',
    ]);
    expect(sheet.rowCount).toBe(7);
    expect(sheet.columns[3]?.samples).toEqual(['M', 'F', 'Masc', 'Mujer', 'Varón']);
    const rows = await rowsOf(sheet);
    expect(rows.map((row) => row.row)).toEqual([5, 6, 7, 8, 9, 10, 11]);
    expect(rows[2]?.cells[1]).toBe('Gómez; Iñaki');
    expect(rows[4]?.cells[1]).toBe('Ruiz "Toni", Antonio');
    // The empty cells that end a record are not cells; one inside it is null.
    expect(rows[3]?.cells).toEqual([
      'HC-0004',
      'Díaz, Begoña',
      '1980',
      'Mujer',
      '20/04/2022',
      'LLA-B',
      null,
      'NR',
    ]);
    // Bytes 0x80–0x9F are Windows-1252's, not Latin-1's control characters.
    expect(rows[6]?.cells[1]).toBe('O’Connor, Seán');
    expect(rows[6]?.cells[6]).toBe('€5');
  });

  it('reads a UTF-8 file with its byte order mark and tabs, passing over a blank row', async () => {
    const sheet = await readSpreadsheet(fixture('cohort-utf8-bom.tsv'));
    expect(sheet).toMatchObject({ encoding: 'utf-8-bom', delimiter: '\t', headerRow: 1, rowCount: 3 });
    expect(sheet.columns[0]?.header).toBe('Identificación');
    const rows = await rowsOf(sheet);
    expect(rows.map((row) => row.row)).toEqual([2, 3, 5]);
    expect(rows[1]?.cells[5]).toBe('62,5');
  });

  it('reads UTF-8 without a mark, commas, quoted commas and decimal points', async () => {
    const sheet = await readSpreadsheet(text('id,name,wbc\r\n1,"Smith, John",12.5\r\n2,Łukasz,3\r\n'));
    expect(sheet).toMatchObject({ encoding: 'utf-8', delimiter: ',', rowCount: 2 });
    expect((await rowsOf(sheet)).map((row) => row.cells)).toEqual([
      ['1', 'Smith, John', '12.5'],
      ['2', 'Łukasz', '3'],
    ]);
  });

  it('takes semicolons over the decimal commas of a Spanish file', async () => {
    const csv = 'Id;Leucocitos;Blastos\nA;1,5;20,25\nB;2,5;30,5\nC;3,75;1\n';
    expect((await readSpreadsheet(text(csv))).delimiter).toBe(';');
  });

  it('reads the UTF-16 text with tabs that Excel saves as "Unicode text"', async () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Id\tSexo\nA\tMujer\n', 'utf16le')]);
    const sheet = await readSpreadsheet(utf16);
    expect(sheet).toMatchObject({ encoding: 'utf-16le', delimiter: '\t' });
    expect((await rowsOf(sheet))[0]?.cells).toEqual(['A', 'Mujer']);
  });

  it('reads a file of one column', async () => {
    const sheet = await readSpreadsheet(text('NHC\nA1\nA2\n'));
    expect(sheet).toMatchObject({ delimiter: ',', rowCount: 2, columns: [{ index: 0, header: 'NHC' }] });
  });

  it('numbers rows as a spreadsheet does, whatever the line ends and a cell that spans lines', async () => {
    const sheet = await readSpreadsheet(text('a;b\r\n1;"two\nlines"\r3;4\n\n5;6'));
    expect((await rowsOf(sheet)).map((row) => [row.row, row.cells])).toEqual([
      [2, ['1', 'two\nlines']],
      [3, ['3', '4']],
      [5, ['5', '6']],
    ]);
  });

  it("follows Excel's sep= line, which names the delimiter and is no row", async () => {
    const sheet = await readSpreadsheet(text('sep=,\r\nId,Leucocitos;blastos\r\nA,"1,5"\r\n'));
    expect(sheet).toMatchObject({
      delimiter: ',',
      headerRow: 1,
      columns: [{ header: 'Id' }, { header: 'Leucocitos;blastos' }],
    });
    const rows = await rowsOf(sheet);
    expect(rows).toEqual([{ row: 2, cells: ['A', '1,5'] }]);
    // Read again, the same rows.
    expect(await rowsOf(sheet)).toEqual(rows);
  });

  it('reads the header row it is given', async () => {
    const sheet = await readSpreadsheet(text('Id;Sexo\nA;F\nB;M\n'), { headerRow: 2 });
    expect(sheet).toMatchObject({ headerRow: 2, rowCount: 1, columns: [{ header: 'A' }, { header: 'F' }] });
  });

  it('refuses a quote that never closes, naming its line', async () => {
    expect(await refusal(text('a;b\n1;2\n3;"open\n4;5\n'))).toEqual({
      code: 'csvUnreadable',
      params: { line: '3' },
    });
  });
});

describe('what is refused in any file', () => {
  it('refuses an empty file, and one of white space or a byte order mark alone', async () => {
    expect((await refusal(Buffer.alloc(0))).code).toBe('empty');
    expect((await refusal(text(' \r\n\r\n\t \t\n'))).code).toBe('empty');
    expect((await refusal(Buffer.from([0xef, 0xbb, 0xbf]))).code).toBe('empty');
  });

  it('refuses a file over 20 MiB before reading it', async () => {
    expect(await refusal(Buffer.alloc(20 * 1024 * 1024 + 1, 'a'))).toEqual({
      code: 'tooLarge',
      params: { max: 20 },
    });
  });

  it('refuses a PNG named .csv, by its content', async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
      'base64',
    );
    expect(await refusal(png)).toEqual({ code: 'notSpreadsheet', params: { detected: 'png' } });
  });

  it('refuses a PDF, an XML document and random bytes', async () => {
    expect((await refusal(text('%PDF-1.4\n1 0 obj << >> endobj\n'))).code).toBe('notSpreadsheet');
    expect((await refusal(text('<?xml version="1.0"?><Workbook/>'))).code).toBe('notSpreadsheet');
    const noise = Buffer.from(Array.from({ length: 4096 }, (_, index) => (index * 7919) % 256));
    expect((await refusal(noise)).code).toBe('notSpreadsheet');
  });

  it('refuses a zip that is no workbook: a plain zip and a Word document', async () => {
    expect((await refusal(zipOf([{ name: 'notes.txt', data: 'hello' }]))).code).toBe('notSpreadsheet');
    const word = xlsxOf({
      sheets: [{ name: 'Hoja1', rows: '' }],
      mainContentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml',
    });
    expect((await refusal(word)).code).toBe('notSpreadsheet');
  });

  it('takes 50,000 data rows and refuses 50,001', async () => {
    const lines = (count: number) =>
      `Id\n${Array.from({ length: count }, (_, index) => `P${index}`).join('\n')}\n`;
    expect((await readSpreadsheet(text(lines(50_000)))).rowCount).toBe(50_000);
    expect(await refusal(text(lines(50_001)))).toEqual({ code: 'tooManyRows', params: { max: 50_000 } });
  });

  it('takes 500 columns and refuses 501', async () => {
    const row = (count: number, prefix: string) =>
      Array.from({ length: count }, (_, index) => `${prefix}${index}`);
    const csv = (count: number) => `${row(count, 'h').join(';')}\n${row(count, 'v').join(';')}\n`;
    expect((await readSpreadsheet(text(csv(500)))).columns).toHaveLength(500);
    expect(await refusal(text(csv(501)))).toEqual({ code: 'tooManyColumns', params: { max: 500 } });
  });

  it('refuses a header row said again further down, naming the row', async () => {
    const csv = 'Id;Sexo\nA;F\nB;M\n\n id ; SEXO \nC;F\n';
    expect(await refusal(text(csv))).toEqual({
      code: 'headerRepeated',
      params: { row: '5', headerRow: '1' },
    });
  });

  it('refuses two columns with the same header, whatever their case and spaces', async () => {
    const csv = 'Id;Fecha dx;Sexo;fecha  DX\nA;1/1/2020;F;2/2/2020\n';
    expect(await refusal(text(csv))).toEqual({
      code: 'duplicateHeader',
      params: { header: 'Fecha dx', columns: 'B, D' },
    });
  });

  it('refuses headers without data, and a header row that is blank', async () => {
    expect(await refusal(text('Title\n\nId;Sexo\n'))).toEqual({ code: 'noData', params: { headerRow: '3' } });
    expect(await refusal(text('Id;Sexo\n\nA;F\n'), { headerRow: 2 })).toEqual({
      code: 'headerRowEmpty',
      params: { row: '2' },
    });
    expect((await refusal(text('Id;Sexo\nA;F\n'), { headerRow: 9 })).code).toBe('headerRowEmpty');
  });
});

describe('an XLSX', () => {
  const cohort = () =>
    workbook((book) => {
      const patients = book.addWorksheet('Pacientes');
      patients.addRow(['Cohorte LMA 2023']);
      patients.addRow([]);
      patients.addRow(['Identificación', 'Fecha de nacimiento', 'Leucocitos', 'Recaída', 'Notas']);
      patients.addRow(['HC-1', new Date(Date.UTC(1961, 4, 3)), 12.5, true, 'primera línea\nsegunda']);
      patients.addRow(['HC-2', new Date(Date.UTC(1958, 11, 31)), 3, false, null]);
      const treatments = book.addWorksheet('Tratamientos');
      treatments.addRow(['Identificación', 'Esquema', 'Fecha de inicio']);
      treatments.addRow(['HC-1', '7+3 AraC + IDA', new Date(Date.UTC(2022, 0, 12))]);
    });

  it('finds the header row below a title, and types its cells as stored', async () => {
    const sheet = await readSpreadsheet(await cohort());
    expect(sheet).toMatchObject({
      kind: 'xlsx',
      encoding: null,
      delimiter: null,
      sheets: ['Pacientes', 'Tratamientos'],
      sheet: 'Pacientes',
      headerRow: 3,
      rowCount: 2,
    });
    expect(headersOf(sheet)).toEqual([
      'Identificación',
      'Fecha de nacimiento',
      'Leucocitos',
      'Recaída',
      'Notas',
    ]);
    expect(sheet.columns[1]?.samples).toEqual(['1961-05-03', '1958-12-31']);
    expect(await rowsOf(sheet)).toEqual([
      { row: 4, cells: ['HC-1', new Date(Date.UTC(1961, 4, 3)), 12.5, true, 'primera línea\nsegunda'] },
      { row: 5, cells: ['HC-2', new Date(Date.UTC(1958, 11, 31)), 3, false] },
    ]);
  });

  it('reads the first sheet that is not hidden, unless asked for another', async () => {
    const bytes = await workbook((book) => {
      const lists = book.addWorksheet('Listas', { state: 'hidden' });
      lists.addRow(['Sexo']);
      lists.addRow(['Masculino']);
      const patients = book.addWorksheet('Pacientes');
      patients.addRow(['Id']);
      patients.addRow(['A']);
    });
    expect(await readSpreadsheet(bytes)).toMatchObject({
      sheets: ['Listas', 'Pacientes'],
      sheet: 'Pacientes',
    });
    expect((await readSpreadsheet(bytes, { sheet: 'Listas' })).columns[0]?.header).toBe('Sexo');
  });

  it("reads a number to Excel's 15 digits, and an empty value as an empty cell", async () => {
    const bytes = xlsxOf({
      sharedStrings: ['Id', 'Valor'],
      sheets: [
        {
          name: 'Hoja1',
          rows:
            '<row r="1"><c t="s"><v>0</v></c><c t="s"><v>1</v></c></row>' +
            '<row r="2"><c t="s"><v>0</v></c><c><v>12.300000000000001</v></c><c t="s"><v></v></c><c><v> </v></c></row>',
        },
      ],
    });
    expect((await rowsOf(await readSpreadsheet(bytes)))[0]?.cells).toEqual(['Id', 12.3]);
  });

  it('reads another sheet with its own header, and the sheet it is asked for', async () => {
    const bytes = await cohort();
    const sheet = await readSpreadsheet(bytes);
    const treatments = await sheet.sheetTable('Tratamientos');
    expect(treatments).toMatchObject({ headerRow: 1, rowCount: 1 });
    const side: unknown[] = [];
    for await (const row of sheet.sheetRows('Tratamientos')) {
      side.push(row);
    }
    expect(side).toEqual([{ row: 2, cells: ['HC-1', '7+3 AraC + IDA', new Date(Date.UTC(2022, 0, 12))] }]);
    expect((await readSpreadsheet(bytes, { sheet: 'Tratamientos' })).sheet).toBe('Tratamientos');
    expect(await refusal(bytes, { sheet: 'Drogas' })).toEqual({
      code: 'sheetNotFound',
      params: { sheet: 'Drogas' },
    });
    await expect(sheet.sheetTable('Drogas')).rejects.toMatchObject({ code: 'sheetNotFound' });
  });

  it('reads a formula as its cached value and never evaluates it', async () => {
    const bytes = await workbook((book) => {
      const sheet = book.addWorksheet('Hoja1');
      sheet.addRow(['Id', 'Edad', 'Texto', 'Mayor', 'Sin valor']);
      sheet.addRow(['A', 10, 'x', true, 1]);
      // A cached value that the formula would not give: the reader must not work it out again.
      sheet.getCell('B2').value = { formula: '1+1', result: 99 };
      sheet.getCell('C2').value = { formula: 'CONCAT("a","b")', result: 'guardado' };
      sheet.getCell('D2').value = { formula: 'B2>60', result: false };
      sheet.getCell('E2').value = { formula: 'HYPERLINK("http://example.invalid","x")' } as ExcelJS.CellValue;
    });
    const rows = await rowsOf(await readSpreadsheet(bytes));
    expect(rows[0]?.cells).toEqual(['A', 99, 'guardado', false]);
  });

  it('reads what other writers write: inline and rich text, escapes, errors, percentages, 1904 dates', async () => {
    const bytes = xlsxOf({
      date1904: true,
      sharedStrings: ['Id', 'Fecha', 'Blastos', 'Hora', 'Nota'],
      styles: [0, 'dd/mm/yyyy', 9, '[h]:mm', '"Día" dd" de "mmmm', '0.0%;[Red]-0.0%'],
      sheets: [
        {
          name: 'Datos',
          rows:
            '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c><c r="C1" t="s"><v>2</v></c><c r="D1" t="s"><v>3</v></c><c r="E1" t="s"><v>4</v></c></row>' +
            '<row r="2"><c r="A2" t="inlineStr"><is><r><t>HC</t></r><r><t>-7</t></r><rPh><t>ignored</t></rPh></is></c>' +
            '<c r="B2" s="1"><v>0</v></c><c r="C2" s="2"><v>0.455</v></c><c r="D2" s="3"><v>1.5</v></c>' +
            '<c r="E2" t="str"><f>A1</f><v>a_x000D_b</v></c></row>' +
            '<row r="3"><c t="e"><v>#N/A</v></c><c s="4"><v>1</v></c><c s="5"><v>0.5</v></c><c/><c t="d"><v>2020-02-29</v></c></row>',
        },
      ],
    });
    const rows = await rowsOf(await readSpreadsheet(bytes));
    expect(rows).toEqual([
      { row: 2, cells: ['HC-7', new Date(Date.UTC(1904, 0, 1)), 45.5, 1.5, 'a\rb'] },
      { row: 3, cells: ['#N/A', new Date(Date.UTC(1904, 0, 2)), 50, null, new Date(Date.UTC(2020, 1, 29))] },
    ]);
  });

  it("reads the registry's own export back", async () => {
    const exported = await buffer(
      xlsxWorkbook(
        [
          {
            name: 'Pacientes',
            columns: [
              { header: 'Identificación', width: 10 },
              { header: 'Fecha de nacimiento', width: 10 },
              { header: 'Cariotipo', width: 10 },
            ],
            rows: async function* rows() {
              yield [
                ['HC-1', { date: '1961-05-03' }, "'=cmd"],
                ['HC-2', '1960', '+8'],
              ];
            },
          },
        ],
        { dateFormat: 'dd/mm/yyyy', timestampFormat: 'dd/mm/yyyy hh:mm' },
      ),
    );
    const sheet = await readSpreadsheet(exported);
    expect(await rowsOf(sheet)).toEqual([
      { row: 2, cells: ['HC-1', new Date(Date.UTC(1961, 4, 3)), "'=cmd"] },
      { row: 3, cells: ['HC-2', '1960', '+8'] },
    ]);
  });

  it('reads a workbook LibreOffice Calc wrote from the messy CSV, with the dates and numbers it read', async () => {
    const sheet = await readSpreadsheet(fixture('libreoffice.xlsx'));
    expect(sheet).toMatchObject({ kind: 'xlsx', sheets: ['cohort'], headerRow: 4, rowCount: 7 });
    expect(sheet.columns[2]).toEqual({
      index: 2,
      header: 'F. nac.',
      samples: ['1961-05-03', '1958-12-31', '7.8.1975', '1980', '29/02/1963'],
    });
    const rows = await rowsOf(sheet);
    expect(rows[0]).toEqual({
      row: 5,
      cells: [
        'HC-0001',
        'Pérez, José',
        utcDay(1961, 5, 3),
        'M',
        utcDay(2022, 1, 12),
        'LMA M2',
        12.5,
        'RC',
        'No',
      ],
    });
    // What Calc could not read as a date stays the text it was; a year alone became a number.
    expect(rows[3]?.cells.slice(2, 5)).toEqual([1980, 'Mujer', utcDay(2022, 4, 20)]);
    expect(rows[4]?.cells[4]).toBe('31/02/2022');
  });

  it('refuses a macro workbook, however it says so', async () => {
    expect((await refusal(fixture('libreoffice-macro-enabled.xlsm'))).code).toBe('macro');
    const sheets = [{ name: 'Hoja1', rows: '<row r="1"><c t="inlineStr"><is><t>Id</t></is></c></row>' }];
    const vba = { name: 'xl/vbaProject.bin', data: Buffer.from([0xd0, 0xcf, 0x11, 0xe0]) };
    const cases = [
      xlsxOf({
        sheets,
        mainContentType: 'application/vnd.ms-excel.sheet.macroEnabled.main+xml',
        extraParts: [vba],
      }),
      xlsxOf({ sheets, extraParts: [vba] }),
      xlsxOf({ sheets, extraTypes: ['application/vnd.ms-office.vbaProject'] }),
      xlsxOf({ sheets, mainContentType: 'application/vnd.ms-excel.sheet.binary.macroEnabled.main' }),
      xlsxOf({ sheets, extraParts: [{ name: 'xl/macrosheets/sheet1.xml', data: '<xm:macrosheet/>' }] }),
    ];
    for (const bytes of cases) {
      expect((await refusal(bytes)).code).toBe('macro');
    }
    // The same workbook without the macro part reads.
    expect((await refusal(xlsxOf({ sheets }))).code).toBe('noData');
  });

  it('refuses a zip bomb by the sizes its central directory declares', async () => {
    // Eleven parts of 20 MiB of zeros each share one small deflated stream: 220 MiB declared.
    const zeros = deflateRawSync(Buffer.alloc(20 * 1024 * 1024));
    const parts = Array.from({ length: 11 }, (_, index) => ({
      name: `xl/media/image${index}.bin`,
      data: Buffer.alloc(0),
      declaredSize: 20 * 1024 * 1024,
      compressed: zeros,
    }));
    const bomb = xlsxOf({ sheets: [{ name: 'Hoja1', rows: '' }], extraParts: parts });
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect(await refusal(bomb)).toEqual({ code: 'expandsTooMuch', params: { max: 200 } });
  });

  it('stops a sheet that inflates past the size its headers declare', async () => {
    const header = '<row r="1"><c t="inlineStr"><is><t>Id</t></is></c></row>';
    const padding = `<row r="2"><c t="inlineStr"><is><t>${'x'.repeat(8 * 1024 * 1024)}</t></is></c></row>`;
    const lying = xlsxOf({
      sheets: [{ name: 'Hoja1', rows: header + padding }],
      tweak: (part) => (part.name.endsWith('sheet1.xml') ? { ...part, declaredSize: 4096 } : part),
    });
    expect(await refusal(lying)).toEqual({ code: 'expandsTooMuch', params: { max: 200 } });
  });

  it('guards every part as it inflates, whatever yauzl checks', async () => {
    const guard = sizeGuard(10);
    const chunks: Buffer[] = [];
    guard.on('data', (chunk: Buffer) => chunks.push(chunk));
    const failed = new Promise((resolve) => guard.on('error', resolve));
    guard.write(Buffer.alloc(6));
    guard.write(Buffer.alloc(4));
    guard.write(Buffer.alloc(1));
    expect(await failed).toMatchObject({ code: 'expandsTooMuch' });
    expect(Buffer.concat(chunks)).toHaveLength(10);
  });

  it('refuses a workbook encrypted with a password, and a zip entry that says it is encrypted', async () => {
    expect((await refusal(fixture('encrypted.xlsx'))).code).toBe('encrypted');
    const flagged = xlsxOf({
      sheets: [{ name: 'Hoja1', rows: '' }],
      tweak: (part) => (part.name.endsWith('sheet1.xml') ? { ...part, encrypted: true } : part),
    });
    expect((await refusal(flagged)).code).toBe('encrypted');
  });

  it('refuses an Excel 97–2003 workbook, asking for it as .xlsx', async () => {
    expect((await refusal(fixture('legacy.xls'))).code).toBe('legacyExcel');
  });

  it('refuses a damaged workbook: cut short, or a sheet that is not XML', async () => {
    const whole = await cohort();
    expect((await refusal(whole.subarray(0, whole.length - 100))).code).toBe('damaged');
    const broken = xlsxOf({
      sheets: [{ name: 'Hoja1', rows: '<row r="1"><c t="inlineStr"><is><t>Id</t></row>' }],
    });
    expect((await refusal(broken)).code).toBe('damaged');
    const deep = xlsxOf({
      sheets: [{ name: 'Hoja1', rows: `${'<row>'.repeat(100)}${'</row>'.repeat(100)}` }],
    });
    expect((await refusal(deep)).code).toBe('damaged');
    const badReference = xlsxOf({
      sheets: [{ name: 'Hoja1', rows: '<row r="1"><c r="11"><v>1</v></c></row>' }],
    });
    expect((await refusal(badReference)).code).toBe('damaged');
  });

  it('refuses a workbook with no worksheet as empty, and one past column 500', async () => {
    expect((await refusal(xlsxOf({ sheets: [] }))).code).toBe('empty');
    const wide = xlsxOf({ sheets: [{ name: 'Hoja1', rows: '<row r="1"><c r="SG1"><v>1</v></c></row>' }] });
    expect(await refusal(wide)).toEqual({ code: 'tooManyColumns', params: { max: 500 } });
  });
});
