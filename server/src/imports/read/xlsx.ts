import { ImportFileError } from './errors.ts';
import { EPOCH_1900, EPOCH_1904, excelDate } from './excel-date.ts';
import { READ_LIMITS } from './limits.ts';
import { StringTable } from './string-table.ts';
import type { Cell, RowSource, SheetRow } from './table.ts';
import { type CellFormat, readStyles } from './xlsx-styles.ts';
import { attribute, readXml, streamXml, unescapeOffice } from './xml.ts';
import { openZip, type ZipArchive } from './zip.ts';

/**
 * An XLSX (Office Open XML, ECMA-376) read from its parts: the workbook's sheets, the shared strings, the
 * styles that say which numbers are dates, and each sheet's rows streamed as they inflate. Formulas are
 * never evaluated: a formula cell is its cached value (`<v>`), or empty when the file has none. A
 * workbook with macros is refused before anything is read.
 */
export interface Workbook {
  /** The worksheets' names, in the workbook's order (chart sheets are not tables). */
  readonly sheets: readonly string[];
  /** The first worksheet a person sees (not hidden), else the first. */
  readonly firstVisible: string | undefined;
  rows(sheet: string): RowSource;
}

const MAIN_TYPES = [
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.template.main+xml',
];
/** Content types of a workbook that can run code: VBA, Excel 4 macro sheets, binary workbooks (.xlsb). */
const MACRO_TYPE = /macroEnabled|vbaProject|ms-excel\.(?:intl)?macrosheet|sheet\.binary|activeX/i;
/** Parts that hold code, whatever the content types say. */
const MACRO_PART = /(?:^|\/)vbaProject\.bin$|^xl\/(?:macrosheets|activeX)\/|^xl\/workbook\.bin$/i;

/** Excel numbers its columns up to XFD and its rows up to 1,048,576. */
const MAX_SHEET_COLUMN = 16_384;
const MAX_SHEET_ROW = 1_048_576;

export async function openWorkbook(bytes: Buffer): Promise<Workbook> {
  const zip = await openZip(bytes);
  const types = await zip.text('[Content_Types].xml');
  if (types === null) {
    throw new ImportFileError('notSpreadsheet');
  }
  const contentTypes = readContentTypes(types);
  if (contentTypes.some((type) => MACRO_TYPE.test(type)) || zip.names.some((name) => MACRO_PART.test(name))) {
    throw new ImportFileError('macro');
  }
  const main = relationships(await zip.text('_rels/.rels'), '').find((rel) =>
    rel.type.endsWith('/officeDocument'),
  );
  const mainType = main ? partType(types, main.target) : undefined;
  if (!main || !mainType || !MAIN_TYPES.includes(mainType)) {
    throw new ImportFileError('notSpreadsheet');
  }
  const workbookXml = await zip.text(main.target);
  if (workbookXml === null) {
    throw new ImportFileError('damaged');
  }
  const base = main.target.slice(0, main.target.lastIndexOf('/') + 1);
  const rels = relationships(await zip.text(relsOf(main.target)), base);
  const { sheets, date1904 } = readWorkbook(workbookXml);
  const worksheets = sheets.flatMap((sheet) => {
    const rel = rels.find((candidate) => candidate.id === sheet.rel && candidate.type.endsWith('/worksheet'));
    return rel ? [{ name: sheet.name, part: rel.target, hidden: sheet.hidden }] : [];
  });
  const stringsPart = rels.find((rel) => rel.type.endsWith('/sharedStrings'))?.target;
  const stylesPart = rels.find((rel) => rel.type.endsWith('/styles'))?.target;

  let shared: Promise<{ strings: StringTable; formats: CellFormat[] }> | null = null;
  const context = () => {
    shared ??= Promise.all([readSharedStrings(zip, stringsPart), readStylesPart(zip, stylesPart)]).then(
      ([strings, formats]) => ({ strings, formats }),
    );
    return shared;
  };

  return {
    sheets: worksheets.map((sheet) => sheet.name),
    firstVisible: (worksheets.find((sheet) => !sheet.hidden) ?? worksheets[0])?.name,
    rows(name) {
      const sheet = worksheets.find((candidate) => candidate.name === name);
      if (!sheet) {
        throw new ImportFileError('sheetNotFound', { sheet: name });
      }
      return async function* rows() {
        const { strings, formats } = await context();
        const stream = await zip.open(sheet.part);
        if (!stream) {
          throw new ImportFileError('damaged');
        }
        const reader = new SheetReader(strings, formats, date1904 ? EPOCH_1904 : EPOCH_1900);
        yield* streamXml(stream, reader, () => reader.drain());
      };
    },
  };
}

