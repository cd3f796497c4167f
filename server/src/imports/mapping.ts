import {
  CODEBOOK_DECLARATIONS,
  codebookVariable,
  codebookVariables,
  EXPORT_TEXTS,
  type GuessVariable,
  guessColumns,
  type ImportColumn,
  type ImportMapping,
  type ImportVariable,
  importCodeGuesser,
  importVariable,
  importVariableLabel,
  importVariableName,
  importWrites,
  LANGUAGES,
  type Language,
  MARKER_VARIABLES,
  type VariableDeclaration,
} from '@registry/shared';
import { slotOf } from './slots.ts';

/**
 * The mapping of an import (CONTRACT §14): what each column holds and what each coded value means. The
 * upload answers a first guess (from the headers and the values, by the reader's guessing); the user
 * confirms or changes it, and it is refused with a field message when it names an unknown variable or
 * code, maps two columns to one variable, or leaves the identification unmapped.
 */

/**
 * A key of `values`: an import variable (`treatment_2_scheme`), or a codebook name that every numbered
 * variable of it shares (`scheme`), so that one mapping serves every treatment's scheme.
 */
export function codedVariableOf(key: string): VariableDeclaration | null {
  const variable = importVariable(key);
  if (variable) {
    return variable.declaration;
  }
  return (
    CODEBOOK_DECLARATIONS.find(
      (declaration) => declaration.name === key && declaration.table !== 'patients',
    ) ?? null
  );
}

/** A refusal of the mapping: a field path of the body and its message key with its parameters. */
export interface MappingIssue {
  readonly path: string;
  readonly key: string;
  readonly params?: Readonly<Record<string, string>>;
}

/** The refusals of a mapping over a file's columns (the doctor's part is the service's). */
export function mappingIssues(mapping: ImportMapping, columns: readonly ImportColumn[]): MappingIssue[] {
  const issues: MappingIssue[] = [];
  const indexes = new Set(columns.map((column) => String(column.index)));
  const seen = new Map<string, string>();
  for (const [index, name] of Object.entries(mapping.columns)) {
    if (!indexes.has(index)) {
      issues.push({ path: `columns.${index}`, key: 'importMapping.unknownColumn' });
      continue;
    }
    if (name === null) {
      continue;
    }
    if (!importVariable(name)) {
      issues.push({
        path: `columns.${index}`,
        key: 'importMapping.unknownVariable',
        params: { value: name },
      });
      continue;
    }
    if (seen.has(name)) {
      issues.push({ path: `columns.${index}`, key: 'importMapping.variableTwice', params: { value: name } });
    }
    seen.set(name, index);
  }
  if (!seen.has('identification')) {
    issues.push({ path: 'columns', key: 'importMapping.identificationUnmapped' });
  }
  if (mapping.doctorColumn !== null && mapping.doctorColumn !== undefined) {
    const index = String(mapping.doctorColumn);
    if (!indexes.has(index)) {
      issues.push({ path: 'doctorColumn', key: 'importMapping.unknownColumn' });
    } else if (mapping.columns[index]) {
      issues.push({ path: 'doctorColumn', key: 'importMapping.doctorColumnMapped' });
    }
  }
  for (const [name, values] of Object.entries(mapping.values)) {
    const declaration = codedVariableOf(name);
    if (!declaration) {
      issues.push({ path: `values.${name}`, key: 'importMapping.unknownVariable', params: { value: name } });
      continue;
    }
    if (declaration.type !== 'code' || !declaration.values) {
      issues.push({ path: `values.${name}`, key: 'importMapping.notCoded', params: { value: name } });
      continue;
    }
    for (const [value, code] of Object.entries(values)) {
      if (!declaration.values.includes(code)) {
        issues.push({
          path: `values.${name}.${value}`,
          key: 'importMapping.unknownCode',
          params: { value: code, variable: name },
        });
      }
    }
  }
  return issues;
}

