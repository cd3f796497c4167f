import { csvRecords } from '../http/csv.ts';
import type { DatasetColumn, DatasetTableLayout } from './layout.ts';

/**
 * A table's CSV as the dataset writes it (CONTRACT §15): UTF-8 without a byte-order mark, a comma between
 * fields, a header of the variables' names, an empty field for a missing value, codes as stored, yes/no
 * as 1/0, dates as `yyyy-MM-dd` or whole days. A line break inside a text becomes a space, so that every
 * row is one line (SPSS reads no other). A free text (only in an identified dataset that asks for it)
 * that begins with `=`, `+`, `-`, `@`, a tab or a carriage return gets a leading `'`, as the exports do,
 * so that a spreadsheet opening the file runs no formula.
 */

const FORMULA_START = /^[=+\-@\t\r]/;

/** A value as its CSV field holds it, before quoting. */
export function cellOf(column: DatasetColumn, value: unknown, freeText: boolean): string | number | null {
  if (value === null || value === undefined) {
    return null;
  }
  switch (column.type) {
    case 'boolean':
      return value ? 1 : 0;
    case 'integer':
    case 'number':
      return typeof value === 'number' ? value : Number(value);
    default: {
      const text = String(value).replace(/\r\n|[\r\n]/g, ' ');
      return freeText && FORMULA_START.test(text) ? `'${text}` : text;
    }
  }
}

/** Counts a table's rows and its text columns' widest values (in UTF-8 bytes) as it is written. */
export class TableStats {
  rows = 0;
  readonly widths: Record<string, number> = {};

  constructor(readonly layout: DatasetTableLayout) {}

  /** Writes some rows (each value in the layout's column order) as CSV lines. */
  lines(rows: readonly (readonly unknown[])[], freeText: ReadonlySet<string>): string {
    const { columns } = this.layout;
    const cells = rows.map((row) =>
      columns.map((column, index) => {
        const cell = cellOf(column, row[index], freeText.has(column.name));
        if (typeof cell === 'string') {
          const bytes = Buffer.byteLength(cell, 'utf8');
          if (bytes > (this.widths[column.name] ?? 0)) {
            this.widths[column.name] = bytes;
          }
        }
        return cell;
      }),
    );
    this.rows += rows.length;
    return csvRecords(cells, ',');
  }

  /** The header line: the variables' names. */
  header(): string {
    return csvRecords([this.layout.columns.map((column) => column.name)], ',');
  }
}
