/**
 * The backup file (docs/operations.md#backups): gzip-compressed lines of JSON, written and read in one
 * pass so that neither side holds a database in memory.
 *
 *   ["leukaemia-registry-backup", header]      first line
 *   ["table", name, columns]                   before the rows of each table
 *   {…}                                        one row: PostgreSQL's own row_to_json, never parsed
 *   ["end", { rows: { table: count } }]        last line: a backup without it is incomplete
 *
 * Rows are written and read back by the database itself (row_to_json, json_populate_recordset), so that
 * every value — bytes of files, timestamps to the microsecond, numbers — comes back as it was.
 */
export const BACKUP_FORMAT = 'leukaemia-registry-backup';
export const BACKUP_VERSION = 1;

export interface AppliedMigration {
  /** sha256 of the migration's SQL, as the migrator records it. */
  readonly hash: string;
  /** The migration's timestamp in the journal (its place in the sequence). */
  readonly createdAt: number;
}

export interface BackupHeader {
  readonly format: typeof BACKUP_FORMAT;
  readonly version: number;
  readonly createdAt: string;
  readonly engine: 'pglite' | 'postgres';
  /** The migrations the database had: a restore brings the new database to the same level first. */
  readonly migrations: readonly AppliedMigration[];
  /** Every table, parents before children. */
  readonly tables: readonly string[];
}

export interface BackupTrailer {
  readonly rows: Readonly<Record<string, number>>;
}

export type MetaLine =
  | [typeof BACKUP_FORMAT, BackupHeader]
  | ['table', string, string[]]
  | ['end', BackupTrailer];

/** The problem with a file that is not a whole backup of this format, in words for the operator. */
export class BackupFileError extends Error {
  override name = 'BackupFileError';
}

/** Whether a line is one of the format's own lines rather than a row (rows are JSON objects). */
export const isMetaLine = (line: string): boolean => line.startsWith('[');