/** How many of each record the guess offers by name: a file with more names them itself. */
const OFFERED = { treatment: 20, drug: 10, sample: 10, labReport: 10, diagnostic: 5 } as const;

/** The headers an export writes for a variable beside the codebook's labels: its field's raw name, a marker's. */
function exportHeadersOf(declaration: VariableDeclaration): string[] {
  const headers: string[] = [];
  if ('header' in declaration.label) {
    headers.push(declaration.label.header);
  }
  if ('marker' in declaration.label) {
    const code = declaration.label.marker;
    if (declaration.label.vaf) {
      headers.push(
        `${code}_vaf`,
        ...LANGUAGES.map((language) => EXPORT_TEXTS[language].vafHeader.replace('{marker}', code)),
      );
    } else {
      headers.push(code, MARKER_VARIABLES[code]);
    }
  }
  return headers;
}

/**
 * A variable as the guessing offers it: its labels in both languages, the export's headers and the
 * synonyms of its codebook name for the patient's and the first of each record (the first treatment's
 * scheme); a later record, and a diagnostic after the first, by its numbered label alone, so that a
 * short form (`Fecha dx`) names one variable, not one per diagnostic.
 */
function guessVariable(variable: ImportVariable): GuessVariable {
  const first = variable.record === 'patient' || (variable.index === 1 && (variable.drug ?? 1) === 1);
  const labels = LANGUAGES.flatMap((language) => {
    const found = codebookVariable(variable.declaration.table, variable.declaration.name, language);
    return found ? [importVariableLabel(variable, found.label, language)] : [];
  });
  return {
    name: variable.name,
    type: variable.declaration.type,
    labels:
      variable.record === 'patient' || variable.index === 1
        ? [...labels, ...exportHeadersOf(variable.declaration)]
        : labels,
    ...(first && variable.name !== variable.declaration.name
      ? { synonymsOf: variable.declaration.name }
      : {}),
  };
}

/** Every variable the guess offers: the patient's, and each record's up to the numbers it offers. */
export const GUESS_VARIABLES: readonly GuessVariable[] = (() => {
  const names: string[] = [];
  for (const declaration of CODEBOOK_DECLARATIONS) {
    const table = declaration.table;
    if (
      declaration.name === 'order' ||
      declaration.name === 'pid' ||
      declaration.name === 'treatment_order'
    ) {
      continue;
    }
    if (table === 'patients') {
      names.push(declaration.name);
      for (let n = 2; n <= OFFERED.diagnostic; n++) {
        names.push(importVariableName('diagnostic', declaration.name, n));
      }
    } else if (table === 'treatments' || table === 'responses') {
      for (let n = 1; n <= OFFERED.treatment; n++) {
        names.push(
          importVariableName(table === 'treatments' ? 'treatment' : 'response', declaration.name, n),
        );
      }
    } else if (table === 'drugs') {
      for (let n = 1; n <= OFFERED.treatment; n++) {
        for (let m = 1; m <= OFFERED.drug; m++) {
          names.push(importVariableName('drug', declaration.name, n, m));
        }
      }
    } else if (table === 'samples' || table === 'lab_reports') {
      for (let n = 1; n <= OFFERED.sample; n++) {
        names.push(importVariableName(table === 'samples' ? 'sample' : 'labReport', declaration.name, n));
      }
    }
  }
  return names.flatMap((name) => {
    const variable = importVariable(name);
    return variable ? [guessVariable(variable)] : [];
  });
})();

/** The codes of a coded column's values: the mapping screen guesses a column mapped by hand with the same. */
const guessCodes = importCodeGuesser(codebookVariables('es'), codebookVariables('en'));

/**
 * The date order and the decimal sign that most of the file's values suggest (a day past 12 in the
 * middle is a month/day/year; `12,5` a comma); the language's when they do not tell.
 */
