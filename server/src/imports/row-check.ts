import type { ImportAction, ImportChange } from '@registry/shared';
import { type PatientFile, patientFileIssues, same } from '../patients/index.ts';
import { valueInFile, variableOfPath } from './paths.ts';
import { cellText } from './read/table.ts';
import { type Asked, type FileContext, fileOfRow, type RowCell, type RowError } from './row-file.ts';

/**
 * One row judged (CONTRACT §14): the patient file it asks for, refused by the same rules as the write
 * (`patientFileIssues`), its action and every change as old → new. Nothing is written.
 */

/** A refusal as the import keeps it: its message key and parameters, worded when it is shown. */
export type FileRowError = RowError;

export interface RowVerdict {
  readonly action: ImportAction;
  readonly changes: ImportChange[];
  readonly errors: FileRowError[];
  /** The file the row asks for (not for a refused row). */
  readonly file: PatientFile | null;
}

/** The number a row gives a lab report of a name, and the name it gives a number. */
function reportNumbers(asked: Map<string, Asked>) {
  const byName = new Map<string, number>();
  const byNumber = new Map<number, string>();
  for (const { cell, value } of asked.values()) {
    if (cell.slot.part === 'reports' && cell.slot.field === 'name' && typeof value === 'string') {
      byName.set(value, cell.variable.index ?? 0);
      byNumber.set(cell.variable.index ?? 0, value);
    }
  }
  return {
    number: (name: string) => byName.get(name) ?? null,
    name: (number: number) => byNumber.get(number) ?? null,
  };
}

/** Judges a row against its patient's stored file (null for a new patient). */
export function judgeRow(
  identification: string,
  cells: readonly RowCell[],
  stored: PatientFile | null,
  context: FileContext & { readonly today: string },
): RowVerdict {
  const { file, asked, errors } = fileOfRow(stored, identification, cells, context);
  if (errors.length > 0) {
    return { action: 'refused', changes: [], errors, file: null };
  }
  const reports = reportNumbers(asked);
  const issues = patientFileIssues(file, stored, context);
  const refusals: FileRowError[] = [];
  for (const [path, key] of Object.entries(issues.fields)) {
    const variable = variableOfPath(path, file, reports.number);
    const cell = variable ? asked.get(variable)?.cell : undefined;
    refusals.push({
      column: cell?.column ?? null,
      variable,
      value: cell ? cellText(cell.cell).trim() : null,
      key,
    });
  }
  for (const code of issues.codes) {
    refusals.push({ column: null, variable: null, value: null, key: `errors.${code}` });
  }
  if (refusals.length > 0) {
    return { action: 'refused', changes: [], errors: refusals, file: null };
  }
  const changes: ImportChange[] = [];
  for (const [name, { cell }] of asked) {
    const old = valueInFile(stored, cell.variable, cell.slot, reports.name);
    const now = valueInFile(file, cell.variable, cell.slot, reports.name);
    if (!same(old, now)) {
      changes.push({ variable: name, old, new: now });
    }
  }
  if (!stored) {
    return { action: 'new', changes, errors: [], file };
  }
  return { action: same(file, stored) ? 'unchanged' : 'update', changes, errors: [], file };
}
