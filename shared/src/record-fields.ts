import type { z } from 'zod';
import type { CodebookTable } from './codebook-schema.ts';
import type { Diagnostic } from './diagnostics.ts';
import {
  DIAGNOSES,
  FITNESS,
  MRD_METHODS,
  MRD_STATUSES,
  RESPONSES,
  RISKS,
  SAMPLE_TYPES,
  STAGES,
  TREATMENT_SCHEMES,
} from './enums.ts';
import type { LabReport } from './lab-reports.ts';
import type { VariableUnit } from './locales/codebook.ts';
import type { ExportField, ExportTexts } from './locales/exports.ts';
import type { Sample } from './samples.ts';
import type { Drug, Treatment } from './treatments.ts';

/**
 * Each field of each kind of record, once (docs/adding-a-field.md): how an export writes it and its
 * variable in the codebook (CONTRACT §15). The maps are keyed by the fields of the record's shared
 * schema, so that a field without its declaration, or a declaration whose type disagrees with the
 * schema's, fails the typecheck. The server reads each field from the column of the same name
 * (`read-model/record-fields.ts`); the exports' headers and the codebook's labels are the export texts
 * of the field's name (`EXPORT_TEXTS`), which the typecheck asks of every field declared here.
 */

/** The fields of each record, by the names of its schema (the patient file's), without its own keys. */
export type SampleField = Exclude<keyof Sample, 'id' | 'file'>;
export type DiagnosticField = Exclude<keyof Diagnostic, 'id'>;
export type TreatmentField = Exclude<keyof Treatment, 'id' | 'drugs'>;
export type DrugField = Exclude<keyof Drug, 'id'>;
export type LabReportField = Exclude<keyof LabReport, 'id' | 'file'>;

/**
 * The rules of a record's input fields: one for each field of its schema (the typecheck names a field
 * the client cannot send), and any of the input's own (`subTypeName`, `fileId`).
 */
export type InputRules<F extends string> = Record<F, z.ZodType> & Record<string, z.ZodType>;

/** A coded value, which a labelled export writes as its label in the caller's language. */
type CodeKind = { readonly code: keyof ExportTexts['values'] };

/** How an export stores and shows a value (docs/product-rules.md#exports). */
export type ExportKind =
  | 'text'
  | 'id'
  | 'integer'
  | 'decimal'
  | 'boolean'
  | 'date'
  | 'timestamp'
  | CodeKind
  | 'subtype'
  | 'schemes';

/** What an export and the codebook make of a value of each kind of the schema. */
interface ByValue {
  boolean: { readonly export: 'boolean'; readonly type: 'boolean' };
  number: { readonly export: 'integer' | 'decimal'; readonly type: 'integer' | 'number' };
  string: {
    readonly export: 'text' | 'date' | CodeKind | 'subtype' | 'schemes';
    readonly type: 'string' | 'date' | 'code';
  };
}
type ValueKind<V> = [NonNullable<V>] extends [boolean]
  ? 'boolean'
  : [NonNullable<V>] extends [number]
    ? 'number'
    : [NonNullable<V>] extends [string]
      ? 'string'
      : never;

/** A field of a plain value: its export's kind and its codebook variable. */
export type FieldDeclaration<K extends keyof ByValue = keyof ByValue> = ByValue[K] & {
  /** The variable's name: ASCII lower snake case, stable, unique within its table. */
  readonly name: string;
  /** Its table, when not the record's (`declareFields`). */
  readonly table?: CodebookTable;
  /** The export's header, when it is not the field's own (a diagnostic's `riskLevel` is `dxRiskLevel`). */
  readonly header?: ExportField;
  /** The unit of a number, as the codebook writes it (`10^9/L`, `%`). */
  readonly unit?: VariableUnit;
  /** The codes of a `code` variable. */
  readonly values?: readonly string[];
  /** Free text that may name a person: left out of a de-identified dataset (CONTRACT §15). */
  readonly identifying?: boolean;
};

/**
 * A field that holds a structured value (a diagnostic's genetics): the JSON export carries it whole,
 * the flat exports write it in columns of their own, and the codebook describes it in a table of its own.
 */
export interface StructuredDeclaration {
  readonly structured: CodebookTable;
}

/** A declaration for each field of a record of type `R`, checked against the type of its value. */
export type Declarations<R> = {
  readonly [F in keyof R]: [NonNullable<R[F]>] extends [object]
    ? StructuredDeclaration
    : FieldDeclaration<ValueKind<R[F]>>;
};

/** A plain field's declaration with its table and its export's header settled. */
export type PlainField = FieldDeclaration & { readonly table: CodebookTable; readonly header: ExportField };

/** A record's declarations, in their order. */
export type DeclaredFields<F extends string> = Readonly<Record<F, PlainField | StructuredDeclaration>>;

/**
 * A record's declarations with each field's table (the record's, unless it names another) and header
 * (its own name, unless it names another) settled.
 */