function formatsOf(
  columns: readonly ImportColumn[],
  guessed: readonly (string | null)[],
  language: Language,
) {
  const votes = { dmy: 0, mdy: 0, ymd: 0, comma: 0, dot: 0 };
  columns.forEach((column, i) => {
    const variable = guessed[i] ? importVariable(guessed[i] as string) : null;
    const type = variable?.declaration.type;
    for (const value of column.values) {
      if (type === 'date') {
        const parts = /^(\d{1,2})[/.-](\d{1,2})[/.-]\d{4}$/.exec(value);
        if (parts && Number(parts[2]) > 12) {
          votes.mdy += 1;
        } else if (parts && Number(parts[1]) > 12) {
          votes.dmy += 1;
        } else if (/^\d{4}[/.-]\d{1,2}[/.-]\d{1,2}$/.test(value)) {
          votes.ymd += 1;
        }
      }
      if (type === 'number') {
        votes.comma += /^[+-]?\d*,\d+$/.test(value) ? 1 : 0;
        votes.dot += /^[+-]?\d*\.\d+$/.test(value) ? 1 : 0;
      }
    }
  });
  let dateFormat: ImportMapping['dateFormat'] = 'dmy';
  if (votes.mdy > votes.dmy) {
    dateFormat = 'mdy';
  } else if (votes.ymd > votes.dmy + votes.mdy) {
    dateFormat = 'ymd';
  }
  const byLanguage: ImportMapping['decimal'] = language === 'es' ? ',' : '.';
  let decimal: ImportMapping['decimal'] = byLanguage;
  if (votes.comma !== votes.dot) {
    decimal = votes.comma > votes.dot ? ',' : '.';
  }
  return { dateFormat, decimal };
}

/**
 * The upload's first mapping: each column's variable guessed from its header (each variable once), each
 * coded value's code from the column's values, the date order and the decimal sign from the values.
 * With `previous` (the caller's last confirmed mapping of a file with the same headers), its choices
 * come first: the same variable for the same header, the same codes for the same values.
 */
export function guessMapping(
  columns: readonly ImportColumn[],
  language: Language,
  previous: { mapping: ImportMapping; columns: readonly ImportColumn[] } | null,
): ImportMapping {
  const guesses = guessColumns(
    columns.map((column) => column.header),
    GUESS_VARIABLES,
  );
  const previousByHeader = new Map(
    previous?.columns.map((column) => [
      column.header.toLowerCase(),
      previous.mapping.columns[String(column.index)] ?? null,
    ]) ?? [],
  );
  const taken = new Set<string>();
  const chosen = columns.map((column, i) => {
    const before = previousByHeader.get(column.header.toLowerCase());
    const name = before !== undefined ? before : (guesses[i]?.variable ?? null);
    if (!name || taken.has(name)) {
      return null;
    }
    taken.add(name);
    return name;
  });
  const values: Record<string, Record<string, string>> = {};
  columns.forEach((column, i) => {
    const name = chosen[i];
    if (!name || importVariable(name)?.declaration.type !== 'code') {
      return;
    }
    const earlier = previous?.mapping.values[name] ?? {};
    const guessed = guessCodes(name, column.values);
    const map: Record<string, string> = {};
    for (const value of column.values) {
      const code = earlier[value] ?? guessed[value];
      if (code) {
        map[value] = code;
      }
    }
    values[name] = map;
  });
  const formats = formatsOf(columns, chosen, language);
  return {
    dateFormat: previous?.mapping.dateFormat ?? formats.dateFormat,
    decimal: previous?.mapping.decimal ?? formats.decimal,
    blank: previous?.mapping.blank ?? 'keep',
    columns: Object.fromEntries(columns.map((column, i) => [String(column.index), chosen[i] ?? null])),
    values,
  };
}

/** Whether a variable name is one the import writes for this owner (for the ignored list). */
export function writes(name: string, admin: boolean): boolean {
  const variable = importVariable(name);
  return variable !== null && slotOf(variable) !== null && importWrites(variable, admin) === 'write';
}
