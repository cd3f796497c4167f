import { getTableColumns } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/** The columns a table keeps for itself: its key, its parent's key and its timestamps. */
const OWN = ['id', 'patientId', 'treatmentId', 'createdAt', 'updatedAt'] as const;
type Own = (typeof OWN)[number];

/**
 * A record's values as its table holds them, without the columns the table keeps for itself nor the
 * ones written by calls of their own (`Except`, e.g. a diagnostic's genetics).
 */
export type RecordValues<T extends PgTable, Except extends string = never> = Omit<
  T['$inferSelect'],
  Own | Except
>;

/**
 * The columns of a record's values, by their table's property names, for a select: a column added to
 * the table is read (and its value typed) with no other change.
 */
export function recordColumns<T extends PgTable, Except extends string = never>(
  table: T,
  except: readonly Except[] = [],
): Omit<T['_']['columns'], Own | Except> {
  const columns: Record<string, unknown> = { ...getTableColumns(table) };
  for (const own of [...OWN, ...except]) {
    delete columns[own];
  }
  return columns as Omit<T['_']['columns'], Own | Except>;
}

/**
 * A record's whole values from the fields a client sent: every column of the table (but `except`), a
 * field not sent as null (its column's default is the caller's to give).
 */
export function completeValues<T extends PgTable, Except extends string = never>(
  table: T,
  fields: Partial<Record<keyof RecordValues<T, Except>, unknown>>,
  except: readonly Except[] = [],
): RecordValues<T, Except> {
  const values: Record<string, unknown> = {};
  for (const key of Object.keys(recordColumns(table, except))) {
    values[key] = (fields as Record<string, unknown>)[key] ?? null;
  }
  return values as RecordValues<T, Except>;
}
