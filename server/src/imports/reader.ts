/**
 * What the import reads through (`read/`, docs/decisions/019-reading-import-files.md): the file as a
 * spreadsheet (`readSpreadsheet`), a cell as a value (`parseDate`, `parseDecimal`, …) and the first
 * guesses of a column's variable and a value's code (`guessColumns`, `guessValues`).
 */
import type { ValueResult as ReadValueResult } from './read/values.ts';

export type { ImportMessageParams } from '@registry/shared';
export {
  type ColumnGuess,
  type GuessVariable,
  guessColumns,
  guessValue,
  guessValues,
  guessVariablesOf,
  type ValueGuess,
} from './read/guess.ts';
export { normalise } from './read/normalise.ts';
export {
  type Cell,
  type Column,
  ImportFileError,
  READ_LIMITS,
  type ReadOptions,
  readSpreadsheet,
  type SheetRow,
  type SheetTable,
  type Spreadsheet,
} from './read/spreadsheet.ts';
export { cellText } from './read/table.ts';
export {
  type DateOrder,
  type DateRule,
  type DecimalSign,
  isBlank,
  parseBoolean,
  parseDate,
  parseDecimal,
  parseInteger,
  parseText,
} from './read/values.ts';

/** A value read, or why not: the reader's refusals, or the import's own (a value the mapping leaves out). */
export type ValueResult<T> =
  | ReadValueResult<T>
  | { readonly ok: false; readonly message: string; readonly params: Readonly<Record<string, string>> };
