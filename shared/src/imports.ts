import { z } from 'zod';
import { pageQuerySchema } from './http.ts';

/**
 * The import of a spreadsheet (CONTRACT §14, docs/api-imports.md): the upload, its mapping of columns
 * and values to the codebook's variables (§15), the dry run, the apply and the undo. The server and the
 * web app share these shapes.
 */

/** The largest file taken, in bytes (20 MiB). */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
/** The most data rows and columns a file may hold. */
export const IMPORT_MAX_ROWS = 50_000;
export const IMPORT_MAX_COLUMNS = 500;
/** The most different values of a column the import lists for its mapping. */
export const IMPORT_COLUMN_VALUES = 200;
/** How long after its apply an import can be undone, in days. */
export const IMPORT_UNDO_DAYS = 30;
/** The file names taken (the content decides, not the name). */
export const IMPORT_EXTENSIONS = ['.csv', '.tsv', '.txt', '.xlsx'] as const;

/**
 * An import's life: uploaded → checking → checked → applying → applied, then undone; failed (with its
 * error) when a check or an apply could not finish. A checked import is checked again after its mapping
 * changes; a failed apply is applied again to finish it.
 */
export const IMPORT_STATUSES = [
  'uploaded',
  'checking',
  'checked',
  'applying',
  'applied',
  'failed',
  'undone',
] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** What the check found a row would do. */
export const IMPORT_ACTIONS = ['new', 'update', 'unchanged', 'refused', 'conflict'] as const;
export type ImportAction = (typeof IMPORT_ACTIONS)[number];

/** How the file writes its dates: day/month/year, year-month-day, month/day/year. */
export const IMPORT_DATE_FORMATS = ['dmy', 'ymd', 'mdy'] as const;
export type ImportDateFormat = (typeof IMPORT_DATE_FORMATS)[number];

/** The decimal sign of the file's numbers. */
export const IMPORT_DECIMAL_SIGNS = [',', '.'] as const;
export type ImportDecimalSign = (typeof IMPORT_DECIMAL_SIGNS)[number];

/** What an empty cell means: leave the stored value as it is (the default), or clear it. */
export const IMPORT_BLANK_RULES = ['keep', 'clear'] as const;
export type ImportBlankRule = (typeof IMPORT_BLANK_RULES)[number];

/** The kinds of file read. */
export const IMPORT_FILE_KINDS = ['csv', 'xlsx'] as const;
export type ImportFileKind = (typeof IMPORT_FILE_KINDS)[number];

/**
 * Why a column of the file is not written: the registry derives it (an age, a count, an ELN category, a
 * quality flag, an institution's or a doctor's name), the importer may not write it (Code OP and NGS OP
 * for a doctor), or it names no variable of the codebook.
 */
export const IMPORT_IGNORED_REASONS = ['derived', 'notAllowed', 'unknown'] as const;
export type ImportIgnoredReason = (typeof IMPORT_IGNORED_REASONS)[number];

/** A column's index in the file (0-based) as a key of `columns`. */
const columnKey = z.string().regex(/^(0|[1-9]\d{0,3})$/, 'validation.invalid');

/** A variable's name as the codebook writes it, numbered for repeated records (`treatment_2_scheme`). */
export const importVariableNameSchema = z
  .string()
  .max(100, 'validation.tooLong')
  .regex(/^[a-z][a-z0-9]*(_[a-z0-9]+)*$/, 'validation.invalid');

/** A value of the file (a cell's text, trimmed) → the code it stands for. */
const valueMap = z.record(
  z.string().max(500, 'validation.tooLong'),
  z.string().max(200, 'validation.tooLong'),
);

/**
 * `PUT /api/imports/{id}/mapping`, and the guess an upload answers in the same shape. `columns` maps each
 * column's index to a variable or to nothing; `values` maps, for a coded variable, each value of the
 * file to a code. An admin names the doctor (`doctorId`) or the column of doctors' emails
 * (`doctorColumn`, a column's index); a doctor names neither.
 */
