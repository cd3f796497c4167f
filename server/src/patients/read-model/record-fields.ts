import {
  type DeclaredFields,
  DIAGNOSTIC_FIELDS as DIAGNOSTIC_DECLARATIONS,
  type DiagnosticField,
  DRUG_FIELDS as DRUG_DECLARATIONS,
  type ExportField,
  type ExportKind,
  isPlainField,
  LAB_REPORT_FIELDS as REPORT_DECLARATIONS,
  SAMPLE_FIELDS as SAMPLE_DECLARATIONS,
  TREATMENT_FIELDS as TREATMENT_DECLARATIONS,
} from '@registry/shared';
import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { diagnostics, drugs, labReports, patientList, samples, treatments } from '../../db/schema.ts';

/**
 * The fields of each kind of record as the database holds them: each field declared in `@registry/shared`
 * (`record-fields.ts`: its export's kind, its codebook variable) read from the column of the same name
 * in its table (`db/schema.ts`). The patient document, the stored records, the exports' record rows and
 * the XLSX's sheets are all built from these lists (docs/adding-a-field.md). A field declared without
 * its column, or a column without its declaration, fails the typecheck here.
 */

/** How an export stores and shows a value (docs/product-rules.md#exports). */
export type ColumnKind = ExportKind;

/** How an export writes a field: its kind and its header. */
export interface FieldExport {
  readonly kind: ColumnKind;
  /** The field's own name, or the one its declaration gives (a diagnostic's `riskLevel`: `dxRiskLevel`). */
  readonly header: ExportField;
}

export interface RecordField {
  /** The API's name, the table's property. */
  readonly key: string;
  /** The column's SQL name. */
  readonly column: string;
  /**
   * How the flat exports write it; null for a structured value (JSON) that only the patient document
   * and the JSON export carry, and the flat exports write in columns of their own (the genetics: a
   * column per marker of the first diagnostic).
   */
  readonly export: FieldExport | null;
}

/** The columns a table keeps for itself: never a field of the API. */
const BOOKKEEPING = ['id', 'patientId', 'treatmentId', 'fileId', 'createdAt', 'updatedAt'] as const;
type TableField<T extends PgTable> = Exclude<keyof T['_']['columns'], (typeof BOOKKEEPING)[number]> & string;

/**
 * Nothing more of a table whose columns are a record's declared fields; else a property no table has,
 * which names the fields declared without their column and the columns without their declaration.
 */
type SameFields<Declared extends string, Columns extends string> = [
  Exclude<Declared, Columns> | Exclude<Columns, Declared>,
] extends [never]
  ? unknown
  : {
      readonly declaredWithoutColumn: Exclude<Declared, Columns>;
      readonly columnWithoutField: Exclude<Columns, Declared>;
    };

/**
 * A record's fields, in the order of its declarations, each read from its table's column: the typecheck
 * refuses a table whose columns are not the declared fields (`SameFields`).
 */
function fieldsOf<T extends PgTable, F extends string>(
  table: T & SameFields<F, TableField<T>>,
  declared: DeclaredFields<F>,
): readonly RecordField[] {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  return Object.entries<DeclaredFields<F>[F]>(declared).map(([key, field]) => {
    const column = columns[key];
    if (!column) {
      throw new Error(`${key} is not a column of its table`);
    }
    const written = isPlainField(field) ? { kind: field.export, header: field.header } : null;
    return { key, column: column.name, export: written };
  });
}

export const SAMPLE_FIELDS = fieldsOf(samples, SAMPLE_DECLARATIONS);
export const DIAGNOSTIC_FIELDS = fieldsOf(diagnostics, DIAGNOSTIC_DECLARATIONS);
export const TREATMENT_FIELDS = fieldsOf(treatments, TREATMENT_DECLARATIONS);
export const DRUG_FIELDS = fieldsOf(drugs, DRUG_DECLARATIONS);
export const REPORT_FIELDS = fieldsOf(labReports, REPORT_DECLARATIONS);

/** Every table whose record fields are listed here, for the test that no column is forgotten. */
export const FIELD_LISTS = [
  { table: samples, fields: SAMPLE_FIELDS },
  { table: diagnostics, fields: DIAGNOSTIC_FIELDS },
  { table: treatments, fields: TREATMENT_FIELDS },
  { table: drugs, fields: DRUG_FIELDS },
  { table: labReports, fields: REPORT_FIELDS },
] as const;
export const BOOKKEEPING_COLUMNS: ReadonlySet<string> = new Set(BOOKKEEPING);

/**
 * The first diagnostic's fields as the list's row keeps them (`patient_list`), in the order of the
 * patient row of the CSV and of the XLSX's Patients sheet: the projection copies each from the first
 * diagnostic (`projection.ts`), and the exports read it there, one row per patient (`export-sql.ts`).
 * Every field of a diagnostic but its genetics (whose markers have columns of their own) is one.
 */
export const FIRST_DIAGNOSTIC_COLUMNS = {
  dxDate: patientList.dxDate,
  dxSecondary: patientList.dxSecondary,
  dxSubType: patientList.dxSubType,
  dxSecondaryDescription: patientList.dxSecondaryDescription,
  organsFailures: patientList.organsFailures,
  patientFit: patientList.patientFit,
  relapse: patientList.relapse,
  relapseDate: patientList.relapseDate,
  riskLevel: patientList.dxRiskLevel,
  consent: patientList.consent,
  consentDate: patientList.consentDate,
  wbcAtDiagnosis: patientList.wbcAtDiagnosis,
  marrowBlastsAtDiagnosis: patientList.marrowBlastsAtDiagnosis,
} as const satisfies Record<Exclude<DiagnosticField, 'genetics'>, PgColumn>;

/** A first diagnostic's field as the list's row keeps it: its diagnostic's column, its column there. */
export interface FirstDiagnosticColumn {
  readonly column: string;
  readonly listColumn: PgColumn;
  readonly export: FieldExport;
}

/** The first diagnostic's fields in the list's row, in the patient row's order. */
export const FIRST_DIAGNOSTIC: readonly FirstDiagnosticColumn[] = Object.entries<PgColumn>(
  FIRST_DIAGNOSTIC_COLUMNS,
).map(([key, listColumn]) => {
  const field = DIAGNOSTIC_FIELDS.find((candidate) => candidate.key === key);
  if (!field?.export) {
    throw new Error(`${key} is not a plain field of a diagnostic`);
  }
  return { column: field.column, listColumn, export: field.export };
});

/** `alias.column as "key"` for each field: a record's JSON, as the database builds it. */
export function jsonFields(alias: string, fields: readonly RecordField[]): SQL {
  return sql.raw(fields.map((field) => `${alias}.${quoted(field.column)} as "${field.key}"`).join(', '));
}

/** What an export reads of a column of a kind: dates as their `yyyy-MM-dd` text, decimals as numbers. */
export const exportCast = (kind: ColumnKind): string =>
  ({ date: '::text', decimal: '::float8' })[kind as string] ?? '';

/**
 * The same fields as an export reads them: dates as their `yyyy-MM-dd` text and decimals as numbers,
 * whatever the driver would make of them.
 */
export function exportFields(alias: string, fields: readonly RecordField[]): SQL {
  return sql.raw(
    fields
      .flatMap((field) =>
        field.export
          ? [`${alias}.${quoted(field.column)}${exportCast(field.export.kind)} as "${field.key}"`]
          : [],
      )
      .join(', '),
  );
}

/** `order` is a reserved word; other names are plain. */
export const quoted = (column: string) =>
  /^[a-z_][a-z0-9_]*$/.test(column) && column !== 'order' ? column : `"${column}"`;
