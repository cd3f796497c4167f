import { CODEBOOK_TABLES, type CodebookTable, type CodebookVariable } from './codebook-schema.ts';
import {
  DATASET_VARIABLES,
  type Deidentification,
  declaredVariablesOf,
  GENETICS_VARIABLES,
  type NotVariables,
  PATIENT_VARIABLES,
  TABLE_KEYS,
  type VariableDeclaration,
} from './codebook-variables.ts';
import { KARYOTYPE_FINDINGS, REARRANGEMENTS } from './genetics/markers.ts';
import { CODEBOOK_TEXTS } from './locales/codebook.ts';
import { EXPORT_TEXTS } from './locales/exports.ts';
import type { Language } from './locales/index.ts';
import { type FieldDeclaration, isPlainField, type PlainField, RECORD_FIELDS } from './record-fields.ts';

/**
 * The codebook (CONTRACT §15): every variable the registry holds or derives, once, with its label in
 * either language. It is the one vocabulary of `GET /api/codebook`, the import's columns (§14) and the
 * analysis dataset's: the records' fields come from `record-fields.ts`, the rest from
 * `codebook-variables.ts` (docs/adding-a-field.md).
 */

/** A record's plain field as a variable: its export's header labels it, its export's codes label its codes. */
function fieldVariable(field: PlainField): VariableDeclaration {
  const kind: FieldDeclaration['export'] = field.export;
  return {
    name: field.name,
    table: field.table,
    type: field.type,
    label: { header: field.header },
    ...(field.unit === undefined ? {} : { unit: field.unit }),
    ...(field.values === undefined ? {} : { values: field.values }),
    ...(typeof kind === 'object' ? { valueLabels: { export: kind.code } } : {}),
    ...(kind === 'subtype' ? { valueLabels: { export: 'diagnosis' }, other: true } : {}),
    ...(kind === 'schemes' ? { other: true } : {}),
    ...(field.identifying ? { identifying: true } : {}),
  };
}

/** The variables of a part of the patient document: its own, or its records' fields (genetics included). */
function partVariables(part: readonly VariableDeclaration[] | NotVariables): readonly VariableDeclaration[] {
  if (Array.isArray(part)) {
    return part;
  }
  if ('records' in part) {
    return part.records.flatMap((record) =>
      Object.values(RECORD_FIELDS[record]).flatMap((field) =>
        isPlainField(field) ? [fieldVariable(field)] : declaredVariablesOf(GENETICS_VARIABLES),
      ),
    );
  }
  return [];
}

/**
 * Every variable, declared, in the codebook's order: table by table (`CODEBOOK_TABLES`), each led by
 * its keys, then in the order of the patient document.
 */
export const CODEBOOK_DECLARATIONS: readonly VariableDeclaration[] = (() => {
  const walked = [
    ...Object.values<readonly VariableDeclaration[] | NotVariables>(PATIENT_VARIABLES).flatMap(partVariables),
    ...DATASET_VARIABLES,
  ];
  return CODEBOOK_TABLES.flatMap((table) => [
    ...TABLE_KEYS[table],
    ...walked.filter((variable) => variable.table === table),
  ]);
})();

const byKey = new Map(
  CODEBOOK_DECLARATIONS.map((variable) => [`${variable.table}.${variable.name}`, variable]),
);

/** A variable's declaration by its table and name; undefined for an unknown one. */
export const codebookDeclaration = (table: CodebookTable, name: string): VariableDeclaration | undefined =>
  byKey.get(`${table}.${name}`);

/**
 * What a de-identified dataset does with a variable (CONTRACT §15): `drop` it when it identifies,
 * `date` (days from the diagnosis, or shifted) a date, `age` (90 or more as 90) the age, else `keep`.
 */
export function deidentificationOf(variable: VariableDeclaration): Deidentification {
  if (variable.identifying) {
    return 'drop';
  }
  return variable.deidentified ?? (variable.type === 'date' ? 'date' : 'keep');
}

const REARRANGEMENT_SET: ReadonlySet<string> = new Set(REARRANGEMENTS);

function labelOf(variable: VariableDeclaration, language: Language): string {
  const { label } = variable;
  if ('header' in label) {
    return EXPORT_TEXTS[language].headers[label.header];
  }
  if ('text' in label) {
    return CODEBOOK_TEXTS[language].labels[label.text];
  }
  const texts = CODEBOOK_TEXTS[language].markerLabels;
  const code = label.marker;
  if (label.vaf) {
    return texts.vaf.replace('{marker}', code);
  }
  if ((KARYOTYPE_FINDINGS as readonly string[]).includes(code)) {
    return texts.findings[code as keyof typeof texts.findings];
  }
  return (REARRANGEMENT_SET.has(code) ? texts.rearrangement : texts.mutation).replace('{marker}', code);
}

function codeLabelOf(variable: VariableDeclaration, code: string, language: Language): string {
  const source = variable.valueLabels;
  if (!source) {
    return code;
  }
  const labels: Readonly<Record<string, string>> =
    'export' in source
      ? EXPORT_TEXTS[language].values[source.export]
      : CODEBOOK_TEXTS[language].values[source.codebook];
  return labels[code] ?? code;
}

/** A unit in a language: a word translated, a symbol as it is. */
function unitIn(unit: string, language: Language): string {
  const units: Readonly<Record<string, string>> = CODEBOOK_TEXTS[language].units;
  return units[unit] ?? unit;
}

/** A declared variable in a language, as `GET /api/codebook` answers it. */
function variableIn(variable: VariableDeclaration, language: Language): CodebookVariable {
  return {
    name: variable.name,
    label: labelOf(variable, language),
    table: variable.table,
    type: variable.type,
    unit: variable.unit === undefined ? null : unitIn(variable.unit, language),
    values: variable.values?.map((code) => ({ code, label: codeLabelOf(variable, code, language) })) ?? null,
    identifying: variable.identifying ?? false,
    derived: variable.derivation !== undefined,
    derivation: variable.derivation ? CODEBOOK_TEXTS[language].derivations[variable.derivation] : null,
  };
}

const inLanguage = new Map<Language, readonly CodebookVariable[]>();

/** Every variable of the codebook, labelled in `language`, in the codebook's order. */
export function codebookVariables(language: Language): readonly CodebookVariable[] {
  let variables = inLanguage.get(language);
  if (!variables) {
    variables = CODEBOOK_DECLARATIONS.map((variable) => variableIn(variable, language));
    inLanguage.set(language, variables);
  }
  return variables;
}

/** A variable by its table and name, labelled in `language`; undefined for an unknown one. */
export function codebookVariable(
  table: CodebookTable,
  name: string,
  language: Language,
): CodebookVariable | undefined {
  const variable = codebookDeclaration(table, name);
  return variable ? variableIn(variable, language) : undefined;
}

/** The codes of a `code` variable with their labels in `language`; null for another or an unknown variable. */
export function codeLabels(
  table: CodebookTable,
  name: string,
  language: Language,
): CodebookVariable['values'] {
  return codebookVariable(table, name, language)?.values ?? null;
}

/** The variables of the records' fields alone (`record-fields.ts`), labelled in `language`. */
export function recordVariables(language: Language): CodebookVariable[] {
  return Object.values(RECORD_FIELDS).flatMap((fields) =>
    Object.values(fields).flatMap((field) =>
      isPlainField(field) ? [variableIn(fieldVariable(field), language)] : [],
    ),
  );
}