export const importMappingSchema = z.strictObject({
  /** The sheet of an XLSX to read (its name); the first by default. */
  sheet: z.string().min(1).max(31, 'validation.tooLong').optional(),
  /** The row of the headers, 1 for the first; the data rows follow it. */
  headerRow: z
    .number()
    .int('validation.positiveInteger')
    .min(1, 'validation.positiveInteger')
    .max(1000)
    .optional(),
  doctorId: z.uuid({ error: 'validation.invalid' }).nullable().optional(),
  doctorColumn: z.number().int('validation.invalid').min(0, 'validation.invalid').nullable().optional(),
  dateFormat: z.enum(IMPORT_DATE_FORMATS, { error: 'validation.chooseOption' }),
  decimal: z.enum(IMPORT_DECIMAL_SIGNS, { error: 'validation.chooseOption' }),
  blank: z.enum(IMPORT_BLANK_RULES, { error: 'validation.chooseOption' }).default('keep'),
  columns: z.record(columnKey, importVariableNameSchema.nullable()),
  values: z.record(importVariableNameSchema, valueMap).default({}),
});
export type ImportMappingInput = z.input<typeof importMappingSchema>;
export type ImportMapping = z.infer<typeof importMappingSchema>;

/** `POST /api/imports/{id}/apply`. */
export const applyImportSchema = z.strictObject({
  /** Apply the rows of patients changed in the registry since the check too (their `conflict`). */
  acceptConflicts: z.boolean().optional(),
});
export type ApplyImportInput = z.infer<typeof applyImportSchema>;

/** A column of the file: its header, a few of its first values, and its different values for the mapping. */
export const importColumnSchema = z.object({
  index: z.number().int(),
  header: z.string(),
  samples: z.array(z.string()),
  /** Its different values (trimmed, at most `IMPORT_COLUMN_VALUES`), which a coded variable's mapping lists. */
  values: z.array(z.string()),
  /** Whether it has more different values than `values` lists. */
  moreValues: z.boolean(),
});
export type ImportColumn = z.infer<typeof importColumnSchema>;

/** A column the import recognised and does not write, and why. */
export const importIgnoredColumnSchema = z.object({
  index: z.number().int(),
  header: z.string(),
  /** The variable it names, when it names one. */
  variable: z.string().nullable(),
  reason: z.enum(IMPORT_IGNORED_REASONS),
});
export type ImportIgnoredColumn = z.infer<typeof importIgnoredColumnSchema>;

export const importSummarySchema = z.object({
  new: z.number().int(),
  update: z.number().int(),
  unchanged: z.number().int(),
  refused: z.number().int(),
  conflict: z.number().int(),
});
export type ImportSummary = z.infer<typeof importSummarySchema>;

export const importProgressSchema = z.object({ done: z.number().int(), total: z.number().int() });
export type ImportProgress = z.infer<typeof importProgressSchema>;

const person = z.object({ id: z.uuid(), name: z.string() });

/** An import as `GET /api/imports/{id}` answers it. */
export const importSchema = z.object({
  id: z.uuid(),
  status: z.enum(IMPORT_STATUSES),
  fileName: z.string(),
  createdAt: z.iso.datetime(),
  owner: person,
  /** The doctor whose patients it writes; null while an admin has named none, or names a column. */
  doctor: person.nullable(),
  kind: z.enum(IMPORT_FILE_KINDS),
  /** A CSV's encoding as detected (`utf-8`, `utf-8-bom`, `windows-1252`); null for an XLSX. */
  encoding: z.string().nullable(),
  /** A CSV's delimiter (`,`, `;`, tab); null for an XLSX. */
  delimiter: z.string().nullable(),
  /** An XLSX's sheets; empty for a CSV. */
  sheets: z.array(z.string()),
  sheet: z.string().nullable(),
  headerRow: z.number().int(),
  rowCount: z.number().int(),
  columns: z.array(importColumnSchema),
  /** The confirmed mapping, or the guess of the upload until one is saved. */
  mapping: importMappingSchema,
  /** Whether `mapping` was saved by the user (else it is the upload's guess). */
  mappingConfirmed: z.boolean(),
  /** The columns read and not written, and why. */
  ignored: z.array(importIgnoredColumnSchema),
  /** Once checked. */
  summary: importSummarySchema.nullable(),
  progress: importProgressSchema,
  /** Why it failed: a message in the caller's language. */
  error: z.string().nullable(),
  checkedAt: z.iso.datetime().nullable(),
  appliedAt: z.iso.datetime().nullable(),
  /** Until when it can be undone; null when it cannot (not applied, or undone). */
  undoUntil: z.iso.datetime().nullable(),
});
export type Import = z.infer<typeof importSchema>;

