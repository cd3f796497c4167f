import { ImportFileError } from './errors.ts';
import { READ_LIMITS } from './limits.ts';

/**
 * A cell as the file holds it: a CSV's cells are text; an XLSX's are typed as stored (a number, a
 * boolean, a text, an error such as `#N/A` as its text, a date cell as a `Date` in UTC, a formula as its
 * cached value). An empty cell is `null`.
 */
export type Cell = string | number | boolean | Date | null;

/** A row that is not blank, with its 1-based number in the sheet (a CSV's record number). */
export interface SheetRow {
  readonly row: number;
  readonly cells: readonly Cell[];
}

/** The rows of a sheet that are not blank, in order; each call reads the file again. */
export type RowSource = () => AsyncIterable<SheetRow>;

export interface Column {
  /** 0-based position in a row's `cells` (column A is 0). */
  readonly index: number;
  /** The header's text, trimmed, its white space collapsed; `''` for a column with data but no header. */
  readonly header: string;
  /** The first few distinct values below the header, as text. */
  readonly samples: readonly string[];
}

/** A sheet read as a table: the row of its headers, its columns, and its data rows below. */
export interface SheetTable {
  /** The 1-based row of the headers: the one asked for, else the first that looks like headers. */
  readonly headerRow: number;
  readonly columns: readonly Column[];
  /** The data rows (below the header row) that are not blank. */
  readonly rowCount: number;
  /** The data rows, read again from the file, one at a time. */
  rows(): AsyncIterable<SheetRow>;
}

/** How many distinct values of each column are kept as its samples. */
const SAMPLES = 5;
/** How far down the header row is looked for, in rows that are not blank. */
const HEADER_LOOKAHEAD = 30;

/**
 * Reads a sheet once to find its header row (the one given, else the first that looks like one),
 * check it (no duplicate header, no header repeated below it, within the limits) and describe its
 * columns; its rows are read again on demand.
 */
export async function scanTable(source: RowSource, headerRow?: number): Promise<SheetTable> {
  const scan = new Scan();
  const ahead: SheetRow[] = [];
  for await (const row of source()) {
    if (scan.header) {
      scan.add(row);
    } else if (headerRow !== undefined) {
      if (row.row === headerRow) {
        scan.start(row);
      } else if (row.row > headerRow) {
        throw new ImportFileError('headerRowEmpty', { row: String(headerRow) });
      }
    } else {
      ahead.push(row);
      if (ahead.length === HEADER_LOOKAHEAD) {
        scan.startFrom(ahead);
      }
    }
  }
  if (!scan.header && headerRow === undefined && ahead.length > 0) {
    scan.startFrom(ahead);
  }
  const header = scan.header;
  if (!header) {
    if (headerRow !== undefined) {
      throw new ImportFileError('headerRowEmpty', { row: String(headerRow) });
    }
    throw new ImportFileError('empty');
  }
  if (scan.count === 0) {
    throw new ImportFileError('noData', { headerRow: String(header.row) });
  }
  const first = header.row;
  return {
    headerRow: first,
    columns: scan.columns(),
    rowCount: scan.count,
    async *rows() {
      for await (const row of source()) {
        if (row.row > first) {
          yield row;
        }
      }
    },
  };
}

/** The state of one pass over a sheet once its header row is known. */
class Scan {
  header: SheetRow | null = null;
  count = 0;
  private headers: string[] = [];
  private keys: string[] = [];
  private samples: Set<string>[] = [];
  private width = 0;

  /** Takes the header row among the first rows, and the rows after it as data. */
  startFrom(ahead: SheetRow[]): void {
    const index = headerIndex(ahead);
    this.start(ahead[index] as SheetRow);
    for (const row of ahead.slice(index + 1)) {
      this.add(row);
    }
    ahead.length = 0;
  }

