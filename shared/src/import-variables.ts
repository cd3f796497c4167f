import { codebookDeclaration } from './codebook.ts';
import type { VariableDeclaration } from './codebook-variables.ts';
import { type ImportRecord, importWritesName, readImportVariableName } from './import-variable-names.ts';

/**
 * The variables of an import (CONTRACT §14): the codebook's (§15), one patient per row, named by the
 * grammar of `import-variable-names.ts` (`birth_date`, `treatment_2_scheme`, `treatment_1_drug_2_name`),
 * each with the codebook's declaration behind it.
 */

export interface ImportVariable {
  /** The import's name, numbered. */
  readonly name: string;
  /** The codebook's variable it is. */
  readonly declaration: VariableDeclaration;
  readonly record: ImportRecord;
  /** The record's number (1 for the first); null for the patient's own variables. */
  readonly index: number | null;
  /** A drug's number within its treatment. */
  readonly drug: number | null;
}

/** An import variable by its name; null for a name that is not one. */
export function importVariable(name: string): ImportVariable | null {
  const read = readImportVariableName(name);
  const declaration = read ? codebookDeclaration(read.table, read.base) : null;
  return read && declaration
    ? { name, declaration, record: read.record, index: read.index, drug: read.drug }
    : null;
}

/**
 * Whether an import writes the variable: `write`, or why not (derived by the registry, or not the
 * caller's). What the codebook describes in long form (`markers`) is not an import variable at all.
 */
export function importWrites(variable: ImportVariable, admin: boolean): 'write' | 'derived' | 'notAllowed' {
  return importWritesName(
    { record: variable.record, base: variable.declaration.name },
    variable.declaration.derivation !== undefined,
    admin,
  );
}
