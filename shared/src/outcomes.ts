import { z } from 'zod';
import { pageQuerySchema } from './http.ts';
import { patientFilterFields } from './patients.ts';
import { isCalendarDate } from './patients-rules.ts';

/**
 * Follow-up and outcomes (docs/product-rules.md#outcomes): how the registry's patients fare — overall
 * and relapse-free survival, the cumulative incidence of relapse, a summary of the cohort, and who is
 * due for follow-up. Times are whole days from the first diagnosis date.
 */

export const ENDPOINTS = ['os', 'rfs'] as const;
export type Endpoint = (typeof ENDPOINTS)[number];

/** What the curves are split by. `institution` is for admins only. */
export const GROUP_BY = [
  'none',
  'subtype',
  'dx',
  'riskLevel',
  'scheme',
  'institution',
  'patientFit',
  'gender',
  'ageBand',
  'dxYear',
] as const;
export type GroupBy = (typeof GROUP_BY)[number];

/** Age at diagnosis, in bands. */
export const AGE_BANDS = ['<40', '40-59', '>=60'] as const;

const dayFilter = z.preprocess(
  (value) => (value === '' ? undefined : value),
  z.string().refine(isCalendarDate, { error: 'validation.chooseDate' }).optional(),
);

/** The list's filters plus a range of diagnosis dates, both ends included. */
export const outcomeFilterFields = {
  ...patientFilterFields,
  dxFrom: dayFilter,
  dxTo: dayFilter,
};

const cohortQuery = z.strictObject(outcomeFilterFields);

/** `GET /api/outcomes/survival`. */
export const survivalQuerySchema = cohortQuery.extend({
  endpoint: z.enum(ENDPOINTS, { error: 'validation.chooseOption' }).default('os'),
  groupBy: z.enum(GROUP_BY, { error: 'validation.chooseOption' }).default('none'),
});
export type SurvivalQuery = z.infer<typeof survivalQuerySchema>;

/** `GET /api/outcomes/relapse-incidence`. */
export const incidenceQuerySchema = cohortQuery.extend({
  groupBy: z.enum(GROUP_BY, { error: 'validation.chooseOption' }).default('none'),
});
export type IncidenceQuery = z.infer<typeof incidenceQuerySchema>;

/** `GET /api/outcomes/summary`. */
export const summaryQuerySchema = cohortQuery;
export type SummaryQuery = z.infer<typeof summaryQuerySchema>;
export type OutcomeFilters = z.infer<typeof cohortQuery>;

/** `GET /api/outcomes/follow-up-due`: patients alive with no news for more than `months`. */
export const followUpDueQuerySchema = pageQuerySchema.extend({
  months: z.coerce
    .number({ error: 'validation.invalid' })
    .int('validation.invalid')
    .min(1, 'validation.invalid')
    .max(60, 'validation.invalid')
    .default(6),
});
export type FollowUpDueQuery = z.infer<typeof followUpDueQuerySchema>;

const nullableNumber = z.number().nullable();

export const survivalStepSchema = z.object({
  time: z.number().int(),
  atRisk: z.number().int(),
  events: z.number().int(),
  censored: z.number().int(),
  survival: z.number(),
  lower: nullableNumber,
  upper: nullableNumber,
});

/** A group's key: its value, or null for the patients without one. */
const groupKey = z.union([z.string(), z.number()]).nullable();

export const survivalSchema = z.object({
  endpoint: z.enum(ENDPOINTS),
  groupBy: z.enum(GROUP_BY),
  excluded: z.object({ noDiagnosisDate: z.number().int() }),
  groups: z.array(
    z.object({
      key: groupKey,
      n: z.number().int(),
      events: z.number().int(),
      median: nullableNumber,
      medianLower: nullableNumber,
      medianUpper: nullableNumber,
      steps: z.array(survivalStepSchema),
    }),
  ),
  logRank: z.object({ chisq: z.number(), df: z.number().int(), p: z.number() }).nullable(),
});
export type Survival = z.infer<typeof survivalSchema>;

export const incidenceSchema = z.object({
  groupBy: z.enum(GROUP_BY),
  excluded: z.object({ noDiagnosisDate: z.number().int() }),
  groups: z.array(
    z.object({
      key: groupKey,
      n: z.number().int(),
      relapses: z.number().int(),
      competingDeaths: z.number().int(),
      steps: z.array(
        z.object({
          time: z.number().int(),
          atRisk: z.number().int(),
          relapses: z.number().int(),
          deaths: z.number().int(),
          censored: z.number().int(),
          incidence: z.number(),
        }),
      ),
    }),
  ),
});
export type Incidence = z.infer<typeof incidenceSchema>;

/** The fields whose presence the summary counts, so that a coordinator sees what is missing. */
export const COMPLETENESS_FIELDS = [
  'dxDate',
  'dxSubType',
  'riskLevel',
  'consent',
  'firstLineScheme',
  'firstLineResponse',
  'cytogenetics',
  'molecularStudies',
  'ngs',
  'lastContactDate',
] as const;

const counts = z.array(z.object({ key: groupKey, n: z.number().int() }));

export const summarySchema = z.object({
  patients: z.number().int(),
  bySubtype: counts,
  byDx: counts,
  /** Admins only. */
  byInstitution: counts.optional(),
  byDxYear: counts,
  byRiskLevel: counts,
  relapses: z.number().int(),
  deaths: z.number().int(),
  /** Median follow-up in days by the reverse Kaplan–Meier, with its 95% interval. */
  followUp: z.object({ median: nullableNumber, lower: nullableNumber, upper: nullableNumber }),
  completeness: z.array(z.object({ field: z.enum(COMPLETENESS_FIELDS), n: z.number().int() })),
});
export type Summary = z.infer<typeof summarySchema>;

/** A row of the follow-up list. */
export const followUpRowSchema = z.object({
  id: z.uuid(),
  identification: z.string(),
  lastKnownAlive: z.string().nullable(),
  doctor: z.object({ id: z.uuid(), first_name: z.string(), last_name: z.string() }),
});
export type FollowUpRow = z.infer<typeof followUpRowSchema>;
