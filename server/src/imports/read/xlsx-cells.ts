import { ImportFileError } from './errors.ts';
import { excelDate } from './excel-date.ts';
import { READ_LIMITS } from './limits.ts';
import { StringTable } from './string-table.ts';
import type { Cell, SheetRow } from './table.ts';
import type { CellFormat } from './xlsx-styles.ts';
import { streamXml, unescapeOffice } from './xml.ts';
import type { ZipArchive } from './zip.ts';

/**
 * An XLSX's cells (ECMA-376 Part 1, §18.3.1 and §18.4): the shared strings, and a sheet's rows as its
 * XML streams by. A cell is typed by its `t` and, for a number, its style's format; a formula's `<f>` is
 * never looked at, its cached `<v>` is its value.
 */

/** Excel numbers its columns up to XFD and its rows up to 1,048,576. */
const MAX_SHEET_COLUMN = 16_384;
const MAX_SHEET_ROW = 1_048_576;

/** The shared strings, in order: a rich text's runs joined; phonetic guides (`rPh`) left out. */
export async function readSharedStrings(zip: ZipArchive, part: string | undefined): Promise<StringTable> {
  const strings = new StringTable();
  const stream = part ? await zip.open(part) : null;
  if (!stream) {
    return strings.finish();
  }
  let text: string[] | null = null;
  let phonetic = 0;
  let inT = false;
  const handlers = {
    open(name: string) {
      if (name === 'si') {
        text = [];
      } else if (name === 'rPh') {
        phonetic += 1;
      } else if (name === 't') {
        inT = phonetic === 0;
      }
    },
    close(name: string) {
      if (name === 'si') {
        strings.push(unescapeOffice((text ?? []).join('')));
        text = null;
      } else if (name === 'rPh') {
        phonetic -= 1;
      } else if (name === 't') {
        inT = false;
      }
    },
    text(value: string) {
      if (inT && text) {
        text.push(value);
      }
    },
  };
  for await (const _ of streamXml(stream, handlers, () => [])) {
    // Nothing is yielded: the strings gather in `strings`.
  }
  return strings.finish();
}

/** The state of reading one sheet's XML: the row and the cell being read, and the rows read. */
export class SheetReader {
  private readonly ready: SheetRow[] = [];
  private inSheetData = false;
  private rowNumber = 0;
  private cells: Cell[] = [];
  private column = -1;
  private type = 'n';
  private format: CellFormat = null;
  private value: string[] | null = null;
  /** Inside the `<v>` or `<t>` whose text is the cell's (not a phonetic guide's). */
  private capturing = false;
  private inline = false;
  private phonetic = 0;

  constructor(
    private readonly strings: StringTable,
    private readonly formats: readonly CellFormat[],
    private readonly epoch: number,
  ) {}

  drain(): SheetRow[] {
    return this.ready.splice(0, this.ready.length);
  }

  open(name: string, attributes: Readonly<Record<string, string>>): void {
    if (name === 'sheetData') {
      this.inSheetData = true;
    } else if (!this.inSheetData) {
      return;
    } else if (name === 'row') {
      const r = attributes.r;
      this.rowNumber = r === undefined ? this.rowNumber + 1 : Number(r);
      if (!Number.isInteger(this.rowNumber) || this.rowNumber < 1 || this.rowNumber > MAX_SHEET_ROW) {
        throw new ImportFileError('damaged');
      }
      this.cells = [];
      this.column = -1;
    } else if (name === 'c') {
      const r = attributes.r;
      this.column = r === undefined ? this.column + 1 : columnIndex(r);
      this.type = attributes.t ?? 'n';
      this.format = this.formats[Number(attributes.s ?? 0)] ?? null;
      this.value = null;
    } else if (name === 'v' || (name === 't' && this.inline && this.phonetic === 0)) {
      this.value ??= [];
      this.capturing = true;
    } else if (name === 'is') {
      this.inline = true;
    } else if (name === 'rPh') {
      this.phonetic += 1;
    }
  }

  text(text: string): void {
    if (this.capturing) {
      this.value?.push(text);
    }
  }

  close(name: string): void {
    if (name === 'v' || name === 't') {
      this.capturing = false;
    } else if (name === 'sheetData') {
      this.inSheetData = false;
    } else if (name === 'is') {
      this.inline = false;
    } else if (name === 'rPh') {
      this.phonetic -= 1;
    } else if (name === 'c') {
      this.closeCell();
    } else if (name === 'row' && this.inSheetData) {
      let end = this.cells.length;
      while (end > 0 && this.cells[end - 1] == null) {
        end -= 1;
      }
      if (end > 0) {
        const cells = Array.from(this.cells.slice(0, end), (cell) => cell ?? null);
        this.ready.push({ row: this.rowNumber, cells });
      }
    }
  }

  private closeCell(): void {
    const cell = this.cellValue();
    this.value = null;
    if (cell === null) {
      return;
    }
    if (this.column >= READ_LIMITS.columns) {
      throw new ImportFileError('tooManyColumns', { max: READ_LIMITS.columns });
    }
    this.cells[this.column] = cell;
  }

  /** The value of the cell just read, by its type (`t`) and, for a number, its format. */
  private cellValue(): Cell {
    if (this.value === null) {
      return null;
    }
    const raw = this.value.join('');
    switch (this.type) {
      case 's': {
        const text = raw.trim() === '' ? '' : this.strings.get(Number(raw));
        if (text === undefined) {
          throw new ImportFileError('damaged');
        }
        return blankToNull(text);
      }
      case 'inlineStr':
      case 'str':
      case 'e':
        return blankToNull(unescapeOffice(raw));
      case 'b':
        return raw.trim() === '1' || raw.trim() === 'true';
      case 'd': {
        const date = new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(raw) ? raw : `${raw}Z`);
        return Number.isNaN(date.getTime()) ? raw : date;
      }
      default:
        return this.number(raw);
    }
  }

  private number(raw: string): Cell {
    if (raw.trim() === '') {
      return null;
    }
    const value = Number(raw);
    if (!Number.isFinite(value)) {
      throw new ImportFileError('damaged');
    }
    if (this.format === 'date') {
      return excelDate(value, this.epoch) ?? value;
    }
    // Excel keeps 15 significant digits and writes binary floats' tails (12.300000000000001).
    return Number((this.format === 'percent' ? value * 100 : value).toPrecision(15));
  }
}

/** A text of white space alone is an empty cell, as in a CSV. */
function blankToNull(text: string): string | null {
  return text.trim() === '' ? null : text;
}

/** `B12` → 1; a reference that is no cell is a damaged sheet. */
function columnIndex(reference: string): number {
  let index = 0;
  let at = 0;
  for (; at < reference.length; at += 1) {
    const code = reference.charCodeAt(at) & ~0x20;
    if (code < 65 || code > 90) {
      break;
    }
    index = index * 26 + (code - 64);
    if (index > MAX_SHEET_COLUMN) {
      throw new ImportFileError('damaged');
    }
  }
  if (at === 0) {
    throw new ImportFileError('damaged');
  }
  return index - 1;
}
