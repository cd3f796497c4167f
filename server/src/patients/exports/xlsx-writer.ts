import { Readable, Transform } from 'node:stream';
import { ByteWriter, OUTPUT_CHUNK } from './byte-writer.ts';

/**
 * A streaming XLSX (Office Open XML) writer for the exports: each sheet's rows are written as XML as
 * they come, a batch at a time, into a zip built by archiver; nothing is kept but the row counts.
 * exceljs' streaming writer, which the exports used before, builds a cell object per value and spent
 * most of a 100,000-patient export there (docs/decisions/017-export-formats.md); reading XLSX stays with
 * exceljs (in the tests).
 *
 * What a spreadsheet needs of an export, and no more: inline strings, numbers, booleans, dates as real
 * dates (serial numbers with a date format), a bold and frozen header row, column widths and an
 * autofilter over the sheet.
 */

/** A date as `yyyy-mm-dd` (a date cell) or an ISO timestamp (a date-and-time cell). */
export interface XlsxDate {
  readonly date: string;
}
export type XlsxValue = string | number | boolean | XlsxDate | null;

export interface XlsxSheet {
  /** At most 31 characters, none of `[]:*?/\`. */
  readonly name: string;
  readonly columns: readonly { readonly header: string; readonly width: number }[];
  /** The sheet's rows, a batch at a time; read only when the zip reaches this sheet. */
  readonly rows: () => AsyncIterable<readonly (readonly XlsxValue[])[]>;
}

export interface XlsxOptions {
  /** Excel number formats, e.g. `dd/mm/yyyy` and `dd/mm/yyyy hh:mm`. */
  readonly dateFormat: string;
  readonly timestampFormat: string;
  /** Deflate level, 1 (fast) to 9 (small). */
  readonly compression?: number;
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const STYLE = { header: 1, date: 2, timestamp: 3 } as const;

/** Characters XML 1.0 cannot hold at all. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these control characters are what it removes.
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: the characters XML cannot hold, or must escape.
const NEEDS_WORK = /[&<>"\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
export function xmlText(value: string): string {
  // Most values need nothing: one test instead of two replacements.
  if (!NEEDS_WORK.test(value)) {
    return value;
  }
  return value.replace(NOT_XML, '').replace(/[&<>"]/g, (c) => ESCAPES[c] as string);
}

/**
 * Whether a text starts or ends with white space (`\s`). No such character lies between `!` and `~`,
 * so most values are answered by their two ends' codes, without the expression.
 */
export function edgeSpace(value: string): boolean {
  const first = value.charCodeAt(0);
  const last = value.charCodeAt(value.length - 1);
  return (first <= 32 || first >= 127 || last <= 32 || last >= 127) && /^\s|\s$/.test(value);
}

/** An inline string; spaces at either end are kept only when the element says so. */
function inlineString(value: string, ref: string, style: string): string {
  const space = edgeSpace(value) ? ' xml:space="preserve"' : '';
  return `<c r="${ref}" t="inlineStr"${style}><is><t${space}>${xmlText(value)}</t></is></c>`;
}

/** A column's letters: 0 → A, 25 → Z, 26 → AA. */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  }
  return name;
}

const DAY_MS = 86_400_000;
const EXCEL_EPOCH = Date.UTC(1899, 11, 30);

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/;

/**
 * Excel's serial number of a date (days since 1899-12-30) or of a timestamp (with the day's fraction);
 * null for anything else — a biobank's bare birth year stays the year, never becomes its 1 January.
 */
export function serialOf(text: string): number | null {
  let time = Number.NaN;
  if (DATE.test(text)) {
    time = Date.parse(`${text}T00:00:00Z`);
  } else if (TIMESTAMP.test(text)) {
    time = Date.parse(text);
  }
  return Number.isNaN(time) ? null : (time - EXCEL_EPOCH) / DAY_MS;
}

type Serials = (text: string) => number | null;

/** Dates repeat across rows: each day's serial is computed once per sheet (a few thousand days). */
function daySerials(): Serials {
  const known = new Map<string, number | null>();
  return (text) => {
    if (text.length !== 10) {
      return serialOf(text);
    }
    let serial = known.get(text);
    if (serial === undefined) {
      serial = serialOf(text);
      if (known.size < 100_000) {
        known.set(text, serial);
      }
    }
    return serial;
  };
}

