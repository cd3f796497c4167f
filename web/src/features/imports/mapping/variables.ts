import {
  type CodebookVariable,
  IMPORT_RECORD_WORDS,
  type ImportRecord,
  importVariableLabel,
  importVariableName,
  importWritesName,
  type Language,
  readImportVariableName,
} from '@registry/shared';

/**
 * An import's variables (CONTRACT §14) on the mapping screen: the codebook's (§15, from `GET /api/codebook`)
 * named and labelled by the shared grammar (`import-variable-names.ts`), a patient's as they are and a
 * repeated record's numbered by its order (`treatment_2_scheme`, `treatment_1_drug_2_name`). This module
 * offers them to a column and labels them; it knows no screen.
 */

/** The codebook in one language, by table and name, for the lookups below. */
export class Codebook {
  private readonly byKey: Map<string, CodebookVariable>;
  constructor(
    readonly variables: readonly CodebookVariable[],
    readonly language: Language,
  ) {
    this.byKey = new Map(variables.map((variable) => [`${variable.table}:${variable.name}`, variable]));
  }

  /** The codebook's entry for an import variable, or null for a name it does not know. */
  entryOf(name: string): CodebookVariable | null {
    const read = readImportVariableName(name);
    return read ? (this.byKey.get(`${read.table}:${read.base}`) ?? null) : null;
  }

  /** A variable as people read it: its codebook label after its record (`Tratamiento 2: Esquema`). */
  label(name: string): string {
    const read = readImportVariableName(name);
    const entry = this.entryOf(name);
    return read && entry ? importVariableLabel(read, entry.label, this.language) : name;
  }
}

/** A group of the variable picker. */
export interface VariableGroup {
  readonly group: string;
  readonly items: { readonly value: string; readonly label: string }[];
}

/** The records the picker numbers, in its order, each with how many it offers at the least. */
const NUMBERED: readonly {
  record: Exclude<ImportRecord, 'patient' | 'response' | 'drug'>;
  minimum: number;
}[] = [
  { record: 'treatment', minimum: 2 },
  { record: 'sample', minimum: 1 },
  { record: 'labReport', minimum: 1 },
  { record: 'diagnostic', minimum: 0 },
];

/** The codebook table of a record's variables. */
const TABLE_OF: Record<Exclude<ImportRecord, 'patient' | 'diagnostic'>, CodebookVariable['table']> = {
  treatment: 'treatments',
  response: 'responses',
  drug: 'drugs',
  sample: 'samples',
  labReport: 'lab_reports',
};

/**
 * The picker's variables: the patient's (with its first diagnostic's and its genetics'), then each
 * treatment's own with its response's and its drugs', each sample's, each lab report's, and each later
 * diagnostic's. Only what an import writes for this user is offered (what the registry derives and
 * what is not theirs to write are not). Each record is offered once past the highest the mapping
 * names, so that a file with one more finds its place; a name the mapping holds that the codebook does
 * not know is offered under its own name, so that nothing on screen is silently dropped.
 */
export function variableGroups(
  codebook: Codebook,
  mapped: readonly string[],
  admin: boolean,
  words: { readonly patient: string; readonly other: string },
): VariableGroup[] {
  const language = codebook.language;
  const read = mapped.map(readImportVariableName);
  const highest = (records: readonly ImportRecord[], of: 'index' | 'drug') =>
    Math.max(0, ...read.map((entry) => (entry && records.includes(entry.record) ? (entry[of] ?? 0) : 0)));
  const writable = (table: CodebookVariable['table'], record: ImportRecord) =>
    codebook.variables.filter(
      (variable) =>
        variable.table === table &&
        variable.name !== 'order' &&
        importWritesName({ record, base: variable.name }, variable.derived, admin) === 'write',
    );
  const item = (name: string) => ({ value: name, label: codebook.label(name) });
  const patient = writable('patients', 'patient')
    .map((variable) => variable.name)
    .filter((name) => readImportVariableName(name)?.table === 'patients');
  const groups: VariableGroup[] = [{ group: words.patient, items: patient.map(item) }];
  const drugs = Math.max(2, highest(['drug'], 'drug') + 1);
  for (const { record, minimum } of NUMBERED) {
    const count =
      record === 'treatment'
        ? Math.max(minimum, highest(['treatment', 'response', 'drug'], 'index') + 1)
        : Math.max(minimum, highest([record], 'index') + (highest([record], 'index') > 0 ? 1 : 0));
    const first = record === 'diagnostic' ? 2 : 1;
    for (let index = first; index <= count; index += 1) {
      const names =
        record === 'treatment'
          ? [
              ...writable(TABLE_OF.treatment, 'treatment').map((v) =>
                importVariableName('treatment', v.name, index),
              ),
              ...writable(TABLE_OF.response, 'response').map((v) =>
                importVariableName('response', v.name, index),
              ),
              ...Array.from({ length: drugs }, (_, drug) =>
                writable(TABLE_OF.drug, 'drug').map((v) =>
                  importVariableName('drug', v.name, index, drug + 1),
                ),
              ).flat(),
            ]
          : (record === 'diagnostic'
              ? writable('patients', 'diagnostic').filter(
                  (v) => readImportVariableName(v.name)?.record === 'diagnostic',
                )
              : writable(TABLE_OF[record], record)
            ).map((v) => importVariableName(record, v.name, index));
      groups.push({ group: `${IMPORT_RECORD_WORDS[language][record]} ${index}`, items: names.map(item) });
    }
  }
  const offered = new Set(groups.flatMap((group) => group.items.map((entry) => entry.value)));
  const unknown = [...new Set(mapped)].filter((name) => !offered.has(name));
  if (unknown.length > 0) {
    groups.push({ group: words.other, items: unknown.map(item) });
  }
  return groups.filter((group) => group.items.length > 0);
}

/** A coded variable's choice: a code and its label. */
export interface CodeChoice {
  readonly code: string;
  readonly label: string;
}

/**
 * The codes a variable's source values are mapped to, or null for a variable whose cells are read as
 * they are (a text, a number, a date, a yes or no: the server reads "Sí", "X" and "1" as yes itself).
 */
export function codeChoices(entry: CodebookVariable | null): CodeChoice[] | null {
  if (entry?.type !== 'code' || !entry.values) {
    return null;
  }
  return entry.values.map((value) => ({
    code: value.code,
    label: value.label === value.code ? value.code : `${value.label} (${value.code})`,
  }));
}
