import type { ExportRow } from './export-source.ts';
import { REPORT_FIELDS, type RecordKind } from './export-sql.ts';

export type Cell = string | number | boolean | null;

/**
 * A text cell that a spreadsheet could run as a formula (`=`, `+`, `-`, `@`, tab, carriage return
 * first) gets a leading `'` (docs/product-rules.md#exports).
 */
export function safeCell(value: unknown): Cell {
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(value)) {
    return `'${value}`;
  }
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    return value;
  }
  return null;
}

/** A column of a sheet: its header and the field of the flat row it shows. */
export interface Column {
  readonly header: string;
  readonly field: string;
}

const fields = (...names: string[]): Column[] => names.map((name) => ({ header: name, field: name }));

/** One row per patient: identity, demography, first diagnostic, risk, lab reports, treatments, death. */
export const PATIENT_COLUMNS: readonly Column[] = [
  ...fields('id', 'identification', 'codeOP', 'institution', 'institutionCode', 'institutionType', 'doctor'),
  ...fields('createdAt', 'birthDate', 'age', 'gender', 'ecog', 'app'),
  ...fields('dxDate', 'dxSecondary', 'dxSubType', 'dxSecondaryDescription', 'organsFailures', 'patientFit'),
  ...fields('relapse', 'relapseDate', 'dxRiskLevel', 'consent', 'consentDate', 'riskLevel'),
  ...REPORT_FIELDS.map(({ name, field }) => ({ header: name, field })),
  ...fields('otherReports', 'samples', 'treatments', 'schemes', 'deathDate', 'deathCause', 'lastContactDate'),
];

/** The further sheets of the XLSX: one row per record, keyed by patient id. */
export const SHEETS: readonly { name: string; kind: RecordKind; columns: readonly Column[] }[] = [
  {
    name: 'Diagnostics',
    kind: 'diagnostics',
    columns: fields(
      'patientId',
      'identification',
      'diagnosticId',
      'dxDate',
      'dxSecondary',
      'dxSubType',
      'dxSecondaryDescription',
      'organsFailures',
      'patientFit',
      'relapse',
      'relapseDate',
      'riskLevel',
      'consent',
      'consentDate',
    ),
  },
  {
    name: 'Treatments',
    kind: 'treatments',
    columns: fields(
      'patientId',
      'identification',
      'treatmentId',
      'order',
      'scheme',
      'startDate',
      'toxicities',
      'diseaseAssessment',
      'medulogram',
      'medulogramDate',
      'EMR',
      'EMRDate',
      'EMRBlasts',
      'clinicalMonitoring',
      'drugs',
    ),
  },
  {
    name: 'Drugs',
    kind: 'drugs',
    columns: fields(
      'patientId',
      'identification',
      'treatmentId',
      'treatmentOrder',
      'drugId',
      'order',
      'name',
      'dose',
      'startApplicationDate',
      'lastAplicationDate',
    ),
  },
  {
    name: 'LabReports',
    kind: 'labReports',
    columns: fields('patientId', 'identification', 'name', 'content', 'date', 'file'),
  },
];

/** A row's cells for some columns, with formulas defused. */
export function cellsOf(row: ExportRow, columns: readonly Column[]): Cell[] {
  return columns.map((column) => safeCell(row[column.field]));
}
