import {
  type ImportVariable,
  importVariableName,
  isPlainField,
  MARKER_VARIABLES,
  markerVafVariable,
  type PlainField,
  RECORD_FIELDS,
  type RecordName,
  type StructuredDeclaration,
} from '@registry/shared';
import type { PatientFile } from '../patients/index.ts';
import type { Value } from './row-file.ts';
import type { Slot } from './slots.ts';

/**
 * Between a patient file's field paths (`treatments.0.drugs.1.name`, as the rules answer them) and the
 * import's variables (`treatment_1_drug_2_name`): the variable a refusal is about, and a variable's value
 * in a file (the old and new values of a change).
 */

const PATIENT_PATHS: Readonly<Record<string, string>> = {
  identification: 'identification',
  codeOP: 'code_op',
  riskLevel: 'risk_level',
  deathDate: 'death_date',
  deathCause: 'death_cause',
  lastContactDate: 'last_contact_date',
  'demography.birthDate': 'birth_date',
  'demography.gender': 'sex',
  'demography.ecog': 'ecog',
  'demography.app': 'medical_history',
};

/** The fields a client sends beside a record's own, and the field they belong to. */
const COMPANIONS: Readonly<Record<string, string>> = { subTypeName: 'dxSubType', schemeName: 'scheme' };

function recordField(record: RecordName, key: string): PlainField | null {
  const fields: Readonly<Record<string, PlainField | StructuredDeclaration>> = RECORD_FIELDS[record];
  const field = fields[COMPANIONS[key] ?? key];
  return field && isPlainField(field) ? field : null;
}

/**
 * The variable a field path of a file names; null for a path of no variable (the row as a whole).
 * `reportNumber` gives the number the row gave a lab report of that name.
 */
export function variableOfPath(
  path: string,
  file: PatientFile,
  reportNumber: (name: string) => number | null,
): string | null {
  if (PATIENT_PATHS[path]) {
    return PATIENT_PATHS[path];
  }
  const parts = path.split('.');
  const [part, at, field, ...rest] = parts;
  const i = Number(at);
  if (!Number.isInteger(i) || field === undefined) {
    return null;
  }
  switch (part) {
    case 'diagnostics': {
      if (field === 'genetics') {
        const [which, j, leaf] = rest;
        if (which === 'karyotype') {
          return 'karyotype';
        }
        if (which === 'karyotypeResult') {
          return 'karyotype_result';
        }
        const code = file.diagnostics[i]?.genetics?.markers[Number(j)]?.code;
        if (which === 'markers' && code && code in MARKER_VARIABLES) {
          const marker = code as keyof typeof MARKER_VARIABLES;
          return leaf === 'vaf' ? markerVafVariable(marker) : MARKER_VARIABLES[marker];
        }
        return null;
      }
      const declared = recordField('diagnostic', field);
      return declared ? importVariableName('diagnostic', declared.name, i + 1) : null;
    }
    case 'samples': {
      const declared = recordField('sample', field);
      return declared ? importVariableName('sample', declared.name, i + 1) : null;
    }
    case 'treatments': {
      const treatment = file.treatments[i];
      if (!treatment) {
        return null;
      }
      if (field === 'drugs') {
        const [j, leaf] = rest;
        const drug = treatment.drugs[Number(j)];
        const declared = leaf ? recordField('drug', leaf) : null;
        return drug && declared
          ? importVariableName('drug', declared.name, treatment.order, drug.order)
          : null;
      }
      const declared = recordField('treatment', field);
      if (!declared) {
        return null;
      }
      return importVariableName(
        declared.table === 'responses' ? 'response' : 'treatment',
        declared.name,
        treatment.order,
      );
    }
    case 'reports': {
      const report = file.reports[i];
      const declared = recordField('labReport', field);
      const number = report ? reportNumber(report.name) : null;
      return declared && number !== null ? importVariableName('labReport', declared.name, number) : null;
    }
    default:
      return null;
  }
}

/** A variable's value in a file; null where the file has no such record or value. */
export function valueInFile(
  file: PatientFile | null,
  variable: ImportVariable,
  slot: Slot,
  reportName: (number: number) => string | null,
): Value {
  if (!file) {
    return null;
  }
  const index = variable.index ?? 1;
  const read = (record: object | null | undefined, field: string): Value =>
    ((record as Record<string, Value> | null | undefined)?.[field] ?? null) as Value;
  switch (slot.part) {
    case 'patient':
      return read(file, slot.field);
    case 'demography':
      return read(file.demography, slot.field);
    case 'diagnostics':
      return read(file.diagnostics[index - 1], slot.field);
    case 'genetics':
      return read(file.diagnostics[0]?.genetics, slot.field);
    case 'marker': {
      const marker = file.diagnostics[0]?.genetics?.markers.find((m) => m.code === slot.code);
      return (slot.vaf ? marker?.vaf : marker?.result) ?? null;
    }
    case 'samples':
      return read(file.samples[index - 1], slot.field);
    case 'treatments':
      return read(
        file.treatments.find((t) => t.order === index),
        slot.field,
      );
    case 'drugs':
      return read(
        file.treatments.find((t) => t.order === index)?.drugs.find((d) => d.order === variable.drug),
        slot.field,
      );
    case 'reports': {
      const name = reportName(index);
      return name === null
        ? null
        : read(
            file.reports.find((r) => r.name === name),
            slot.field,
          );
    }
  }
}
