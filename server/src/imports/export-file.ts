import {
  EXPORT_TEXTS,
  type ExportTexts,
  importVariable,
  importVariableName,
  isPlainField,
  LANGUAGES,
  type Language,
  NGS_OP,
  OTHER_PREFIX,
  type PlainField,
  RECORD_FIELDS,
  type RecordName,
  type StructuredDeclaration,
} from '@registry/shared';
import { type SheetLayout, xlsxLayout } from '../patients/index.ts';
import { ImportFileError, type Spreadsheet } from './read/spreadsheet.ts';
import { type Cell, cellText } from './read/table.ts';
import { isBlank, parseDate, parseDecimal, parseText } from './read/values.ts';
import type { RowCell, Value, ValueResult } from './row-file.ts';
import { slotOf } from './slots.ts';

/**
 * The registry's own XLSX export read back (CONTRACT §14): its Patients sheet is the import's sheet, its
 * columns mapped as any file's; its further sheets — diagnostics after the first, treatments with their
 * responses, drugs, lab reports, samples — add each patient's records, keyed by the patient's id in the
 * export. Their values are read by the export's own words (the labels it writes for each code, in the
 * language it was written in), so that export → import → export gives the same file.
 */

type SheetKey = keyof ExportTexts['sheets'];
type Presentation = { readonly raw: boolean; readonly language: Language };

export interface ExportFile {
  readonly presentation: Presentation;
  readonly layout: Record<SheetKey, SheetLayout>;
}

const PRESENTATIONS: readonly Presentation[] = [
  { raw: true, language: 'en' },
  ...LANGUAGES.map((language) => ({ raw: false, language })),
];

/** The patients sheet's columns that an export derives, which an import recognises and does not write. */
const DERIVED_FIELDS: ReadonlySet<string> = new Set([
  'age',
  'createdAt',
  'otherReports',
  'samples',
  'treatments',
  'schemes',
  ...['report0', 'report1', 'report2', 'report3', 'report4', 'report5'],
]);

/**
 * The export whose Patients sheet is the sheet read, with its further sheets, in the presentation whose
 * headers it has (raw and English share their sheets' names); null for another file.
 */
export function exportFileOf(
  sheets: readonly string[],
  sheet: string | null,
  headers: readonly string[],
): ExportFile | null {
  const present = new Set(headers);
  let best: { file: ExportFile; found: number } | null = null;
  for (const presentation of PRESENTATIONS) {
    const layout = xlsxLayout(presentation);
    const sides = (Object.keys(layout) as SheetKey[]).filter((key) => key !== 'patients');
    if (sheet !== layout.patients.name || !sides.some((key) => sheets.includes(layout[key].name))) {
      continue;
    }
    const found = layout.patients.columns.filter((column) => present.has(column.header)).length;
    if (found > layout.patients.columns.length / 2 && (!best || found > best.found)) {
      best = { file: { presentation, layout }, found };
    }
  }
  return best?.file ?? null;
}

/** The Patients sheet's columns that the export derives, by header (the rest are mapped as any file's). */
export function derivedHeaders(file: ExportFile): ReadonlySet<string> {
  return new Set(
    file.layout.patients.columns.filter((column) => DERIVED_FIELDS.has(column.field)).map((c) => c.header),
  );
}

/** The header of the patients sheet's column of the patient's id in the export. */
export const idHeader = (file: ExportFile) =>
  file.layout.patients.columns.find((column) => column.field === 'id')?.header ?? '';

/** The code an export's label stands for, in the export's language. */
function codeOfLabel(labels: Readonly<Record<string, string>>, text: string): string {
  const found = Object.entries(labels).find(([, label]) => label === text);
  return found ? found[0] : text;
}

/** An export's words for a free text after `Other`: `Otro: text` in Spanish. */
function storedOther(text: string, texts: ExportTexts): string {
  const word = `${texts.other}: `;
  return text.startsWith(word) ? `${OTHER_PREFIX}${text.slice(word.length)}` : text;
}

