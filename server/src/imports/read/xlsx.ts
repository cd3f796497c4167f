import { ImportFileError } from './errors.ts';
import { EPOCH_1900, EPOCH_1904 } from './excel-date.ts';
import type { StringTable } from './string-table.ts';
import type { RowSource } from './table.ts';
import { readSharedStrings, SheetReader } from './xlsx-cells.ts';
import { type CellFormat, readStyles } from './xlsx-styles.ts';
import { attribute, readXml, streamXml } from './xml.ts';
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

async function readStylesPart(zip: ZipArchive, part: string | undefined): Promise<CellFormat[]> {
  const xml = part ? await zip.text(part) : null;
  return xml === null ? [] : readStyles(xml);
}
