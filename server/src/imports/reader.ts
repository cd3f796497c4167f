import { parse } from 'csv-parse/sync';

/**
 * What the import reads through (`read/`): the file as a spreadsheet (`readSpreadsheet`), a cell as a
 * value (`parseDate`, `parseDecimal`, …) and the first guesses of a column's variable and a value's code
 * (`guessColumns`, `guessValues`). Stand-ins with the reader's interface until the reader lands beside
 * it; then this file re-exports it.
 */

export type Cell = string | number | boolean | Date | null;
export interface SheetRow {
  readonly row: number;
  readonly cells: readonly Cell[];
}
export interface Column {
  readonly index: number;
  readonly header: string;
  readonly samples: readonly string[];
}
export interface SheetTable {
  readonly headerRow: number;
  readonly columns: readonly Column[];
  readonly rowCount: number;
  rows(): AsyncIterable<SheetRow>;
}
export interface Spreadsheet extends SheetTable {
  readonly kind: 'csv' | 'xlsx';
  readonly encoding: string | null;
  readonly delimiter: string | null;
  readonly sheets: readonly string[];
  readonly sheet: string | null;
  sheetTable(name: string, options?: { headerRow?: number }): Promise<SheetTable>;
  sheetRows(name: string): AsyncIterable<SheetRow>;
}
export interface ReadOptions {
  readonly sheet?: string;
  readonly headerRow?: number;
}

export type ImportMessageParams = Readonly<Record<string, string | number>>;

export class ImportFileError extends Error {
  constructor(
    readonly code: string,
    readonly params: ImportMessageParams = {},
  ) {
    super(`import file refused: ${code}`);
    this.name = 'ImportFileError';
  }
  get messageKey(): string {
    return `importFile.${this.code}`;
  }
}

export const READ_LIMITS = {
  fileBytes: 20 * 1024 * 1024,
  expandedBytes: 200 * 1024 * 1024,
  rows: 50_000,
  columns: 500,
} as const;

const text = (cell: Cell) => (cell instanceof Date ? cell.toISOString().slice(0, 10) : String(cell ?? ''));

function tableOf(all: SheetRow[], headerRow?: number): SheetTable {
  const header = headerRow === undefined ? all[0] : all.find((row) => row.row === headerRow);
  if (!header) {
    throw new ImportFileError(headerRow === undefined ? 'empty' : 'headerRowEmpty', {
      row: String(headerRow),
    });
  }
  const data = all.filter((row) => row.row > header.row);
  if (data.length === 0) {
    throw new ImportFileError('noData', { headerRow: String(header.row) });
  }
  if (data.length > READ_LIMITS.rows) {
    throw new ImportFileError('tooManyRows', { max: READ_LIMITS.rows });
  }
  const columns = header.cells.map((cell, index) => ({
    index,
    header: text(cell).trim().replace(/\s+/g, ' '),
    samples: [
      ...new Set(data.map((row) => text(row.cells[index] ?? null).trim()).filter((value) => value !== '')),
    ].slice(0, 5),
  }));
  if (columns.length > READ_LIMITS.columns) {
    throw new ImportFileError('tooManyColumns', { max: READ_LIMITS.columns });
  }
  return {
    headerRow: header.row,
    columns,
    rowCount: data.length,
    async *rows() {
      yield* data;
    },
  };
}

const blank = (cells: readonly Cell[]) => cells.every((cell) => cell === null || cell === '');

