import type { CodebookTable } from './codebook-schema.ts';
import type { Language } from './locales/index.ts';

/**
 * The names of an import's variables (CONTRACT §14) as a grammar, without the codebook's declarations:
 * the patient's own variables, its first diagnostic's and its genetics' keep their names (`birth_date`,
 * `dx_subtype`, `npm1_vaf`); a repeated record's are numbered by its order: `sample_1_date`,
 * `treatment_2_scheme`, `response_1_category`, `treatment_1_drug_2_name`, `lab_report_3_content`, and a
 * diagnostic after the first `diagnostic_2_dx_date`. The server reads the declarations behind them
 * (`import-variables.ts`); the web app, which gets the codebook from `GET /api/codebook`, reads the names
 * and words them by this module alone, without loading the declarations and their texts.
 */

/** The kinds of record a numbered variable belongs to. */
export type ImportRecord =
  | 'patient'
  | 'diagnostic'
  | 'sample'
  | 'treatment'
  | 'response'
  | 'drug'
  | 'labReport';

/** The most records of a kind a row may number (the API's own limits). */
export const IMPORT_MAX_RECORDS = 50;

/** A variable's name read: its record, the record's numbers, and its name in its codebook table. */
export interface ImportVariableName {
  readonly record: ImportRecord;
  /** The codebook's table the variable is declared in. */
  readonly table: CodebookTable;
  /** The codebook's name of the variable within its table (`scheme` of `treatment_2_scheme`). */
  readonly base: string;
  /** The record's number (1 for the first); null for the patient's own variables. */
  readonly index: number | null;
  /** A drug's number within its treatment. */
  readonly drug: number | null;
}

const NUMBERED: readonly { pattern: RegExp; record: ImportRecord; table: CodebookTable }[] = [
  { pattern: /^treatment_(\d{1,2})_drug_(\d{1,2})_([a-z][a-z0-9_]*)$/, record: 'drug', table: 'drugs' },
  { pattern: /^treatment_(\d{1,2})_([a-z][a-z0-9_]*)$/, record: 'treatment', table: 'treatments' },
  { pattern: /^response_(\d{1,2})_([a-z][a-z0-9_]*)$/, record: 'response', table: 'responses' },
  { pattern: /^sample_(\d{1,2})_([a-z][a-z0-9_]*)$/, record: 'sample', table: 'samples' },
  { pattern: /^lab_report_(\d{1,2})_([a-z][a-z0-9_]*)$/, record: 'labReport', table: 'lab_reports' },
  { pattern: /^diagnostic_(\d{1,2})_([a-z][a-z0-9_]*)$/, record: 'diagnostic', table: 'patients' },
];

/** The variables a record's number stands for, and so are never numbered themselves. */
const ORDERS: ReadonlySet<string> = new Set(['order']);

/** The first diagnostic's variables in `patients` (those a diagnostic after the first has too). */
export const DIAGNOSTIC_VARIABLES: ReadonlySet<string> = new Set([
  'dx_date',
  'dx_secondary',
  'dx_subtype',
  'organ_failures',
  'fitness',
  'relapse',
  'relapse_date',
  'dx_risk',
  'consent',
  'consent_date',
  'dx_secondary_description',
  'wbc_dx',
  'marrow_blasts_dx',
]);

const inRange = (text: string | undefined) => {
  const n = Number(text);
  return Number.isInteger(n) && n >= 1 && n <= IMPORT_MAX_RECORDS ? n : null;
};

/**
 * A variable's name read by the grammar; null for a numbered name out of range, a record's order, or a
 * diagnostic's number on what is not a diagnostic's variable. Whether the codebook declares its base is
 * not judged here.
 */
export function readImportVariableName(name: string): ImportVariableName | null {
  for (const { pattern, record, table } of NUMBERED) {
    const match = pattern.exec(name);
    if (!match) {
      continue;
    }
    const index = inRange(match[1]);
    const drug = record === 'drug' ? inRange(match[2]) : null;
    const base = match[record === 'drug' ? 3 : 2] ?? '';
    if (index === null || (record === 'drug' && drug === null) || ORDERS.has(base)) {
      return null;
    }
    if (record === 'diagnostic' && (index < 2 || !DIAGNOSTIC_VARIABLES.has(base))) {
      return null;
    }
    return { record, table, base, index, drug };
  }
  const diagnostic = DIAGNOSTIC_VARIABLES.has(name);
  return {
    record: diagnostic ? 'diagnostic' : 'patient',
    table: 'patients',
    base: name,
    index: diagnostic ? 1 : null,
    drug: null,
  };
}

/** A numbered variable's name from its record, numbers and codebook name. */
export function importVariableName(
  record: ImportRecord,
  base: string,
  index: number | null = null,
  drug: number | null = null,
): string {
  switch (record) {
    case 'patient':
      return base;
    case 'diagnostic':
      return index === null || index === 1 ? base : `diagnostic_${index}_${base}`;
    case 'drug':
      return `treatment_${index}_drug_${drug}_${base}`;
    case 'labReport':
      return `lab_report_${index}_${base}`;
    default:
      return `${record}_${index}_${base}`;
  }
}

/**
 * The patient's variables that the registry keeps but an import does not write: the keys and names of
 * an export (the patient's id, its institution and doctor, its registration).
 */
const NOT_WRITTEN: ReadonlySet<string> = new Set([
  'patient_id',
  'centre',
  'institution',
  'institution_code',
  'institution_type',
  'doctor',
  'registration_date',
]);

/** What the patient's variables only an admin writes: Code OP (and the NGS OP lab report, by its name). */
const ADMIN_ONLY: ReadonlySet<string> = new Set(['code_op']);

/**
 * Whether an import writes a variable: `write`, or why not: the registry derives it (`derived`, as the
 * codebook says) or keeps it as an export's key, or it is not the caller's to write.
 */
export function importWritesName(
  variable: Pick<ImportVariableName, 'record' | 'base'>,
  derived: boolean,
  admin: boolean,
): 'write' | 'derived' | 'notAllowed' {
  if (derived || NOT_WRITTEN.has(variable.base)) {
    return 'derived';
  }
  if (variable.record === 'patient' && ADMIN_ONLY.has(variable.base) && !admin) {
    return 'notAllowed';
  }
  return 'write';
}

/** A numbered variable's label: the codebook's, with its record's number (`Tratamiento 2: Esquema`). */
export function importVariableLabel(
  variable: Pick<ImportVariableName, 'record' | 'index' | 'drug'>,
  label: string,
  language: Language,
): string {
  const words = IMPORT_RECORD_WORDS[language];
  switch (variable.record) {
    case 'patient':
      return label;
    case 'diagnostic':
      return variable.index === 1 ? label : `${words.diagnostic} ${variable.index}: ${label}`;
    case 'drug':
      return `${words.treatment} ${variable.index}, ${words.drug} ${variable.drug}: ${label}`;
    default:
      return `${words[variable.record]} ${variable.index}: ${label}`;
  }
}

/** The words of the records, as the labels above and the screens' groups of variables say them. */
export const IMPORT_RECORD_WORDS: Record<Language, Record<Exclude<ImportRecord, 'patient'>, string>> = {
  es: {
    diagnostic: 'Diagnóstico',
    sample: 'Muestra',
    treatment: 'Tratamiento',
    response: 'Respuesta al tratamiento',
    drug: 'Droga',
    labReport: 'Informe de laboratorio',
  },
  en: {
    diagnostic: 'Diagnostic',
    sample: 'Sample',
    treatment: 'Treatment',
    response: 'Response to treatment',
    drug: 'Drug',
    labReport: 'Lab report',
  },
};
