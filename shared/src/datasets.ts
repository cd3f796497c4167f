import { z } from 'zod';
import { pageQuerySchema } from './http.ts';
import { LANGUAGES } from './locales/index.ts';
import { outcomeFilterFields } from './outcomes.ts';
import { requiredText, storableString } from './text.ts';

/**
 * The analysis dataset (CONTRACT §15, docs/api-datasets.md): an admin asks for one with a purpose, the
 * list's filters and the options; the server builds a zip in the background and keeps it for download.
 */

/** How a de-identified dataset gives dates: days from the first diagnosis, or shifted per patient. */
export const DATASET_DATES = ['intervals', 'shifted'] as const;
export type DatasetDates = (typeof DATASET_DATES)[number];

/** Where a dataset stands: being built, ready to download, or failed. */
export const DATASET_STATUSES = ['building', 'ready', 'failed'] as const;
export type DatasetStatus = (typeof DATASET_STATUSES)[number];

/**
 * Why a build failed, as a dataset records it (`error`): the server stopped while it ran (the job sweep
 * marks it at the next start), or it failed (the server's log says why). A code, never the error's words.
 */
export const DATASET_ERRORS = ['SERVER_STOPPED', 'BUILD_FAILED'] as const;
export type DatasetError = (typeof DATASET_ERRORS)[number];

/** The tables of a dataset's zip, one CSV each, in the zip's order. */
export const DATASET_TABLES = ['patients', 'treatments', 'drugs', 'responses', 'markers'] as const;
export type DatasetTable = (typeof DATASET_TABLES)[number];

export const PURPOSE_MIN = 10;
export const PURPOSE_MAX = 500;
export const STUDY_KEY_MAX = 100;

/**
 * The filters of a dataset: the patient list's (CONTRACT §3) and the outcomes' range of diagnosis dates,
 * so that a dataset holds exactly the patients the list and the outcomes screens count for them.
 */
export const datasetFiltersSchema = z.strictObject(outcomeFilterFields);
export type DatasetFilters = z.infer<typeof datasetFiltersSchema>;

/**
 * `POST /api/datasets` (admins). A de-identified dataset (the default) gives its dates as `dates` says;
 * an identified one keeps exact dates and identifiers, and free text only when `freeText` asks for it,
 * which a de-identified one refuses. The study key makes the pseudonyms: the same key gives the same
 * patient ids, centre numbers and date shifts, another key others.
 */
export const datasetRequestSchema = z
  .strictObject({
    purpose: storableString('datasets.purposeLength')
      .trim()
      .min(PURPOSE_MIN, 'datasets.purposeLength')
      .max(PURPOSE_MAX, 'datasets.purposeLength'),
    filters: datasetFiltersSchema.default({}),
    identified: z.boolean({ error: 'validation.invalid' }).default(false),
    dates: z.enum(DATASET_DATES, { error: 'validation.chooseOption' }).default('intervals'),
    studyKey: requiredText(STUDY_KEY_MAX),
    freeText: z.boolean({ error: 'validation.invalid' }).default(false),
    language: z.enum(LANGUAGES, { error: 'validation.chooseOption' }).default('es'),
  })
  .refine((request) => request.identified || !request.freeText, {
    path: ['freeText'],
    error: 'datasets.freeTextIdentified',
  });
export type DatasetRequest = z.infer<typeof datasetRequestSchema>;
/** What a form sends: the defaults may be left out. */
export type DatasetRequestInput = z.input<typeof datasetRequestSchema>;

/** How far a build has come: patients written of those the dataset holds. */
export const datasetProgressSchema = z.object({ done: z.number().int(), total: z.number().int() });
export type DatasetProgress = z.infer<typeof datasetProgressSchema>;

/** The rows of each table of a ready dataset. */
export const datasetRowsSchema = z.object(
  Object.fromEntries(DATASET_TABLES.map((table) => [table, z.number().int()])) as Record<
    DatasetTable,
    z.ZodNumber
  >,
);
export type DatasetRows = z.infer<typeof datasetRowsSchema>;

/** The answer of `POST /api/datasets`: the build has started. */
export const datasetStartedSchema = z.object({
  id: z.uuid(),
  status: z.enum(DATASET_STATUSES),
  progress: datasetProgressSchema,
});
export type DatasetStarted = z.infer<typeof datasetStartedSchema>;

/** A dataset as `GET /api/datasets/{id}` and the list answer it. */
export const datasetSchema = datasetStartedSchema.extend({
  createdAt: z.iso.datetime(),
  finishedAt: z.iso.datetime().nullable(),
  requestedBy: z.object({ id: z.uuid().nullable(), email: z.string().nullable() }),
  purpose: z.string(),
  /** The filters as asked, each a text as the list's query writes it. */
  filters: z.record(z.string(), z.string()),
  identified: z.boolean(),
  dates: z.enum(DATASET_DATES),
  studyKey: z.string(),
  freeText: z.boolean(),
  language: z.enum(LANGUAGES),
  /** Set when ready: the rows of each table, the zip's size in bytes and its SHA-256 (hex). */
  rows: datasetRowsSchema.nullable(),
  size: z.number().int().nullable(),
  sha256: z.string().nullable(),
  /** The smallest group sharing sex, 10-year age band, centre and subtype (the disclosure check). */
  smallestGroup: z.number().int().nullable(),
  /** Why a build failed (`DATASET_ERRORS`); null otherwise. */
  error: z.enum(DATASET_ERRORS).nullable(),
});
export type Dataset = z.infer<typeof datasetSchema>;

/** `GET /api/datasets`: newest first. */
export const datasetListQuerySchema = pageQuerySchema.omit({ order: true });
export type DatasetListQuery = z.infer<typeof datasetListQuerySchema>;