/** A row of `GET /api/imports` (the list): the import without its columns and mapping. */
export const importListItemSchema = importSchema.pick({
  id: true,
  status: true,
  fileName: true,
  createdAt: true,
  owner: true,
  doctor: true,
  rowCount: true,
  summary: true,
  progress: true,
  appliedAt: true,
  undoUntil: true,
});
export type ImportListItem = z.infer<typeof importListItemSchema>;

/** A value as a change shows it: text, a number, yes/no, or nothing. */
const changeValue = z.union([z.string(), z.number(), z.boolean()]).nullable();

/** A change a row makes to a variable. */
export const importChangeSchema = z.object({ variable: z.string(), old: changeValue, new: changeValue });
export type ImportChange = z.infer<typeof importChangeSchema>;

/** Why a row (or a cell of it) is refused: the column and the value, and the message in the caller's language. */
export const importRowErrorSchema = z.object({
  /** The column's header; null for a refusal of the row as a whole. */
  column: z.string().nullable(),
  variable: z.string().nullable(),
  value: z.string().nullable(),
  message: z.string(),
  /** The message's key, for a client that words it itself. */
  key: z.string(),
});
export type ImportRowError = z.infer<typeof importRowErrorSchema>;

/** A row of the file as the check judged it (`GET /api/imports/{id}/rows`). */
export const importRowSchema = z.object({
  /** The row's number in the sheet, as a spreadsheet shows it. */
  row: z.number().int(),
  identification: z.string().nullable(),
  action: z.enum(IMPORT_ACTIONS),
  patientId: z.uuid().nullable(),
  changes: z.array(importChangeSchema),
  errors: z.array(importRowErrorSchema),
  /** Whether the apply wrote it. */
  applied: z.boolean(),
});
export type ImportRow = z.infer<typeof importRowSchema>;

/** `GET /api/imports/{id}/rows`. */
export const importRowsQuerySchema = pageQuerySchema.extend({
  action: z
    .preprocess(
      (value) => (value === '' || value === 'all' ? undefined : value),
      z.enum(IMPORT_ACTIONS, { error: 'validation.chooseOption' }).optional(),
    )
    .optional(),
});
export type ImportRowsQuery = z.infer<typeof importRowsQuerySchema>;

/** `GET /api/imports`. */
export const importListQuerySchema = pageQuerySchema;
export type ImportListQuery = z.infer<typeof importListQuerySchema>;

/** `GET /api/imports/template?lang=`. */
export const importTemplateQuerySchema = z.strictObject({
  lang: z.enum(['es', 'en'], { error: 'validation.chooseOption' }).optional(),
});

/** `POST /api/imports/{id}/undo` refused: the patients changed since the apply. */
export const importUndoRefusalSchema = z.object({
  patients: z.array(z.object({ id: z.uuid(), identification: z.string() })),
});
export type ImportUndoRefusal = z.infer<typeof importUndoRefusalSchema>;

/** The statuses in which the server is working on an import. */
export const IMPORT_RUNNING: readonly ImportStatus[] = ['checking', 'applying'];
