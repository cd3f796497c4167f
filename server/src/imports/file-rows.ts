import {
  type ImportColumn,
  type ImportIgnoredColumn,
  type ImportMapping,
  type ImportVariable,
  importVariable,
  importWrites,
} from '@registry/shared';
import type { Spreadsheet } from './read/spreadsheet.ts';
import { cellText } from './read/table.ts';
import type { RowCell } from './row-file.ts';
import { type Slot, slotOf } from './slots.ts';

/**
 * How the columns of a file are read under a mapping (CONTRACT §14): the identification's column, the
 * doctors' column of an admin's import, the columns written (each with its variable and its place in a
 * patient file) and those read and not written, with the reason each is listed on the import.
 */
export interface ColumnPlan {
  readonly identification: number | null;
  readonly doctorColumn: number | null;
  readonly written: readonly { index: number; header: string; variable: ImportVariable; slot: Slot }[];
  readonly ignored: readonly ImportIgnoredColumn[];
}

/**
 * The plan of a mapping over a file's columns, for an owner who is an admin or not; `derived` names the
 * headers of columns that the file derives (an export's counts), listed as such when not mapped.
 */
export function planOf(
  columns: readonly ImportColumn[],
  mapping: ImportMapping,
  admin: boolean,
  derived: ReadonlySet<string> = new Set(),
): ColumnPlan {
  let identification: number | null = null;
  const written: ColumnPlan['written'][number][] = [];
  const ignored: ImportIgnoredColumn[] = [];
  const doctorColumn = admin ? (mapping.doctorColumn ?? null) : null;
  for (const column of columns) {
    if (column.index === doctorColumn) {
      continue;
    }
    const name = mapping.columns[String(column.index)] ?? null;
    const variable = name ? importVariable(name) : null;
    if (!variable) {
      const reason = !name && derived.has(column.header) ? 'derived' : 'unknown';
      ignored.push({ index: column.index, header: column.header, variable: name, reason });
      continue;
    }
    const writes = importWrites(variable, admin);
    const slot = slotOf(variable);
    if (writes !== 'write' || !slot) {
      ignored.push({
        index: column.index,
        header: column.header,
        variable: variable.name,
        reason: writes === 'write' ? 'unknown' : writes,
      });
      continue;
    }
    if (variable.name === 'identification') {
      identification = column.index;
    }
    written.push({ index: column.index, header: column.header, variable, slot });
  }
  return { identification, doctorColumn, written, ignored };
}

/** A data row of the file as the import reads it. */
export interface FileRow {
  /** Its number in the sheet, as a spreadsheet shows it. */
  readonly row: number;
  readonly identification: string;
  /** The doctor's email of an admin's import with a doctors' column. */
  readonly doctorEmail: string | null;
  readonly cells: RowCell[];
}

/** The records of an export's further sheets, by the patient's id in its id column. */
export interface SideRecords {
  readonly idColumn: number;
  readonly cells: ReadonlyMap<string, RowCell[]>;
}

/** The rows of the file under a plan, `size` at a time, in the file's order. */
export async function* fileRows(
  sheet: Spreadsheet,
  plan: ColumnPlan,
  size: number,
  side: SideRecords | null = null,
): AsyncGenerator<FileRow[]> {
  let batch: FileRow[] = [];
  for await (const { row, cells } of sheet.rows()) {
    const exported = side ? side.cells.get(cellText(cells[side.idColumn] ?? null).trim()) : undefined;
    batch.push({
      row,
      identification: plan.identification === null ? '' : cellText(cells[plan.identification] ?? null).trim(),
      doctorEmail:
        plan.doctorColumn === null ? null : cellText(cells[plan.doctorColumn] ?? null).trim() || null,
      cells: [
        ...plan.written.map((column) => ({
          variable: column.variable,
          slot: column.slot,
          column: column.header,
          cell: cells[column.index] ?? null,
        })),
        ...(exported ?? []),
      ],
    });
    if (batch.length >= size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) {
    yield batch;
  }
}