function cellXml(value: XlsxValue, ref: string, serials: Serials): string {
  if (value === null) {
    return '';
  }
  if (typeof value === 'string') {
    return value === '' ? '' : inlineString(value, ref, '');
  }
  if (typeof value === 'number') {
    return Number.isFinite(value) ? `<c r="${ref}"><v>${value}</v></c>` : '';
  }
  if (typeof value === 'boolean') {
    return `<c r="${ref}" t="b"><v>${value ? 1 : 0}</v></c>`;
  }
  const serial = serials(value.date);
  if (serial === null) {
    return cellXml(value.date, ref, serials);
  }
  return `<c r="${ref}" s="${value.date.length === 10 ? STYLE.date : STYLE.timestamp}"><v>${serial}</v></c>`;
}

function rowXml(
  values: readonly XlsxValue[],
  row: number,
  letters: readonly string[],
  serials: Serials,
): string {
  let cells = '';
  for (let i = 0; i < values.length; i++) {
    cells += cellXml(values[i] ?? null, `${letters[i]}${row}`, serials);
  }
  return `<row r="${row}">${cells}</row>`;
}

function headerXml(headers: readonly string[], letters: readonly string[]): string {
  const style = ` s="${STYLE.header}"`;
  return `<row r="1">${headers.map((header, i) => inlineString(header, `${letters[i]}1`, style)).join('')}</row>`;
}

/** A sheet's XML, a batch of rows per chunk or more; `done` receives the number of rows written. */
async function* sheetXml(sheet: XlsxSheet, done: (rows: number) => void): AsyncGenerator<string | Buffer> {
  const letters = sheet.columns.map((_, index) => columnName(index));
  const widths = sheet.columns
    .map(
      (column, index) =>
        `<col min="${index + 1}" max="${index + 1}" width="${column.width}" customWidth="1"/>`,
    )
    .join('');
  const header = headerXml(
    sheet.columns.map((column) => column.header),
    letters,
  );
  yield `${XML_HEAD}<worksheet xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/><selection pane="bottomLeft" activeCell="A2" sqref="A2"/></sheetView></sheetViews><sheetFormatPr defaultRowHeight="15"/><cols>${widths}</cols><sheetData>${header}`;
  const serials = daySerials();
  let row = 1;
  for await (const batch of sheet.rows()) {
    const bytes = new ByteWriter();
    for (const values of batch) {
      row += 1;
      const full = bytes.write(rowXml(values, row, letters, serials));
      if (full) {
        yield full;
      }
    }
    const rest = bytes.take();
    if (rest) {
      yield rest;
    }
  }
  done(row);
  yield `</sheetData><autoFilter ref="${filterRange(sheet, row)}"/></worksheet>`;
}

const filterRange = (sheet: XlsxSheet, rows: number) =>
  `A1:${columnName(Math.max(0, sheet.columns.length - 1))}${rows}`;

function workbookXml(sheets: readonly XlsxSheet[], rows: readonly number[]): string {
  const entries = sheets
    .map((sheet, i) => `<sheet name="${xmlText(sheet.name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`)
    .join('');
  // The autofilter's range, as Excel itself names it.
  const names = sheets
    .map((sheet, i) => {
      const [from, to] = filterRange(sheet, rows[i] ?? 1).split(':');
      const absolute = (ref = '') => ref.replace(/^([A-Z]+)(\d+)$/, '$$$1$$$2');
      return `<definedName name="_xlnm._FilterDatabase" localSheetId="${i}" hidden="1">'${xmlText(sheet.name.replaceAll("'", "''"))}'!${absolute(from)}:${absolute(to)}</definedName>`;
    })
    .join('');
  return `${XML_HEAD}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><bookViews><workbookView/></bookViews><sheets>${entries}</sheets><definedNames>${names}</definedNames></workbook>`;
}

