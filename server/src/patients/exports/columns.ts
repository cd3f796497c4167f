import {
  EXPORT_TEXTS,
  type ExportField,
  type ExportTexts,
  guardCsvText,
  guardXlsxText,
  type Language,
  OTHER_PREFIX,
} from '@registry/shared';
import {
  type ColumnKind,
  DIAGNOSTIC_FIELDS,
  DRUG_FIELDS,
  FIRST_DIAGNOSTIC,
  REPORT_FIELDS,
  type RecordField,
  SAMPLE_FIELDS,
  TREATMENT_FIELDS,
} from '../read-model/record-fields.ts';
import { MARKER_COLUMNS, REPORT_COLUMNS, type RecordKind } from './export-sql.ts';

/**
 * The columns of the exports and how each kind of value is written (docs/product-rules.md#exports).
 * Labelled exports (the default) speak the caller's language: translated headers and coded values,
 * `Sí`/`No`, and in Spanish a `;`-separated CSV with decimal commas and dd/mm/yyyy dates, as a
 * Spanish Excel opens it. `codes=raw` keeps the machine format: field names, stored codes, ISO dates.
 */

export type { ColumnKind };

/** A column of a sheet: its header (a field name, or a fixed lab report's name) and its kind. */
export interface Column {
  readonly field: string;
  readonly header:
    | { readonly field: ExportField }
    | { readonly reportName: string }
    | { readonly marker: string; readonly vaf: boolean };
  readonly kind: ColumnKind;
}

/** The caller's choice of presentation. */
export interface Presentation {
  readonly raw: boolean;
  readonly language: Language;
}

export type Cell = string | number | boolean | null;

/**
 * A text cell that a spreadsheet could run as a formula when it reads a CSV gets a leading `'`
 * (`guardCsvText`, the registry's one formula rule); other values pass as they are.
 */
export function safeCell(value: unknown): Cell {
  if (typeof value === 'string') {
    return guardCsvText(value);
  }
  if (typeof value === 'number' || typeof value === 'boolean') {
    return value;
  }
  return null;
}

/** A text cell of an XLSX, behind the XLSX formula guard (`guardXlsxText`, CONTRACT §3). */
export const safeXlsxText = guardXlsxText;

const col = (field: ExportField, kind: ColumnKind = 'text'): Column => ({ field, header: { field }, kind });

/**
 * One row per patient: identity, demography, the first diagnostic's fields (`FIRST_DIAGNOSTIC`), risk,
 * lab reports, treatments, death, the derived facts and the markers.
 */
export const PATIENT_COLUMNS: readonly Column[] = [
  col('id', 'id'),
  col('identification'),
  col('codeOP', 'integer'),
  col('institution'),
  col('institutionCode'),
  col('institutionType', { code: 'institutionType' }),
  col('doctor'),
  col('createdAt', 'timestamp'),
  col('birthDate', 'date'),
  col('age', 'integer'),
  col('gender', { code: 'sex' }),
  col('ecog', 'integer'),
  col('app'),
  ...FIRST_DIAGNOSTIC.map(({ export: written }) => col(written.header, written.kind)),
  col('riskLevel', { code: 'risk' }),
  ...REPORT_COLUMNS.map(({ name, field }): Column => ({ field, header: { reportName: name }, kind: 'text' })),
  col('otherReports'),
  col('samples', 'integer'),
  col('treatments', 'integer'),
  col('schemes', 'schemes'),
  col('deathDate', 'date'),
  col('deathCause'),
  col('lastContactDate', 'date'),
  col('eln2022', { code: 'eln2022' }),
  col('eln2024', { code: 'eln2022' }),
  col('karyotype'),
  col('karyotypeResult', { code: 'karyotypeResult' }),
  col('firstCrDate', 'date'),
  col('firstCrCategory', { code: 'response' }),
  col('mrdNegativeInCr', 'boolean'),
  col('inductionFailure', 'boolean'),
  col('transplantType', { code: 'transplantType' }),
  col('transplantDate', 'date'),
  col('transplantInCr1', 'boolean'),
  ...MARKER_COLUMNS.flatMap(({ code, result, vaf }): Column[] => [
    { field: result, header: { marker: code, vaf: false }, kind: { code: 'markerResult' } },
    ...(vaf ? [{ field: vaf, header: { marker: code, vaf: true }, kind: 'decimal' as const }] : []),
  ]),
];

/** A record's fields as a sheet's columns (`read-model/record-fields.ts`). */
const columnsOf = (fields: readonly RecordField[]): Column[] =>
  fields.flatMap(({ key, export: written }) =>
    written ? [{ field: key, header: { field: written.header }, kind: written.kind }] : [],
  );