function declareFields<R>(table: CodebookTable, fields: Declarations<R>): DeclaredFields<keyof R & string> {
  return Object.fromEntries(
    Object.entries(fields as Record<string, FieldDeclaration | StructuredDeclaration>).map(([key, field]) => [
      key,
      'structured' in field ? field : { ...field, table: field.table ?? table, header: field.header ?? key },
    ]),
  ) as DeclaredFields<keyof R & string>;
}

/** Whether a declaration is a plain value's (not a structured one's). */
export const isPlainField = (field: PlainField | StructuredDeclaration): field is PlainField =>
  !('structured' in field);

const freeText = { export: 'text', type: 'string', identifying: true } as const;

export const SAMPLE_FIELDS = declareFields<Pick<Sample, SampleField>>('samples', {
  sampleType: { export: 'text', name: 'type', type: 'code', values: SAMPLE_TYPES },
  sampleDate: { export: 'date', name: 'date', type: 'date' },
});

/** In the order of the API and of the XLSX's Diagnostics sheet. */
export const DIAGNOSTIC_FIELDS = declareFields<Pick<Diagnostic, DiagnosticField>>('patients', {
  dxDate: { export: 'date', name: 'dx_date', type: 'date' },
  dxSecondary: { export: { code: 'stage' }, name: 'dx_secondary', type: 'code', values: STAGES },
  dxSubType: { export: 'subtype', name: 'dx_subtype', type: 'code', values: DIAGNOSES },
  organsFailures: { ...freeText, name: 'organ_failures' },
  patientFit: { export: 'text', name: 'fitness', type: 'code', values: FITNESS },
  relapse: { export: 'boolean', name: 'relapse', type: 'boolean' },
  relapseDate: { export: 'date', name: 'relapse_date', type: 'date' },
  riskLevel: {
    export: { code: 'risk' },
    header: 'dxRiskLevel',
    name: 'dx_risk',
    type: 'code',
    values: RISKS,
  },
  consent: { export: 'boolean', name: 'consent', type: 'boolean' },
  consentDate: { export: 'date', name: 'consent_date', type: 'date' },
  dxSecondaryDescription: { ...freeText, name: 'dx_secondary_description' },
  wbcAtDiagnosis: { export: 'decimal', name: 'wbc_dx', type: 'number', unit: '10^9/L' },
  marrowBlastsAtDiagnosis: { export: 'decimal', name: 'marrow_blasts_dx', type: 'number', unit: '%' },
  genetics: { structured: 'markers' },
});

export const TREATMENT_FIELDS = declareFields<Pick<Treatment, TreatmentField>>('treatments', {
  order: { export: 'integer', name: 'order', type: 'integer' },
  scheme: { export: 'schemes', name: 'scheme', type: 'code', values: TREATMENT_SCHEMES },
  startDate: { export: 'date', name: 'start_date', type: 'date' },
  toxicities: { ...freeText, name: 'toxicities' },
  diseaseAssessment: {
    export: { code: 'response' },
    name: 'category',
    table: 'responses',
    type: 'code',
    values: RESPONSES,
  },
  diseaseAssessmentDate: { export: 'date', name: 'date', table: 'responses', type: 'date' },
  medulogram: { ...freeText, name: 'medulogram', table: 'responses' },
  medulogramDate: { export: 'date', name: 'medulogram_date', table: 'responses', type: 'date' },
  EMR: { ...freeText, name: 'mrd', table: 'responses' },
  EMRDate: { export: 'date', name: 'mrd_date', table: 'responses', type: 'date' },
  EMRBlasts: { export: 'decimal', name: 'mrd_blasts', table: 'responses', type: 'number', unit: '%' },
  EMRStatus: {
    export: { code: 'mrdStatus' },
    name: 'mrd_status',
    table: 'responses',
    type: 'code',
    values: MRD_STATUSES,
  },
  EMRMethod: {
    export: { code: 'mrdMethod' },
    name: 'mrd_method',
    table: 'responses',
    type: 'code',
    values: MRD_METHODS,
  },
  clinicalMonitoring: { ...freeText, name: 'clinical_monitoring' },
});

export const DRUG_FIELDS = declareFields<Pick<Drug, DrugField>>('drugs', {
  order: { export: 'integer', name: 'order', type: 'integer' },
  name: { export: 'text', name: 'name', type: 'string' },
  dose: { export: 'text', name: 'dose', type: 'string' },
  startApplicationDate: { export: 'date', name: 'start_date', type: 'date' },
  lastAplicationDate: { export: 'date', name: 'last_date', type: 'date' },
});

export const LAB_REPORT_FIELDS = declareFields<Pick<LabReport, LabReportField>>('lab_reports', {
  name: { export: { code: 'reportName' }, name: 'name', type: 'string' },
  content: { ...freeText, name: 'content' },
  date: { export: 'date', name: 'date', type: 'date' },
});

/** Every record's declarations, by the record's name. */
export const RECORD_FIELDS = {
  sample: SAMPLE_FIELDS,
  diagnostic: DIAGNOSTIC_FIELDS,
  treatment: TREATMENT_FIELDS,
  drug: DRUG_FIELDS,
  labReport: LAB_REPORT_FIELDS,
} as const;
export type RecordName = keyof typeof RECORD_FIELDS;