  start(header: SheetRow): void {
    checkWidth(header);
    this.header = header;
    this.headers = header.cells.map((cell) => collapse(cellText(cell)));
    this.keys = this.headers.map(headerKey);
    this.width = header.cells.length;
    const seen = new Map<string, number[]>();
    this.keys.forEach((key, index) => {
      if (key !== '') {
        seen.set(key, [...(seen.get(key) ?? []), index]);
      }
    });
    for (const indexes of seen.values()) {
      if (indexes.length > 1) {
        throw new ImportFileError('duplicateHeader', {
          header: this.headers[indexes[0] as number] as string,
          columns: indexes.map(columnName).join(', '),
        });
      }
    }
  }

  add(row: SheetRow): void {
    checkWidth(row);
    if (this.repeatsHeader(row)) {
      throw new ImportFileError('headerRepeated', {
        row: String(row.row),
        headerRow: String(this.header?.row),
      });
    }
    this.count += 1;
    if (this.count > READ_LIMITS.rows) {
      throw new ImportFileError('tooManyRows', { max: READ_LIMITS.rows });
    }
    this.width = Math.max(this.width, row.cells.length);
    row.cells.forEach((cell, index) => {
      if (cell === null) {
        return;
      }
      const samples = this.samples[index] ?? new Set<string>();
      this.samples[index] = samples;
      if (samples.size < SAMPLES) {
        samples.add(cellText(cell));
      }
    });
  }

  /** Whether a row says again, column by column, every header of the header row. */
  private repeatsHeader(row: SheetRow): boolean {
    let named = 0;
    for (const [index, key] of this.keys.entries()) {
      if (key === '') {
        continue;
      }
      named += 1;
      if (headerKey(collapse(cellText(row.cells[index] ?? null))) !== key) {
        return false;
      }
    }
    return named > 0;
  }

  columns(): Column[] {
    const columns: Column[] = [];
    for (let index = 0; index < this.width; index += 1) {
      const header = this.headers[index] ?? '';
      const samples = this.samples[index];
      if (header !== '' || samples) {
        columns.push({ index, header, samples: samples ? [...samples] : [] });
      }
    }
    return columns;
  }
}

function checkWidth(row: SheetRow): void {
  if (row.cells.length > READ_LIMITS.columns) {
    throw new ImportFileError('tooManyColumns', { max: READ_LIMITS.columns });
  }
}

/**
 * The header row among the first rows that are not blank: the first one that fills at least 60 % as
 * many cells as the fullest of them and holds some text, so that a title above the table ("Pacientes
 * 2023", a date of export) is passed over. Failing that, the first row.
 */
export function headerIndex(rows: readonly SheetRow[]): number {
  const filled = rows.map(
    (row) => row.cells.filter((cell) => cell !== null && cellText(cell).trim() !== '').length,
  );
  const widest = Math.max(...filled);
  const index = rows.findIndex(
    (row, at) =>
      (filled[at] as number) >= widest * 0.6 &&
      row.cells.some((cell) => typeof cell === 'string' && cell.trim() !== '' && !NUMBER.test(cell.trim())),
  );
  return Math.max(index, 0);
}

const NUMBER = /^[+-]?[\d.,]+$/;

/** A cell as text, as a person reads it: a date cell as `yyyy-mm-dd` (with its time when it has one). */
export function cellText(cell: Cell): string {
  if (cell === null) {
    return '';
  }
  if (cell instanceof Date) {
    const iso = Number.isNaN(cell.getTime()) ? '' : cell.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.slice(0, 19).replace('T', ' ');
  }
  return String(cell);
}

function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Two headers are the same when they differ only in case or white space. */
function headerKey(text: string): string {
  return text.toLowerCase();
}

/** A column's letters, as a spreadsheet names it: 0 → A, 26 → AA. */
export function columnName(index: number): string {
  let name = '';
  for (let rest = index + 1; rest > 0; rest = Math.floor((rest - 1) / 26)) {
    name = String.fromCharCode(65 + ((rest - 1) % 26)) + name;
  }
  return name;
}
