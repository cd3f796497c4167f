import {
  GENETIC_MARKERS,
  type GeneticMarker,
  type ImportVariable,
  isPlainField,
  MARKER_VARIABLES,
  markerVafVariable,
  RECORD_FIELDS,
  type RecordName,
} from '@registry/shared';

/**
 * Where each import variable (CONTRACT §14, `shared/src/import-variables.ts`) lives in a patient file
 * (`patients/patient-file.ts`): a field of the patient, its demography, a record's field, the genetics of
 * a diagnostic, or one marker of them. The records' fields are found by their codebook names in
 * `RECORD_FIELDS`, so a field declared there is importable with no change here.
 */
export type Slot =
  | { readonly part: 'patient'; readonly field: PatientField }
  | { readonly part: 'demography'; readonly field: 'birthDate' | 'gender' | 'ecog' | 'app' }
  | { readonly part: 'genetics'; readonly field: 'karyotype' | 'karyotypeResult' }
  | { readonly part: 'marker'; readonly code: GeneticMarker; readonly vaf: boolean }
  | { readonly part: 'diagnostics' | 'samples' | 'treatments' | 'reports'; readonly field: string }
  | { readonly part: 'drugs'; readonly field: string };

type PatientField =
  | 'identification'
  | 'codeOP'
  | 'riskLevel'
  | 'deathDate'
  | 'deathCause'
  | 'lastContactDate';

/** The patient's own variables and their place; every other `patients` variable is a diagnostic's or a marker's. */
const PATIENT_SLOTS: Readonly<Record<string, Slot>> = {
  identification: { part: 'patient', field: 'identification' },
  code_op: { part: 'patient', field: 'codeOP' },
  risk_level: { part: 'patient', field: 'riskLevel' },
  death_date: { part: 'patient', field: 'deathDate' },
  death_cause: { part: 'patient', field: 'deathCause' },
  last_contact_date: { part: 'patient', field: 'lastContactDate' },
  birth_date: { part: 'demography', field: 'birthDate' },
  sex: { part: 'demography', field: 'gender' },
  ecog: { part: 'demography', field: 'ecog' },
  medical_history: { part: 'demography', field: 'app' },
  karyotype: { part: 'genetics', field: 'karyotype' },
  karyotype_result: { part: 'genetics', field: 'karyotypeResult' },
  ...Object.fromEntries(
    GENETIC_MARKERS.flatMap((code) => [
      [MARKER_VARIABLES[code], { part: 'marker', code, vaf: false }],
      [markerVafVariable(code), { part: 'marker', code, vaf: true }],
    ]),
  ),
};

const RECORD_OF: Record<Exclude<ImportVariable['record'], 'patient'>, RecordName> = {
  diagnostic: 'diagnostic',
  sample: 'sample',
  treatment: 'treatment',
  response: 'treatment',
  drug: 'drug',
  labReport: 'labReport',
};

const PART_OF: Record<RecordName, Exclude<Slot['part'], 'patient' | 'demography' | 'genetics' | 'marker'>> = {
  diagnostic: 'diagnostics',
  sample: 'samples',
  treatment: 'treatments',
  drug: 'drugs',
  labReport: 'reports',
};

/** The record field whose codebook variable is `name` in `table`, by the record's declarations. */
function recordFieldOf(record: RecordName, table: string, name: string): string | null {
  for (const [key, field] of Object.entries(RECORD_FIELDS[record])) {
    if (isPlainField(field) && field.name === name && field.table === table) {
      return key;
    }
  }
  return null;
}

/** Where a variable is written in a patient file; null for one the import does not write. */
export function slotOf(variable: ImportVariable): Slot | null {
  const { declaration } = variable;
  if (variable.record === 'patient') {
    return PATIENT_SLOTS[declaration.name] ?? null;
  }
  const record = RECORD_OF[variable.record];
  const field = recordFieldOf(record, declaration.table, declaration.name);
  return field ? { part: PART_OF[record], field } : null;
}