/** A cell of an export's sheet as the value it was written from. */
function decode(
  kind: SheetLayout['columns'][number]['kind'],
  cell: Cell,
  presentation: Presentation,
): ValueResult<Value> {
  if (isBlank(cell)) {
    return { ok: true, value: null };
  }
  const texts = EXPORT_TEXTS[presentation.language];
  const text = cellText(cell).trim();
  if (typeof kind === 'object') {
    return { ok: true, value: presentation.raw ? text : codeOfLabel(texts.values[kind.code], text) };
  }
  switch (kind) {
    case 'date': {
      const date = parseDate(cell, { order: 'ymd', yearAlone: true });
      return date.ok
        ? { ok: true, value: date.value }
        : { ok: false, message: date.message, params: { ...date.params } };
    }
    case 'integer':
    case 'decimal': {
      const number = parseDecimal(cell, '.');
      return number.ok
        ? { ok: true, value: number.value }
        : { ok: false, message: number.message, params: { ...number.params } };
    }
    case 'boolean':
      if (typeof cell === 'boolean') {
        return { ok: true, value: cell };
      }
      if (text === texts.yes || text === 'true') {
        return { ok: true, value: true };
      }
      if (text === texts.no || text === 'false') {
        return { ok: true, value: false };
      }
      return { ok: false, message: 'importValue.booleanFormat', params: { value: text } };
    case 'subtype':
      return {
        ok: true,
        value: presentation.raw ? text : storedOther(codeOfLabel(texts.values.diagnosis, text), texts),
      };
    case 'schemes':
      return { ok: true, value: presentation.raw ? text : storedOther(text, texts) };
    default: {
      const read = parseText(cell);
      return read.ok ? { ok: true, value: read.value } : { ok: true, value: text };
    }
  }
}

const SIDES: readonly { sheet: SheetKey; record: RecordName }[] = [
  { sheet: 'diagnostics', record: 'diagnostic' },
  { sheet: 'treatments', record: 'treatment' },
  { sheet: 'drugs', record: 'drug' },
  { sheet: 'labReports', record: 'labReport' },
  { sheet: 'samples', record: 'sample' },
];

/** A record field's codebook variable, numbered for a record of the row. */
function variableName(record: RecordName, field: string, index: number, drug: number | null): string | null {
  const fields: Readonly<Record<string, PlainField | StructuredDeclaration>> = RECORD_FIELDS[record];
  const declared = fields[field];
  if (!declared || !isPlainField(declared) || declared.name === 'order') {
    return null;
  }
  switch (record) {
    case 'treatment':
      return importVariableName(
        declared.table === 'responses' ? 'response' : 'treatment',
        declared.name,
        index,
      );
    case 'drug':
      return importVariableName('drug', declared.name, index, drug);
    default:
      return importVariableName(record, declared.name, index);
  }
}

/** A further sheet as a table; null when it holds no record (the export writes its headers alone). */
async function sideTable(spreadsheet: Spreadsheet, name: string) {
  try {
    return await spreadsheet.sheetTable(name, { headerRow: 1 });
  } catch (error) {
    if (error instanceof ImportFileError && (error.code === 'noData' || error.code === 'empty')) {
      return null;
    }
    throw error;
  }
}

/**
 * The records of the further sheets of an export, as row cells by the patient's id in the export. The
 * first diagnostic is the Patients sheet's; the NGS OP entry is an admin's.
 */
export async function sideCellsOf(
  spreadsheet: Spreadsheet,
  file: ExportFile,
  admin: boolean,
): Promise<Map<string, RowCell[]>> {
  const cells = new Map<string, RowCell[]>();
  for (const { sheet: key, record } of SIDES) {
    const layout = file.layout[key];
    if (!spreadsheet.sheets.includes(layout.name)) {
      continue;
    }
    const table = await sideTable(spreadsheet, layout.name);
    if (!table) {
      continue;
    }
    const columns = table.columns.map(
      (column) => layout.columns.find((c) => c.header === column.header) ?? null,
    );
    const at = (field: string) => columns.findIndex((column) => column?.field === field);
    const patientAt = at('patientId');
    const counts = new Map<string, number>();
    for await (const { cells: row } of table.rows()) {
      const patientId = cellText(row[patientAt] ?? null).trim();
      if (!patientId) {
        continue;
      }
      const count = (counts.get(patientId) ?? 0) + 1;
      counts.set(patientId, count);
      let index = count;
      let drug: number | null = null;
      if (record === 'diagnostic' && count === 1) {
        continue;
      }
      if (record === 'treatment') {
        index = Number(cellText(row[at('order')] ?? null)) || count;
      }
      if (record === 'drug') {
        index = Number(cellText(row[at('treatmentOrder')] ?? null)) || 1;
        drug = Number(cellText(row[at('order')] ?? null)) || count;
      }
      if (record === 'labReport' && !admin && cellText(row[at('name')] ?? null).trim() === NGS_OP) {
        continue;
      }
      const list = cells.get(patientId) ?? [];
      table.columns.forEach((column, i) => {
        const spec = columns[i];
        const name = spec ? variableName(record, spec.field, index, drug) : null;
        const variable = name ? importVariable(name) : null;
        const slot = variable ? slotOf(variable) : null;
        if (!spec || !variable || !slot) {
          return;
        }
        const cell = row[column.index] ?? null;
        list.push({
          variable,
          slot,
          column: `${layout.name} › ${column.header}`,
          cell,
          read: decode(spec.kind, cell, file.presentation),
        });
      });
      cells.set(patientId, list);
    }
  }
  return cells;
}
