import { IMPORT_MAX_BYTES, IMPORT_MAX_COLUMNS, IMPORT_MAX_ROWS } from '@registry/shared';

/** The limits of an import file (CONTRACT §14). */
export const READ_LIMITS = {
  /** The largest file accepted: 20 MiB. */
  fileBytes: IMPORT_MAX_BYTES,
  /** The most an XLSX's parts may expand to, together: 200 MiB. */
  expandedBytes: 200 * 1024 * 1024,
  /** The most data rows of a sheet (below its header). */
  rows: IMPORT_MAX_ROWS,
  /** The most columns of a sheet. */
  columns: IMPORT_MAX_COLUMNS,
} as const;