/** Reads an uploaded file as a spreadsheet, or refuses it with an `ImportFileError`. */
export async function readSpreadsheet(bytes: Buffer, options: ReadOptions = {}): Promise<Spreadsheet> {
  if (bytes.length === 0) {
    throw new ImportFileError('empty');
  }
  if (bytes.length > READ_LIMITS.fileBytes) {
    throw new ImportFileError('tooLarge', { max: 20 });
  }
  if (bytes[0] === 0x50 && bytes[1] === 0x4b) {
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.Workbook();
    try {
      await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    } catch {
      throw new ImportFileError('damaged');
    }
    const sheets = workbook.worksheets.map((sheet) => sheet.name);
    const rowsOf = (name: string): SheetRow[] => {
      const sheet = workbook.getWorksheet(name);
      if (!sheet) {
        throw new ImportFileError('sheetNotFound', { sheet: name });
      }
      const rows: SheetRow[] = [];
      sheet.eachRow({ includeEmpty: false }, (row, number) => {
        const cells: Cell[] = [];
        row.eachCell({ includeEmpty: true }, (cell, column) => {
          const value = cell.value as unknown;
          let read: Cell = null;
          if (value instanceof Date) {
            read = value;
          } else if (typeof value === 'object' && value !== null) {
            const object = value as { result?: unknown; richText?: { text: string }[]; text?: string };
            if ('result' in object) {
              read = (object.result as Cell) ?? null;
            } else if (object.richText) {
              read = object.richText.map((part) => part.text).join('');
            } else {
              read = object.text ?? null;
            }
          } else {
            read = (value as Cell) ?? null;
          }
          cells[column - 1] = read;
        });
        for (let i = 0; i < cells.length; i++) {
          cells[i] ??= null;
        }
        if (!blank(cells)) {
          rows.push({ row: number, cells });
        }
      });
      return rows;
    };
    const sheet = options.sheet ?? sheets[0];
    if (!sheet) {
      throw new ImportFileError('empty');
    }
    const table = tableOf(rowsOf(sheet), options.headerRow);
    return {
      ...table,
      kind: 'xlsx',
      encoding: null,
      delimiter: null,
      sheets,
      sheet,
      sheetTable: async (name, sheetOptions) => tableOf(rowsOf(name), sheetOptions?.headerRow),
      async *sheetRows(name) {
        yield* tableOf(rowsOf(name)).rows();
      },
    };
  }
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  let encoding = 'utf-8';
  let content: string;
  try {
    content = utf8.decode(bytes);
    if (content.startsWith('\uFEFF')) {
      encoding = 'utf-8-bom';
      content = content.slice(1);
    }
  } catch {
    encoding = 'windows-1252';
    content = new TextDecoder('windows-1252').decode(bytes);
  }
  if (content.includes('\u0000') || /^\s*(%PDF-|<\?xml|<html)/i.test(content)) {
    throw new ImportFileError('notSpreadsheet');
  }
  const first = content.split(/\r?\n/, 1)[0] ?? '';
  const delimiter = [';', '\t', ','].reduce((best, candidate) =>
    first.split(candidate).length > first.split(best).length ? candidate : best,
  );
  let records: string[][];
  try {
    records = parse(content, { delimiter, relax_column_count: true, skip_empty_lines: false });
  } catch {
    throw new ImportFileError('csvUnreadable', { line: '1' });
  }
  const rows = records
    .map((cells, index) => ({ row: index + 1, cells: cells.map((cell) => (cell === '' ? null : cell)) }))
    .filter((row) => !blank(row.cells));
  const table = tableOf(rows, options.headerRow);
  const noSheets = (name: string): never => {
    throw new ImportFileError('sheetNotFound', { sheet: name });
  };
  return {
    ...table,
    kind: 'csv',
    encoding,
    delimiter,
    sheets: [],
    sheet: null,
    sheetTable: async (name) => noSheets(name),
    sheetRows: (name) => noSheets(name),
  };
}

export type ValueResult<T> =
  | { readonly ok: true; readonly value: T | null }
  | { readonly ok: false; readonly message: string; readonly params: Readonly<Record<string, string>> };
export type DateOrder = 'dmy' | 'ymd' | 'mdy';
export type DecimalSign = ',' | '.';
export interface DateRule {
  readonly order: DateOrder;
  readonly yearAlone?: boolean;
}

export const cellText = (cell: Cell): string =>
  cell instanceof Date ? cell.toISOString().slice(0, 10) : String(cell ?? '');
export const isBlank = (cell: Cell) => cell === null || (typeof cell === 'string' && cell.trim() === '');

const okValue = <T>(value: T | null): ValueResult<T> => ({ ok: true, value });
const refuse = (code: string, params: Record<string, string>): ValueResult<never> => ({
  ok: false,
  message: `importValue.${code}`,
  params,
});

export function parseText(cell: Cell): ValueResult<string> {
  return isBlank(cell) ? okValue(null) : okValue(cellText(cell).trim());
}

const EXCEL_EPOCH = Date.UTC(1899, 11, 30);
const pad = (n: number) => String(n).padStart(2, '0');
const EXAMPLES: Record<DateOrder, string> = { dmy: '31/12/2020', ymd: '2020-12-31', mdy: '12/31/2020' };