function stylesXml(options: XlsxOptions): string {
  return `${XML_HEAD}<styleSheet xmlns="${MAIN_NS}"><numFmts count="2"><numFmt numFmtId="164" formatCode="${xmlText(options.dateFormat)}"/><numFmt numFmtId="165" formatCode="${xmlText(options.timestampFormat)}"/></numFmts><fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font><font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="4"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`;
}

function contentTypesXml(sheets: readonly XlsxSheet[]): string {
  const overrides = sheets
    .map(
      (_, i) =>
        `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
    )
    .join('');
  return `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>${overrides}</Types>`;
}

const ROOT_RELS = `${XML_HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`;

function workbookRelsXml(sheets: readonly XlsxSheet[]): string {
  const rels = sheets
    .map(
      (_, i) =>
        `<Relationship Id="rId${i + 1}" Type="${REL_NS}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`,
    )
    .join('');
  const styles = `<Relationship Id="rId${sheets.length + 1}" Type="${REL_NS}/styles" Target="styles.xml"/>`;
  return `${XML_HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rels}${styles}</Relationships>`;
}

/**
 * The workbook as a stream. The zip takes its parts in order, so a sheet's rows are read only once the
 * sheets before it are written, and the client's pace reaches the database (backpressure). The workbook
 * part, which names each autofilter's range, comes last, when the row counts are known. Destroying the
 * stream (a client gone) ends the sheet being read.
 */
export function xlsxWorkbook(sheets: readonly XlsxSheet[], options: XlsxOptions): Readable {
  const rows: number[] = sheets.map(() => 1);
  const parts: Readable[] = [];
  const start = async () => {
    // Loaded on the first XLSX export, not at every start.
    const { ZipArchive } = await import('archiver');
    const zip = new ZipArchive({ zlib: { level: options.compression ?? 4, chunkSize: OUTPUT_CHUNK } });
    const fixed = (name: string, text: string) => zip.append(text, { name });
    const streamed = (name: string, chunks: AsyncIterable<string | Buffer>) => {
      const part = Readable.from(chunks, { objectMode: false, highWaterMark: 1 });
      // The zip hears a part's error only while it writes that part: a sheet that fails before (the
      // database gone while its rows are read ahead) must still end the workbook, never the process.
      part.on('error', (error) => output.destroy(error));
      parts.push(part);
      zip.append(part, { name });
    };
    fixed('[Content_Types].xml', contentTypesXml(sheets));
    fixed('_rels/.rels', ROOT_RELS);
    fixed('xl/_rels/workbook.xml.rels', workbookRelsXml(sheets));
    fixed('xl/styles.xml', stylesXml(options));
    sheets.forEach((sheet, i) => {
      streamed(
        `xl/worksheets/sheet${i + 1}.xml`,
        sheetXml(sheet, (count) => {
          rows[i] = count;
        }),
      );
    });
    streamed(
      'xl/workbook.xml',
      (async function* () {
        yield workbookXml(sheets, rows);
      })(),
    );
    return zip;
  };
  // The zip comes in pieces of a few bytes to 16 KiB; each write to the socket is a system call, costly
  // on a virtual machine, so they are gathered into pieces of OUTPUT_CHUNK first.
  let started: { destroy(): void } | null = null;
  let pending: Buffer[] = [];
  let size = 0;
  const gathered = () => {
    const chunk = pending.length === 1 ? (pending[0] as Buffer) : Buffer.concat(pending, size);
    pending = [];
    size = 0;
    return chunk;
  };
  const output = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      pending.push(chunk);
      size += chunk.length;
      callback(null, size >= OUTPUT_CHUNK ? gathered() : undefined);
    },
    flush(callback) {
      callback(null, size > 0 ? gathered() : undefined);
    },
    destroy(error, callback) {
      // At once, not when the zip next writes: the sheet being read stops reading.
      for (const part of parts) {
        part.destroy();
      }
      started?.destroy();
      callback(error);
    },
  });
  start().then(
    (archive) => {
      started = archive;
      if (output.destroyed) {
        archive.destroy();
        return;
      }
      archive.on('error', (error) => output.destroy(error));
      archive.pipe(output);
      archive.finalize().catch(() => undefined);
    },
    (error: unknown) => output.destroy(error as Error),
  );
  return output;
}
