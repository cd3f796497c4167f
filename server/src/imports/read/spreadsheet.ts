import { fileTypeFromBuffer } from 'file-type';
import { csvRows, type Delimiter, detectDelimiter, type TextEncoding, textEncoding } from './csv.ts';
import { ImportFileError } from './errors.ts';
import { READ_LIMITS } from './limits.ts';
import { type RowSource, type SheetRow, type SheetTable, scanTable } from './table.ts';
import { openWorkbook } from './xlsx.ts';

export type { Delimiter, TextEncoding } from './csv.ts';
export { ImportFileError } from './errors.ts';
export { READ_LIMITS } from './limits.ts';
export type { Cell, Column, SheetRow, SheetTable } from './table.ts';

/**
 * An uploaded spreadsheet (CONTRACT §14), read as a table: what it is (judged by its content, never its
 * name), the sheet and header row chosen, its columns with a few sample values, and its rows on demand.
 * Nothing here writes anything; every refusal is an `ImportFileError`.
 */
export interface Spreadsheet extends SheetTable {
  readonly kind: 'csv' | 'xlsx';
  /** A CSV's encoding; `null` for an XLSX. */
  readonly encoding: TextEncoding | null;
  /** A CSV's delimiter; `null` for an XLSX. */
  readonly delimiter: Delimiter | null;
  /** An XLSX's worksheets, in order; none for a CSV. */
  readonly sheets: readonly string[];
  /** The sheet read: the one asked for, else the first that is not hidden; `null` for a CSV. */
  readonly sheet: string | null;
  /** Another sheet of the workbook read as a table with its own header (the export's side sheets). */
  sheetTable(name: string, options?: { headerRow?: number }): Promise<SheetTable>;
  /** That sheet's data rows, below its own header row. */
  sheetRows(name: string): AsyncIterable<SheetRow>;
}

export interface ReadOptions {
  /** An XLSX's sheet to read; the first that is not hidden when not given. */
  readonly sheet?: string;
  /** The 1-based row of the headers; found when not given. */
  readonly headerRow?: number;
}

const MiB = 1024 * 1024;
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const EMPTY_ZIP = [0x50, 0x4b, 0x05, 0x06];
/** The signature of a Compound File (OLE2): an old .xls, or an Office file encrypted with a password. */
const COMPOUND_FILE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/** Reads an uploaded file as a spreadsheet, or refuses it with an `ImportFileError`. */
export async function readSpreadsheet(bytes: Buffer, options: ReadOptions = {}): Promise<Spreadsheet> {
  if (bytes.length === 0) {
    throw new ImportFileError('empty');
  }
  if (bytes.length > READ_LIMITS.fileBytes) {
    throw new ImportFileError('tooLarge', { max: READ_LIMITS.fileBytes / MiB });
  }
  if (startsWith(bytes, ZIP) || startsWith(bytes, EMPTY_ZIP)) {
    return readXlsx(bytes, options);
  }
  if (startsWith(bytes, COMPOUND_FILE)) {
    throw compoundFileError(bytes);
  }
  const encoding = textEncoding(bytes);
  if (encoding === null) {
    const type = await fileTypeFromBuffer(bytes);
    throw new ImportFileError('notSpreadsheet', type ? { detected: type.ext } : {});
  }
  const layout = detectDelimiter(bytes, encoding);
  const table = await scanTable(csvRows(bytes, encoding, layout), options.headerRow);
  const noSheets = (name: string): never => {
    throw new ImportFileError('sheetNotFound', { sheet: name });
  };
  return {
    ...table,
    kind: 'csv',
    encoding,
    delimiter: layout.delimiter,
    sheets: [],
    sheet: null,
    sheetTable: async (name) => noSheets(name),
    sheetRows: (name) => noSheets(name),
  };
}

async function readXlsx(bytes: Buffer, options: ReadOptions): Promise<Spreadsheet> {
  const workbook = await openWorkbook(bytes);
  const sheet = options.sheet ?? workbook.firstVisible;
  if (sheet === undefined) {
    throw new ImportFileError('empty');
  }
  const tableOf = async (name: string, headerRow?: number): Promise<SheetTable> => {
    const rows: RowSource = workbook.rows(name);
    return scanTable(rows, headerRow);
  };
  const table = await tableOf(sheet, options.headerRow);
  return {
    ...table,
    kind: 'xlsx',
    encoding: null,
    delimiter: null,
    sheets: workbook.sheets,
    sheet,
    sheetTable: (name, sheetOptions) => tableOf(name, sheetOptions?.headerRow),
    async *sheetRows(name) {
      yield* (await tableOf(name)).rows();
    },
  };
}

function startsWith(bytes: Buffer, signature: readonly number[]): boolean {
  return signature.every((byte, index) => bytes[index] === byte);
}

/**
 * What a Compound File is: Office keeps a workbook encrypted with a password in one, as the stream
 * `EncryptedPackage` (MS-OFFCRYPTO §2.3.4.4); an Excel 97–2003 workbook keeps its sheets in the stream
 * `Workbook` (`Book` before Excel 97). The streams' names are UTF-16 in the file's directory.
 */
function compoundFileError(bytes: Buffer): ImportFileError {
  const named = (name: string) => bytes.includes(Buffer.from(name, 'utf16le'));
  if (named('EncryptedPackage')) {
    return new ImportFileError('encrypted');
  }
  return named('Workbook') || named('Book')
    ? new ImportFileError('legacyExcel')
    : new ImportFileError('notSpreadsheet');
}