function readContentTypes(xml: string): string[] {
  const types: string[] = [];
  readXml(xml, {
    open(name, attributes) {
      const type = attribute(attributes, 'ContentType');
      if ((name === 'Default' || name === 'Override') && type) {
        types.push(type);
      }
    },
  });
  return types;
}

/** The content type of a part: its override, else its extension's default. */
function partType(xml: string, part: string): string | undefined {
  let override: string | undefined;
  let byExtension: string | undefined;
  const extension = part.slice(part.lastIndexOf('.') + 1).toLowerCase();
  readXml(xml, {
    open(name, attributes) {
      if (
        name === 'Override' &&
        attribute(attributes, 'PartName')?.replace(/^\//, '').toLowerCase() === part.toLowerCase()
      ) {
        override = attribute(attributes, 'ContentType');
      } else if (name === 'Default' && attribute(attributes, 'Extension')?.toLowerCase() === extension) {
        byExtension = attribute(attributes, 'ContentType');
      }
    },
  });
  return override ?? byExtension;
}

interface Relationship {
  readonly id: string;
  readonly type: string;
  /** The target's part name, resolved against the source part's folder, without a leading `/`. */
  readonly target: string;
}

function relationships(xml: string | null, base: string): Relationship[] {
  const found: Relationship[] = [];
  if (xml === null) {
    return found;
  }
  readXml(xml, {
    open(name, attributes) {
      const target = attribute(attributes, 'Target');
      if (name === 'Relationship' && target && attribute(attributes, 'TargetMode') !== 'External') {
        found.push({
          id: attribute(attributes, 'Id') ?? '',
          type: attribute(attributes, 'Type') ?? '',
          target: resolvePart(base, target),
        });
      }
    },
  });
  return found;
}

/** `xl/` + `worksheets/sheet1.xml` → `xl/worksheets/sheet1.xml`; `/xl/…` is from the root; `..` goes up. */
function resolvePart(base: string, target: string): string {
  const parts = (target.startsWith('/') ? target.slice(1) : base + target).split('/');
  const resolved: string[] = [];
  for (const part of parts) {
    if (part === '..') {
      resolved.pop();
    } else if (part !== '.' && part !== '') {
      resolved.push(part);
    }
  }
  return resolved.join('/');
}

function relsOf(part: string): string {
  const slash = part.lastIndexOf('/');
  return `${part.slice(0, slash + 1)}_rels/${part.slice(slash + 1)}.rels`;
}

interface SheetEntry {
  readonly name: string;
  readonly rel: string;
  readonly hidden: boolean;
}

function readWorkbook(xml: string): { sheets: SheetEntry[]; date1904: boolean } {
  const sheets: SheetEntry[] = [];
  let date1904 = false;
  readXml(xml, {
    open(name, attributes) {
      if (name === 'sheet') {
        sheets.push({
          name: attribute(attributes, 'name') ?? '',
          rel: attribute(attributes, 'id') ?? '',
          hidden: (attribute(attributes, 'state') ?? 'visible') !== 'visible',
        });
      } else if (name === 'workbookPr') {
        const value = attribute(attributes, 'date1904');
        date1904 = value === '1' || value === 'true';
      }
    },
  });
  return { sheets, date1904 };
}

/** The shared strings, in order: a rich text's runs joined; phonetic guides (`rPh`) left out. */
async function readSharedStrings(zip: ZipArchive, part: string | undefined): Promise<StringTable> {
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

async function readStylesPart(zip: ZipArchive, part: string | undefined): Promise<CellFormat[]> {
  const xml = part ? await zip.text(part) : null;
  return xml === null ? [] : readStyles(xml);
}

/** The state of reading one sheet's XML: the row and the cell being read, and the rows read. */
class SheetReader {
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