/** The further sheets of the XLSX: one row per record, keyed by patient id (an import reads them back). */
export const SHEETS: readonly {
  sheet: keyof ExportTexts['sheets'];
  kind: RecordKind;
  columns: readonly Column[];
}[] = [
  {
    sheet: 'diagnostics',
    kind: 'diagnostics',
    columns: [
      col('patientId', 'id'),
      col('identification'),
      col('diagnosticId', 'id'),
      ...columnsOf(DIAGNOSTIC_FIELDS),
    ],
  },
  {
    sheet: 'treatments',
    kind: 'treatments',
    columns: [
      col('patientId', 'id'),
      col('identification'),
      col('treatmentId', 'id'),
      ...columnsOf(TREATMENT_FIELDS),
      col('drugs', 'integer'),
    ],
  },
  {
    sheet: 'drugs',
    kind: 'drugs',
    columns: [
      col('patientId', 'id'),
      col('identification'),
      col('treatmentId', 'id'),
      col('treatmentOrder', 'integer'),
      col('drugId', 'id'),
      ...columnsOf(DRUG_FIELDS),
    ],
  },
  {
    sheet: 'labReports',
    kind: 'labReports',
    columns: [col('patientId', 'id'), col('identification'), ...columnsOf(REPORT_FIELDS), col('file')],
  },
  {
    sheet: 'samples',
    kind: 'samples',
    columns: [col('patientId', 'id'), col('identification'), ...columnsOf(SAMPLE_FIELDS), col('file')],
  },
];

/** The raw field names of the machine format's headers (and sheet names). */
export const RAW_SHEET_NAMES: Record<keyof ExportTexts['sheets'], string> = {
  patients: 'Patients',
  diagnostics: 'Diagnostics',
  treatments: 'Treatments',
  drugs: 'Drugs',
  labReports: 'LabReports',
  samples: 'Samples',
};

export function headerOf(column: Column, presentation: Presentation): string {
  const texts = EXPORT_TEXTS[presentation.language];
  if ('marker' in column.header) {
    const { marker, vaf } = column.header;
    if (!vaf) {
      return marker;
    }
    return presentation.raw ? `${marker}_vaf` : texts.vafHeader.replace('{marker}', marker);
  }
  if ('reportName' in column.header) {
    const name = column.header.reportName;
    return presentation.raw ? name : (texts.values.reportName[name] ?? name);
  }
  return presentation.raw ? column.field : texts.headers[column.header.field];
}

export function sheetNameOf(sheet: keyof ExportTexts['sheets'], presentation: Presentation): string {
  return presentation.raw ? RAW_SHEET_NAMES[sheet] : EXPORT_TEXTS[presentation.language].sheets[sheet];
}

/** `Other: text` as `Otro: text` in Spanish; anything else as stored. */
function otherLabel(value: string, texts: ExportTexts): string {
  return value.startsWith(OTHER_PREFIX) ? `${texts.other}: ${value.slice(OTHER_PREFIX.length)}` : value;
}

/**
 * A value in the caller's language, before the format writes it: codes as labels, booleans as
 * yes/no; numbers, dates and free text unchanged (each format writes those its own way).
 */
export function labelOf(value: unknown, kind: ColumnKind, texts: ExportTexts): unknown {
  if (value === null || value === undefined) {
    return null;
  }
  if (typeof kind === 'object') {
    return texts.values[kind.code][String(value)] ?? value;
  }
  switch (kind) {
    case 'boolean':
      return value ? texts.yes : texts.no;
    case 'subtype':
      return texts.values.diagnosis[String(value)] ?? otherLabel(String(value), texts);
    case 'schemes':
      return String(value)
        .split(' | ')
        .map((part) => otherLabel(part, texts))
        .join(' | ');
    default:
      return value;
  }
}

/** A sheet of the XLSX as it is written in a presentation: its name, and each column's header, field and kind. */
export interface SheetLayout {
  readonly name: string;
  readonly columns: readonly { readonly header: string; readonly field: string; readonly kind: ColumnKind }[];
}

/**
 * The XLSX's sheets as a presentation writes them, the Patients sheet first: what an import of the
 * registry's own export reads back (CONTRACT §14).
 */
export function xlsxLayout(presentation: Presentation): Record<keyof ExportTexts['sheets'], SheetLayout> {
  const layout = (sheet: keyof ExportTexts['sheets'], columns: readonly Column[]): SheetLayout => ({
    name: sheetNameOf(sheet, presentation),
    columns: columns.map((column) => ({
      header: headerOf(column, presentation),
      field: column.field,
      kind: column.kind,
    })),
  });
  return {
    patients: layout('patients', PATIENT_COLUMNS),
    ...(Object.fromEntries(SHEETS.map((spec) => [spec.sheet, layout(spec.sheet, spec.columns)])) as Record<
      Exclude<keyof ExportTexts['sheets'], 'patients'>,
      SheetLayout
    >),
  };
}
