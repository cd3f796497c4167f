import type { ExportField, ExportTexts } from '@registry/shared';
import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { diagnostics, drugs, labReports, samples, treatments } from '../../db/schema.ts';

/**
 * The fields of each kind of record, once: the API's name of each field (the table's property in
 * `db/schema.ts`, whose column it reads) and how an export writes it. The patient document, the stored
 * records, the exports' record rows and the XLSX's sheets are all built from these lists
 * (docs/adding-a-field.md): a new field of a record is one line here, beside its column, its shared
 * schema, its form and its texts.
 */

/** How an export stores and shows a value (docs/product-rules.md#exports). */
export type ColumnKind =
  | 'text'
  | 'id'
  | 'integer'
  | 'decimal'
  | 'boolean'
  | 'date'
  | 'timestamp'
  | { readonly code: keyof ExportTexts['values'] }
  | 'subtype'
  | 'schemes';

export interface RecordField {
  /** The API's name, the table's property. */
  readonly key: string;
  /** The column's SQL name. */
  readonly column: string;
  readonly kind: ColumnKind;
  /** The export's header, when it is not the field's own name. */
  readonly header: ExportField;
  /**
   * A structured value (JSON) the patient document and the JSON export carry, and the flat exports
   * write in columns of their own (the genetics: a column per marker of the first diagnostic).
   */
  readonly documentOnly: boolean;
}

/** The columns a table keeps for itself: never a field of the API. */
const BOOKKEEPING = new Set(['id', 'patientId', 'treatmentId', 'fileId', 'createdAt', 'updatedAt']);

type FieldSpec = ColumnKind | { readonly kind: ColumnKind; readonly header: ExportField } | 'document';

/** A record's fields, in the API's order, from its table's properties and their export kinds. */
function fieldsOf<T extends PgTable>(
  table: T,
  spec: { readonly [K in Exclude<keyof T['_']['columns'], 'id'>]?: FieldSpec },
): readonly RecordField[] {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  return Object.entries(spec as Record<string, FieldSpec>).map(([key, value]) => {
    const column = columns[key];
    if (!column || BOOKKEEPING.has(key)) {
      throw new Error(`${key} is not a field of its table`);
    }
    if (value === 'document') {
      return { key, column: column.name, kind: 'text', header: key as ExportField, documentOnly: true };
    }
    const { kind, header } =
      typeof value === 'object' && 'kind' in value ? value : { kind: value, header: key as ExportField };
    return { key, column: column.name, kind, header, documentOnly: false };
  });
}

export const SAMPLE_FIELDS = fieldsOf(samples, {
  sampleType: 'text',
  sampleDate: 'date',
});

export const DIAGNOSTIC_FIELDS = fieldsOf(diagnostics, {
  dxDate: 'date',
  dxSecondary: { code: 'stage' },
  dxSubType: 'subtype',
  organsFailures: 'text',
  patientFit: 'text',
  relapse: 'boolean',
  relapseDate: 'date',
  riskLevel: { kind: { code: 'risk' }, header: 'dxRiskLevel' },
  consent: 'boolean',
  consentDate: 'date',
  dxSecondaryDescription: 'text',
  genetics: 'document',
});

export const TREATMENT_FIELDS = fieldsOf(treatments, {
  order: 'integer',
  scheme: 'schemes',
  startDate: 'date',
  toxicities: 'text',
  diseaseAssessment: { code: 'response' },
  diseaseAssessmentDate: 'date',
  medulogram: 'text',
  medulogramDate: 'date',
  EMR: 'text',
  EMRDate: 'date',
  EMRBlasts: 'decimal',
  EMRStatus: { code: 'mrdStatus' },
  EMRMethod: { code: 'mrdMethod' },
  clinicalMonitoring: 'text',
});

export const DRUG_FIELDS = fieldsOf(drugs, {
  order: 'integer',
  name: 'text',
  dose: 'text',
  startApplicationDate: 'date',
  lastAplicationDate: 'date',
});

export const REPORT_FIELDS = fieldsOf(labReports, {
  name: { code: 'reportName' },
  content: 'text',
  date: 'date',
});

/** Every table whose record fields are listed here, for the test that no column is forgotten. */
export const FIELD_LISTS = [
  { table: samples, fields: SAMPLE_FIELDS },
  { table: diagnostics, fields: DIAGNOSTIC_FIELDS },
  { table: treatments, fields: TREATMENT_FIELDS },
  { table: drugs, fields: DRUG_FIELDS },
  { table: labReports, fields: REPORT_FIELDS },
] as const;
export const BOOKKEEPING_COLUMNS: ReadonlySet<string> = BOOKKEEPING;

/** `alias.column as "key"` for each field: a record's JSON, as the database builds it. */
export function jsonFields(alias: string, fields: readonly RecordField[]): SQL {
  return sql.raw(fields.map((field) => `${alias}.${quoted(field.column)} as "${field.key}"`).join(', '));
}

/**
 * The same fields as an export reads them: dates as their `yyyy-MM-dd` text and decimals as numbers,
 * whatever the driver would make of them.
 */
export function exportFields(alias: string, fields: readonly RecordField[]): SQL {
  return sql.raw(
    fields
      .filter((field) => !field.documentOnly)
      .map((field) => {
        const cast = { date: '::text', decimal: '::float8' }[field.kind as string] ?? '';
        return `${alias}.${quoted(field.column)}${cast} as "${field.key}"`;
      })
      .join(', '),
  );
}

/** `order` is a reserved word; other names are plain. */
const quoted = (column: string) =>
  /^[a-z_][a-z0-9_]*$/.test(column) && column !== 'order' ? column : `"${column}"`;
