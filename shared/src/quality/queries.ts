import { z } from 'zod';
import { pageQuerySchema } from '../http.ts';
import { requiredText, searchText } from '../text.ts';
import { QUALITY_RULE_IDS } from './rules.ts';

/**
 * Queries to doctors (CONTRACT §13, docs/api-quality.md), as REDCap's data resolution workflow: an
 * admin opens a query on a patient, or on one of its fields; the owning doctor answers it; the admin
 * closes it or reopens it.
 */

export const QUERY_STATUSES = ['open', 'answered', 'closed'] as const;
export type QueryStatus = (typeof QUERY_STATUSES)[number];

/** The query states the patient list can select patients by: a query waiting on a doctor, or on an admin. */
export const PENDING_QUERY_STATUSES = ['open', 'answered'] as const satisfies readonly QueryStatus[];

/** The steps of a query's thread. */
export const QUERY_EVENT_KINDS = ['open', 'answer', 'close', 'reopen'] as const;
export type QueryEventKind = (typeof QUERY_EVENT_KINDS)[number];

/** The longest text of a step. */
export const QUERY_TEXT_MAX = 2000;

/** A field of the patient document as a dotted path: `diagnostics.0.relapseDate`. */
export const QUERY_FIELD_PATTERN = /^[A-Za-z][A-Za-z0-9]*(?:\.(?:\d{1,4}|[A-Za-z][A-Za-z0-9]*))*$/;

/** A step's text: required, trimmed, storable (no NUL, no lone surrogate: `requiredText`). */
const queryText = requiredText(QUERY_TEXT_MAX);

/** `POST /api/queries`. */
export const openQuerySchema = z.strictObject({
  patientId: z.uuid({ error: 'validation.invalid' }),
  field: z
    .string()
    .max(200, 'validation.tooLong')
    .regex(QUERY_FIELD_PATTERN, 'validation.invalid')
    .nullable()
    .optional(),
  text: queryText,
});
export type OpenQueryInput = z.infer<typeof openQuerySchema>;

/** `POST /api/queries/{id}/answer`. */
export const answerQuerySchema = z.strictObject({ text: queryText });
export type AnswerQueryInput = z.infer<typeof answerQuerySchema>;

/** `POST /api/queries/{id}/close` and `/reopen`: the text is optional. */
export const closeQuerySchema = z.strictObject({ text: queryText.optional() });
export type CloseQueryInput = z.infer<typeof closeQuerySchema>;

/** `POST /api/queries/bulk`: the same query for every patient a rule flags. */
export const bulkQuerySchema = z.strictObject({
  ruleId: z.enum(QUALITY_RULE_IDS, { error: 'validation.chooseOption' }),
  text: queryText,
});
export type BulkQueryInput = z.infer<typeof bulkQuerySchema>;

/** What a bulk opening answers: how many queries it opened. */
export const bulkQueryAnswerSchema = z.object({ opened: z.number().int() });

/** `GET /api/queries`: newest change first. */
export const queryListQuerySchema = pageQuerySchema.extend({
  patientId: z.uuid({ error: 'validation.invalid' }).optional(),
  status: z.enum(QUERY_STATUSES, { error: 'validation.chooseOption' }).optional(),
  institutionCode: searchText(100).pipe(z.string().min(1)).optional(),
});
export type QueryListQuery = z.infer<typeof queryListQuerySchema>;

const person = z.object({ id: z.uuid(), name: z.string() });

/**
 * A change the answering doctor made to the patient between the query's last opening and the answer, as
 * the audit trail holds it: the query's field (or, for a query on the whole patient, every field changed)
 * with its value before and after.
 */
export const queryCorrectionSchema = z.object({ field: z.string(), old: z.unknown(), new: z.unknown() });
export type QueryCorrection = z.infer<typeof queryCorrectionSchema>;

/** One step of a query's thread; an answer carries the corrections that came with it. */
export const queryEventSchema = z.object({
  at: z.iso.datetime(),
  by: person,
  kind: z.enum(QUERY_EVENT_KINDS),
  text: z.string().nullable(),
  corrections: z.array(queryCorrectionSchema),
});
export type QueryEvent = z.infer<typeof queryEventSchema>;

/** A query with its thread, oldest step first. Send `version` back as `If-Match` with a state change. */
export const querySchema = z.object({
  id: z.uuid(),
  patientId: z.uuid(),
  identification: z.string(),
  field: z.string().nullable(),
  /** The rule it was opened from, by `POST /api/queries/bulk`, else null. */
  ruleId: z.enum(QUALITY_RULE_IDS).nullable(),
  status: z.enum(QUERY_STATUSES),
  version: z.number().int(),
  openedAt: z.iso.datetime(),
  openedBy: person,
  updatedAt: z.iso.datetime(),
  thread: z.array(queryEventSchema),
});
export type Query = z.infer<typeof querySchema>;
