import type { CodebookVariable } from '@registry/shared';

/**
 * An import's variables (CONTRACT §14): the codebook's names (§15), a patient's as they are and a repeated
 * record's numbered by its order, `treatment_2_scheme`, `response_1_category`, `treatment_1_drug_2_name`.
 * This module reads those names, labels them and offers them to a column; it knows no screen.
 */

/** The records of a patient that a row carries numbered, and the codebook table of each. */
export type VariableScope = 'patient' | 'treatment' | 'response' | 'drug';

const TABLE_OF_SCOPE: Record<VariableScope, string> = {
  patient: 'patients',
  treatment: 'treatments',
  response: 'responses',
  drug: 'drugs',
};

export interface ParsedVariable {
  readonly scope: VariableScope;
  /** The codebook's name within its table: `scheme` of `treatment_2_scheme`. */
  readonly base: string;
  /** The treatment's (or the response's) order, from 1. */
  readonly order: number | null;
  /** The drug's order within its treatment, from 1. */
  readonly drug: number | null;
}

const DRUG = /^treatment_(\d+)_drug_(\d+)_(.+)$/;
const TREATMENT = /^treatment_(\d+)_(.+)$/;
const RESPONSE = /^response_(\d+)_(.+)$/;

/** Which record a variable's name points at, and its name in the codebook. */
export function parseVariable(name: string): ParsedVariable {
  const drug = DRUG.exec(name);
  if (drug) {
    return { scope: 'drug', base: drug[3] ?? '', order: Number(drug[1]), drug: Number(drug[2]) };
  }
  const treatment = TREATMENT.exec(name);
  if (treatment) {
    return { scope: 'treatment', base: treatment[2] ?? '', order: Number(treatment[1]), drug: null };
  }
  const response = RESPONSE.exec(name);
  if (response) {
    return { scope: 'response', base: response[2] ?? '', order: Number(response[1]), drug: null };
  }
  return { scope: 'patient', base: name, order: null, drug: null };
}

/** The name of a variable of `scope` numbered `order` (and `drug`). */
export function variableName(scope: VariableScope, base: string, order = 1, drug = 1): string {
  switch (scope) {
    case 'patient':
      return base;
    case 'treatment':
      return `treatment_${order}_${base}`;
    case 'response':
      return `response_${order}_${base}`;
    case 'drug':
      return `treatment_${order}_drug_${drug}_${base}`;
  }
}

/** The codebook, by table and name, for the lookups below. */
export class Codebook {
  private readonly byKey: Map<string, CodebookVariable>;
  constructor(readonly variables: readonly CodebookVariable[]) {
    this.byKey = new Map(variables.map((variable) => [`${variable.table}:${variable.name}`, variable]));
  }

  /** The codebook's entry for an import variable, or null for a name it does not know. */
  entryOf(name: string): CodebookVariable | null {
    const parsed = parseVariable(name);
    return this.byKey.get(`${TABLE_OF_SCOPE[parsed.scope]}:${parsed.base}`) ?? null;
  }

  /** The variables a column may be mapped to: every one a row can write (what is derived is not). */
  writable(scope: VariableScope): CodebookVariable[] {
    return this.variables.filter(
      (variable) =>
        variable.table === TABLE_OF_SCOPE[scope] && !variable.derived && variable.name !== 'order',
    );
  }
}

/** How the screen words a record's number: `Tratamiento 2`, `Droga 1`. */
export interface ScopeWords {
  readonly treatment: (order: number) => string;
  readonly response: (order: number) => string;
  readonly drug: (order: number, drug: number) => string;
}

/** A variable as people read it: its codebook label, after its record (`Tratamiento 2 · Esquema`). */
export function variableLabel(name: string, codebook: Codebook, words: ScopeWords): string {
  const parsed = parseVariable(name);
  const label = codebook.entryOf(name)?.label ?? name;
  switch (parsed.scope) {
    case 'patient':
      return label;
    case 'treatment':
      return `${words.treatment(parsed.order ?? 1)} · ${label}`;
    case 'response':
      return `${words.response(parsed.order ?? 1)} · ${label}`;
    case 'drug':
      return `${words.drug(parsed.order ?? 1, parsed.drug ?? 1)} · ${label}`;
  }
}

/** A group of the variable picker. */
export interface VariableGroup {
  readonly group: string;
  readonly items: { readonly value: string; readonly label: string }[];
}

/**
 * The picker's variables: the patient's, then for each treatment its own, its response's and its drugs'.
 * It offers one treatment (and one drug) past the highest the mapping names, and at least `minimum`,
 * so that a file with one column more finds its place; a variable the mapping names that the codebook
 * does not know is offered under its own name, so that nothing on screen is silently dropped.
 */
export function variableGroups(
  codebook: Codebook,
  mapped: readonly string[],
  words: ScopeWords & { readonly patient: string; readonly other: string },
  minimum = 2,
): VariableGroup[] {
  const parsed = mapped.map(parseVariable);
  const treatments = Math.max(minimum, ...parsed.map((p) => (p.order ?? 0) + 1));
  const drugs = Math.max(minimum, ...parsed.map((p) => (p.drug ?? 0) + 1));
  const item = (name: string) => ({ value: name, label: variableLabel(name, codebook, words) });
  const groups: VariableGroup[] = [
    { group: words.patient, items: codebook.writable('patient').map((v) => item(v.name)) },
  ];
  for (let order = 1; order <= treatments; order += 1) {
    groups.push({
      group: words.treatment(order),
      items: [
        ...codebook.writable('treatment').map((v) => item(variableName('treatment', v.name, order))),
        ...codebook.writable('response').map((v) => item(variableName('response', v.name, order))),
        ...Array.from({ length: drugs }, (_, index) =>
          codebook.writable('drug').map((v) => item(variableName('drug', v.name, order, index + 1))),
        ).flat(),
      ],
    });
  }
  const offered = new Set(groups.flatMap((group) => group.items.map((entry) => entry.value)));
  const unknown = [...new Set(mapped)].filter((name) => !offered.has(name));
  if (unknown.length > 0) {
    groups.push({ group: words.other, items: unknown.map(item) });
  }
  return groups.filter((group) => group.items.length > 0);
}

/** A coded variable's choices: the codebook's codes, or yes and no for a boolean. */
export interface CodeChoice {
  readonly code: string;
  readonly label: string;
}

/**
 * The codes a variable's source values are mapped to, or null for a variable that takes its cells as
 * they are (a text, a number, a date). A yes/no is coded too: "Sí", "X" and "1" are mapped to `true`.
 */
export function codeChoices(
  entry: CodebookVariable | null,
  yesNo: { readonly yes: string; readonly no: string },
): CodeChoice[] | null {
  if (!entry) {
    return null;
  }
  if (entry.type === 'boolean') {
    return [
      { code: 'true', label: yesNo.yes },
      { code: 'false', label: yesNo.no },
    ];
  }
  if (entry.type === 'code' && entry.values) {
    return entry.values.map((value) => ({
      code: value.code,
      label: value.label === value.code ? value.code : `${value.label} (${value.code})`,
    }));
  }
  return null;
}