export function parseDate(cell: Cell, rule: DateRule): ValueResult<string> {
  if (isBlank(cell)) {
    return okValue(null);
  }
  if (cell instanceof Date) {
    return okValue(cell.toISOString().slice(0, 10));
  }
  const value = cellText(cell).trim();
  if (/^\d{4}$/.test(value)) {
    return rule.yearAlone ? okValue(value) : refuse('dateYearAlone', { value });
  }
  if (typeof cell === 'number' || /^\d{5}$/.test(value)) {
    const serial = Number(value);
    return serial >= 10_000 && serial < 2_958_466
      ? okValue(new Date(EXCEL_EPOCH + Math.floor(serial) * 86_400_000).toISOString().slice(0, 10))
      : refuse('dateSerial', { value });
  }
  const match = /^(\d+)([/.-])(\d+)\2(\d+)$/.exec(value);
  if (!match) {
    return refuse('dateFormat', { value, example: EXAMPLES[rule.order] });
  }
  const [, a = '', , b = '', c = ''] = match;
  const parts: Record<DateOrder, [string, string, string]> = {
    ymd: [a, b, c],
    dmy: [c, b, a],
    mdy: [c, a, b],
  };
  const [year, month, day] = a.length === 4 ? parts.ymd : parts[rule.order];
  if (year.length !== 4) {
    return year.length <= 2
      ? refuse('dateTwoDigitYear', { value })
      : refuse('dateFormat', { value, example: EXAMPLES[rule.order] });
  }
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  if (
    date.getUTCFullYear() !== Number(year) ||
    date.getUTCMonth() !== Number(month) - 1 ||
    date.getUTCDate() !== Number(day)
  ) {
    return refuse('dateImpossible', { value });
  }
  return okValue(`${year}-${pad(Number(month))}-${pad(Number(day))}`);
}

export function parseDecimal(cell: Cell, sign: DecimalSign): ValueResult<number> {
  if (isBlank(cell)) {
    return okValue(null);
  }
  if (typeof cell === 'number') {
    return okValue(cell);
  }
  const value = cellText(cell).trim();
  const other = sign === ',' ? '.' : ',';
  if (value.includes(other)) {
    return refuse('decimalOtherSign', { value, sign, other });
  }
  const pattern = sign === ',' ? /^[+-]?(?:\d+(?:,\d+)?|,\d+)$/ : /^[+-]?(?:\d+(?:\.\d+)?|\.\d+)$/;
  return pattern.test(value)
    ? okValue(Number(value.replace(',', '.')))
    : refuse('decimalFormat', { value, sign });
}

export function parseInteger(cell: Cell, sign: DecimalSign): ValueResult<number> {
  const number = parseDecimal(cell, sign);
  if (number.ok && number.value !== null && !Number.isInteger(number.value)) {
    return refuse('integerFormat', { value: cellText(cell).trim() });
  }
  return number.ok ? number : refuse('integerFormat', { value: cellText(cell).trim() });
}

const YES = ['si', 's', 'yes', 'y', 'x', '1', 'true', 'verdadero'];
const NO = ['no', 'n', '0', 'false', 'falso'];

export function parseBoolean(cell: Cell): ValueResult<boolean> {
  if (isBlank(cell)) {
    return okValue(null);
  }
  if (typeof cell === 'boolean') {
    return okValue(cell);
  }
  const value = cellText(cell).trim();
  const word = normalise(value);
  if (YES.includes(word)) {
    return okValue(true);
  }
  if (NO.includes(word)) {
    return okValue(false);
  }
  return refuse('booleanFormat', { value });
}

/** Lower case, without accents, punctuation as single spaces. */
export const normalise = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

export interface GuessVariable {
  readonly name: string;
  readonly type: string;
  readonly labels: readonly string[];
  readonly synonymsOf?: string;
  readonly values?: readonly { readonly code: string; readonly labels: readonly string[] }[] | null;
}
export interface ColumnGuess {
  readonly variable: string;
  readonly confidence: number;
}
export interface ValueGuess {
  readonly code: string;
  readonly confidence: number;
}

export function guessColumns(
  headers: readonly string[],
  variables: readonly GuessVariable[],
): (ColumnGuess | null)[] {
  const index = new Map<string, string | null>();
  const add = (text: string, name: string) => {
    const key = normalise(text);
    if (key !== '') {
      index.set(key, index.has(key) && index.get(key) !== name ? null : name);
    }
  };
  for (const variable of variables) {
    add(variable.name, variable.name);
    for (const label of variable.labels) {
      add(label, variable.name);
    }
  }
  return headers.map((header) => {
    const name = index.get(normalise(header));
    return name ? { variable: name, confidence: 0.95 } : null;
  });
}

export function guessValues(
  values: readonly string[],
  variable: GuessVariable,
): Map<string, ValueGuess | null> {
  const index = new Map<string, string>();
  for (const value of variable.values ?? []) {
    index.set(normalise(value.code), value.code);
    for (const label of value.labels) {
      index.set(normalise(label), value.code);
    }
  }
  return new Map(
    values.map((value) => {
      const code = index.get(normalise(value));
      return [value, code ? { code, confidence: 0.9 } : null];
    }),
  );
}
