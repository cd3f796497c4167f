/** The limits of an import file (CONTRACT §14). */
export const READ_LIMITS = {
  /** The largest file accepted: 20 MiB. */
  fileBytes: 20 * 1024 * 1024,
  /** The most an XLSX's parts may expand to, together: 200 MiB. */
  expandedBytes: 200 * 1024 * 1024,
  /** The most data rows of a sheet (below its header). */
  rows: 50_000,
  /** The most columns of a sheet. */
  columns: 500,
} as const;
