import { z } from 'zod';
import { COMPLETENESS_FIELDS, ELN_INPUT_FIELDS, type MissingField } from '../field-checks.ts';
import { FOLLOW_UP_DUE_MONTHS, followUpMonthsSchema } from '../follow-up.ts';
import { searchText } from '../text.ts';
import { QUERY_STATUSES } from './queries.ts';

/**
 * The menu's notifications and the coordinator's view (CONTRACT §13, docs/api-quality.md).
 */

/** A query waiting on the caller, as the notifications list it (no text: the query's page shows it). */
export const notificationQuerySchema = z.object({
  id: z.uuid(),
  patientId: z.uuid(),
  identification: z.string(),
  field: z.string().nullable(),
  status: z.enum(QUERY_STATUSES),
  updatedAt: z.iso.datetime(),
});

/** The most queries `GET /api/notifications` lists. */
export const NOTIFICATION_QUERIES_MAX = 20;

/**
 * `GET /api/notifications`: for a doctor, their open queries and their patients due for follow-up;
 * for an admin, the answered queries waiting to be closed. `total` is the menu's badge.
 */
export const notificationsSchema = z.object({
  openQueries: z.number().int(),
  answeredQueries: z.number().int(),
  /** Living patients with no news for more than 6 months (CONTRACT §9); 0 for admins. */
  followUpsDue: z.number().int(),
  total: z.number().int(),
  /** The newest queries waiting on the caller: open ones for a doctor, answered ones for an admin. */
  queries: z.array(notificationQuerySchema),
});
export type Notifications = z.infer<typeof notificationsSchema>;

/** `GET /api/outcomes/follow-up-due/count`: the menu's badge (CONTRACT §9); not audited, it names no patient. */
export const followUpDueCountQuerySchema = z.strictObject({
  months: followUpMonthsSchema.default(FOLLOW_UP_DUE_MONTHS),
});
export type FollowUpDueCountQuery = z.infer<typeof followUpDueCountQuerySchema>;
export const followUpDueCountSchema = z.object({ count: z.number().int() });

export const OVERVIEW_GROUPS = ['institution', 'doctor'] as const;
export type OverviewGroup = (typeof OVERVIEW_GROUPS)[number];

/** `GET /api/quality/overview` and `/csv`. */
export const overviewQuerySchema = z.strictObject({
  groupBy: z.enum(OVERVIEW_GROUPS, { error: 'validation.chooseOption' }).default('institution'),
  institutionCode: searchText(100).pipe(z.string().min(1)).optional(),
  /** The months without news that make a follow-up due (CONTRACT §9). */
  months: followUpMonthsSchema.default(FOLLOW_UP_DUE_MONTHS),
});
export type OverviewQuery = z.infer<typeof overviewQuerySchema>;

const nullableNumber = z.number().nullable();

/** The numbers of one institution, one doctor, or all. */
export const overviewFiguresSchema = z.object({
  patients: z.number().int(),
  /** Patients whose first diagnostic is an AML the ELN 2022 classifies (the ELN inputs' denominator). */
  amlPatients: z.number().int(),
  /** How many patients have each key field (CONTRACT §9's summary). */
  completeness: z.array(z.object({ field: z.enum(COMPLETENESS_FIELDS), n: z.number().int() })),
  /** How many of the AML patients have each ELN input. */
  elnInputs: z.array(z.object({ field: z.enum(ELN_INPUT_FIELDS), n: z.number().int() })),
  /** Patients with an open error (the list's `quality=error`). */
  qualityErrors: z.number().int(),
  /** Patients with a warning but no error (the list's `quality=warning`). */
  qualityWarnings: z.number().int(),
  /**
   * Patients with a possible duplicate (the same birth date, sex and first diagnosis date) among another
   * doctor's patients of their institution (CONTRACT §13, amended 2026-11-29): told to admins only, so no
   * list filter selects them and the figure is no link.
   */
  duplicatesAcrossDoctors: z.number().int(),
  openQueries: z.number().int(),
  answeredQueries: z.number().int(),
  /** Median age in days of the open queries (since opened) and of the answered ones (since answered). */
  openQueriesMedianDays: nullableNumber,
  answeredQueriesMedianDays: nullableNumber,
  followUpsDue: z.number().int(),
  /** Median days from the first diagnosis date to the patient's registration. */
  medianDaysToRegistration: nullableNumber,
});
export type OverviewFigures = z.infer<typeof overviewFiguresSchema>;

export const overviewRowSchema = overviewFiguresSchema.extend({
  institution: z.object({ id: z.uuid(), code: z.string(), name: z.string() }),
  /** With `groupBy=doctor`; null by institution. */
  doctor: z.object({ id: z.uuid(), name: z.string() }).nullable(),
});
export type OverviewRow = z.infer<typeof overviewRowSchema>;

export const overviewSchema = z.object({
  groupBy: z.enum(OVERVIEW_GROUPS),
  months: z.number().int(),
  rows: z.array(overviewRowSchema),
  total: overviewFiguresSchema,
});
export type Overview = z.infer<typeof overviewSchema>;

/** A figure of the coordinator's view that selects patients: each links to the patient list. */
export type OverviewMeasure =
  | 'patients'
  | 'qualityErrors'
  | 'qualityWarnings'
  | 'followUpsDue'
  | 'openQueries'
  | 'answeredQueries'
  | { readonly missing: MissingField };

/**
 * The patient list's filters (`/patients?doctorId=…&missing=karyotype`) that select exactly the patients a
 * figure of the coordinator's view counts (for the queries, the patients they are about), for one row (an institution, or a doctor there) or for the
 * total (`null`) of the view asked with `view` (its follow-up window, and its institution if any). The
 * list answers with as many patients as the figure says (the API tests hold the two together), so every
 * figure can be a link.
 */
export function overviewListFilters(
  row: Pick<OverviewRow, 'institution' | 'doctor'> | null,
  measure: OverviewMeasure,
  view: Pick<OverviewQuery, 'months' | 'institutionCode'>,
): Record<string, string> {
  const filters: Record<string, string> = {};
  if (row?.doctor) {
    filters.doctorId = row.doctor.id;
  } else if (row) {
    filters.institutionCode = row.institution.code;
  } else if (view.institutionCode) {
    filters.institutionCode = view.institutionCode;
  }
  if (measure === 'qualityErrors') {
    filters.quality = 'error';
  } else if (measure === 'qualityWarnings') {
    filters.quality = 'warning';
  } else if (measure === 'openQueries') {
    filters.query = 'open';
  } else if (measure === 'answeredQueries') {
    filters.query = 'answered';
  } else if (measure === 'followUpsDue') {
    filters.followUpDue = String(view.months);
  } else if (typeof measure === 'object') {
    filters.missing = measure.missing;
  }
  return filters;
}
