import {
  type Import,
  type ImportColumn,
  type ImportMapping,
  type ImportMappingInput,
  readImportVariableName,
} from '@registry/shared';
import { type Codebook, type CodeChoice, codeChoices } from './variables.ts';

/**
 * The mapping as the user edits it, before it is saved (CONTRACT §14): each column's variable, each coded
 * variable's source values and their codes, and how the file's dates, numbers and blank cells read. It
 * starts from the import's mapping, the upload's guess until one is saved. Pure: the screen holds it.
 */
export type MappingDraft = ImportMapping & {
  /**
   * The codes the screen guessed for a column the user mapped by hand (`importCodeGuesser`, the upload's
   * own guessing), by variable and value: shown as guesses until the user chooses, never sent as such.
   */
  readonly proposed: Readonly<Record<string, Readonly<Record<string, string>>>>;
};

/** The variable an import must map: without it no row finds its patient. */
export const IDENTIFICATION = 'identification';

/** The draft an import's screen opens with: its mapping, with every column of the file named. */
export function draftOf(entry: Pick<Import, 'columns' | 'mapping'>): MappingDraft {
  const columns = Object.fromEntries(
    entry.columns.map((column) => [
      String(column.index),
      entry.mapping.columns[String(column.index)] ?? null,
    ]),
  );
  return { ...entry.mapping, columns, values: { ...entry.mapping.values }, proposed: {} };
}

/**
 * The draft with a column mapped to `variable`, or ignored (null). `proposed` are the codes guessed for
 * the column's values (`importCodeGuesser`): a value without a code in the draft takes its guess, marked
 * as one; a code already chosen stays.
 */
export function withVariable(
  draft: MappingDraft,
  index: number,
  variable: string | null,
  proposed: Readonly<Record<string, string>> = {},
): MappingDraft {
  const next = { ...draft, columns: { ...draft.columns, [String(index)]: variable } };
  const chosen = variable ? valuesOf(draft.values, variable) : {};
  const added = Object.entries(proposed).filter(([source]) => chosen[source] === undefined);
  if (!variable || added.length === 0) {
    return next;
  }
  return {
    ...next,
    values: { ...draft.values, [variable]: { ...chosen, ...Object.fromEntries(added) } },
    proposed: {
      ...draft.proposed,
      [variable]: { ...draft.proposed[variable], ...Object.fromEntries(added) },
    },
  };
}

/** The draft with a source value of a coded variable mapped to `code`, or to nothing (null). */
export function withCode(
  draft: MappingDraft,
  variable: string,
  source: string,
  code: string | null,
): MappingDraft {
  const { [source]: _, ...others } = valuesOf(draft.values, variable);
  const { [source]: __, ...stillProposed } = draft.proposed[variable] ?? {};
  return {
    ...draft,
    values: { ...draft.values, [variable]: code === null ? others : { ...others, [source]: code } },
    proposed: { ...draft.proposed, [variable]: stillProposed },
  };
}

/** A value of the file in a coded column, and the code it is mapped to. */
export interface SourceValue {
  readonly source: string;
  /** null: not mapped yet; the rows holding it would be refused. */
  readonly code: string | null;
  /** The code is a guess (the upload's, or the screen's for a column mapped by hand), not yet confirmed. */
  readonly guessed: boolean;
}

/** A column mapped to a coded variable, with the file's values in it and the codes they may take. */
export interface CodedColumn {
  readonly column: ImportColumn;
  readonly variable: string;
  readonly choices: readonly CodeChoice[];
  readonly values: readonly SourceValue[];
}

/**
 * A variable's values in a mapping: under its own name, or under its codebook name, which serves every
 * numbered variable of it (`scheme` for each treatment's scheme), as the server reads them.
 */
function valuesOf(values: ImportMapping['values'], variable: string): Readonly<Record<string, string>> {
  const base = readImportVariableName(variable)?.base;
  return values[variable] ?? (base ? values[base] : undefined) ?? {};
}

