import type { DatasetTable } from '@registry/shared';

/**
 * The layout of a dataset's tables as its files describe them (CONTRACT §15): each table's columns, in
 * the CSV's order, with their labels in the dataset's language, the type the CSV holds them as (a date
 * of a de-identified dataset becomes a whole number of days, or stays a date, shifted), their codes and
 * the keys that tie the tables together. `codebook.csv`, `datapackage.json`, `read_dataset.R`,
 * `dataset.do` and `dataset.sps` are all written from it, so they never disagree with the CSV files.
 */

/** The type of a column in the CSV (the codebook's types). */
export type ColumnType = 'string' | 'integer' | 'number' | 'date' | 'boolean' | 'code';

export interface CodeLabel {
  readonly code: string;
  readonly label: string;
}

export interface DatasetColumn {
  readonly name: string;
  readonly label: string;
  readonly type: ColumnType;
  readonly unit: string | null;
  /** The codes of a `code` column, with their labels. */
  readonly values: readonly CodeLabel[] | null;
  /** How the registry derives it (the codebook's derivation), and what a transformed date now counts. */
  readonly description: string | null;
}

export interface ForeignKey {
  readonly fields: readonly string[];
  readonly reference: { readonly resource: DatasetTable; readonly fields: readonly string[] };
}

export interface DatasetTableLayout {
  readonly name: DatasetTable;
  readonly columns: readonly DatasetColumn[];
  readonly primaryKey: readonly string[];
  readonly foreignKeys: readonly ForeignKey[];
}

/** The CSV file of a table. */
export const fileOf = (table: DatasetTable): string => `${table}.csv`;

/**
 * A `code` column whose codes are whole numbers (an endpoint's event: 0, 1, 2) is a number with labelled
 * values, as a survival or competing-risks function takes it; other codes are texts.
 */
export const isNumericCode = (column: DatasetColumn): boolean =>
  column.type === 'code' &&
  (column.values ?? []).length > 0 &&
  (column.values ?? []).every((value) => /^-?\d+$/.test(value.code));

/** What the scripts make of a column: text, a whole number, a number, a date, a yes/no, or a labelled code. */
export type ScriptKind = 'text' | 'integer' | 'number' | 'date' | 'boolean' | 'factor' | 'labelledInteger';

export function scriptKindOf(column: DatasetColumn): ScriptKind {
  switch (column.type) {
    case 'string':
      return 'text';
    case 'integer':
      return 'integer';
    case 'number':
      return 'number';
    case 'date':
      return 'date';
    case 'boolean':
      return 'boolean';
    case 'code':
      return isNumericCode(column) ? 'labelledInteger' : 'factor';
  }
}

/** The longest text each text column of each table holds, in UTF-8 bytes (SPSS needs a width). */
export type TextWidths = Readonly<Record<string, Readonly<Record<string, number>>>>;