/**
 * The columns mapped to a coded variable, each with every different value of the column (as the server
 * lists them, and any the guess or the user mapped), so that no coded value is written that the user has
 * not seen mapped.
 */
export function codedColumns(
  entry: Pick<Import, 'columns' | 'mapping' | 'mappingConfirmed'>,
  draft: MappingDraft,
  codebook: Codebook,
): CodedColumn[] {
  return entry.columns.flatMap((column) => {
    const variable = draft.columns[String(column.index)];
    const choices = variable ? codeChoices(codebook.entryOf(variable)) : null;
    if (!variable || !choices) {
      return [];
    }
    const guess = valuesOf(entry.mapping.values, variable);
    const chosen = valuesOf(draft.values, variable);
    const proposed = draft.proposed[variable] ?? {};
    const known = new Set(choices.map((choice) => choice.code));
    const sources = [
      ...new Set(
        [...column.values, ...Object.keys(guess), ...Object.keys(chosen)]
          .map((value) => value.trim())
          .filter((value) => value !== ''),
      ),
    ];
    const values = sources.map((source): SourceValue => {
      const code = chosen[source] !== undefined && known.has(chosen[source]) ? chosen[source] : null;
      const guessed =
        code !== null && (proposed[source] === code || (!entry.mappingConfirmed && guess[source] === code));
      return { source, code, guessed };
    });
    return [{ column, variable, choices, values }];
  });
}

/** What the screen says before the mapping is sent (the server checks it again, and more). */
export interface DraftProblems {
  /** The columns mapped to a variable another column is mapped to, by index. */
  readonly repeated: ReadonlySet<number>;
  /** No column is mapped to the identification. */
  readonly noIdentification: boolean;
  /** An admin has named neither a doctor nor a column of doctors' emails. */
  readonly noDoctor: boolean;
  /** Coded values without a code: their rows would be refused. */
  readonly unmapped: number;
}

export function draftProblems(
  draft: MappingDraft,
  coded: readonly CodedColumn[],
  isAdmin: boolean,
): DraftProblems {
  const byVariable = new Map<string, number[]>();
  for (const [index, variable] of Object.entries(draft.columns)) {
    if (variable) {
      byVariable.set(variable, [...(byVariable.get(variable) ?? []), Number(index)]);
    }
  }
  const repeated = new Set([...byVariable.values()].filter((indexes) => indexes.length > 1).flat());
  return {
    repeated,
    noIdentification: !byVariable.has(IDENTIFICATION),
    noDoctor: isAdmin && !draft.doctorId && (draft.doctorColumn === null || draft.doctorColumn === undefined),
    unmapped: coded.reduce(
      (sum, entry) => sum + entry.values.filter((value) => value.code === null).length,
      0,
    ),
  };
}

/** Whether the draft may be sent: the rest (an unmapped value) is the check's to report, row by row. */
export function canSave(problems: DraftProblems): boolean {
  return problems.repeated.size === 0 && !problems.noIdentification && !problems.noDoctor;
}

/**
 * The body of `PUT /api/imports/{id}/mapping`: the values of the coded variables the columns are mapped to,
 * and no others; an admin's doctor or column of emails, whichever is chosen.
 */
export function mappingBody(draft: MappingDraft, coded: readonly CodedColumn[]): ImportMappingInput {
  const values: Record<string, Record<string, string>> = {};
  for (const entry of coded) {
    for (const value of entry.values) {
      if (value.code !== null) {
        values[entry.variable] = { ...values[entry.variable], [value.source]: value.code };
      }
    }
  }
  const { doctorId, doctorColumn, proposed: _, ...rest } = draft;
  return {
    ...rest,
    ...(doctorId ? { doctorId } : {}),
    ...(doctorColumn !== null && doctorColumn !== undefined && !doctorId ? { doctorColumn } : {}),
    values,
  };
}
