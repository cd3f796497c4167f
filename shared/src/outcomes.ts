import { z } from 'zod';
import { COMPLETENESS_FIELDS } from './field-checks.ts';
import { FOLLOW_UP_DUE_MONTHS, followUpMonthsSchema } from './follow-up.ts';
import { pageQuerySchema } from './http.ts';
import { patientFilterFields } from './patients.ts';
import { isCalendarDate } from './patients-rules.ts';

/**
 * Follow-up and outcomes (docs/product-rules.md#outcomes): how the registry's patients fare — overall
 * and relapse-free survival, the cumulative incidence of relapse, a summary of the cohort, and who is
 * due for follow-up. Times are whole days from the first diagnosis date.
 */

/**
 * The survival endpoints (CONTRACT §9, §11): overall survival, relapse-free survival from diagnosis,
 * event-free survival (induction failure at time 0, relapse or death) and relapse-free survival from
 * the first complete remission.
 */
export const ENDPOINTS = ['os', 'rfs', 'efs', 'rfsCR'] as const;
export type SurvivalEndpoint = (typeof ENDPOINTS)[number];
/** Where the cumulative incidence of relapse starts: the diagnosis, or the first complete remission. */
export const INCIDENCE_ORIGINS = ['diagnosis', 'cr'] as const;
export type IncidenceFrom = (typeof INCIDENCE_ORIGINS)[number];
/** The covariates a Cox model may adjust for (CONTRACT §12). */
export const COX_COVARIATES = ['age', 'eln2022', 'dx', 'patientFit', 'gender'] as const;
export type CoxCovariate = (typeof COX_COVARIATES)[number];

/** Why a survival answer holds no log-rank test (`noLogRank`). */
export const NO_LOG_RANK = ['groups', 'events', 'variance'] as const;
export type NoLogRank = (typeof NO_LOG_RANK)[number];

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
  'wbc',
  'dxYear',
  'eln2022',
  'eln2024',
  'transplant',
  'mrd',
] as const;
export type GroupBy = (typeof GROUP_BY)[number];

/** Age at diagnosis, in bands: under the first limit, then up to each next, then the rest. */
export const AGE_BANDS = ['<40', '40-59', '>=60'] as const;
export const AGE_BAND_LIMITS = [40, 60] as const;

/**
 * The white-cell count at diagnosis (×10⁹/L), in the bands the usual risk groups split it at: 30, high
 * risk in B-ALL, and 100, high risk in T-ALL (Hoelzer D, et al. Acute lymphoblastic leukaemia in adult
 * patients: ESMO Clinical Practice Guidelines. Ann Oncol 2016;27(suppl 5):v69–v82) and hyperleukocytosis
 * in AML (Röllig C, Ehninger G. Blood 2015;125(21):3246–3252).
 */
export const WBC_BANDS = ['<30', '30-<100', '>=100'] as const;
export const WBC_BAND_LIMITS = [30, 100] as const;

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

const groupByField = z.enum(GROUP_BY, { error: 'validation.chooseOption' }).default('none');

/** Days from the origin: a landmark (1–3650). */
const landmarkField = z.preprocess(
  (value) => (value === '' ? undefined : value),
  z.coerce
    .number({ error: 'validation.landmarkRange' })
    .int('validation.landmarkRange')
    .min(1, 'validation.landmarkRange')
    .max(3650, 'validation.landmarkRange')
    .optional(),
);

/** `GET /api/outcomes/survival`: `landmark` keeps the patients at risk then and counts from it. */
export const survivalQuerySchema = cohortQuery.extend({
  endpoint: z.enum(ENDPOINTS, { error: 'validation.chooseOption' }).default('os'),
  groupBy: groupByField,
  landmark: landmarkField,
});
export type SurvivalQuery = z.infer<typeof survivalQuerySchema>;

/** `GET /api/outcomes/relapse-incidence`: from the diagnosis (default) or from the first CR. */
export const incidenceQuerySchema = cohortQuery.extend({
  groupBy: groupByField,
  from: z.enum(INCIDENCE_ORIGINS, { error: 'validation.chooseOption' }).default('diagnosis'),
});

/** `GET /api/outcomes/response`: the response to the first line, per group. */
export const responseQuerySchema = cohortQuery.extend({ groupBy: groupByField });
export type ResponseQuery = z.infer<typeof responseQuerySchema>;

/** A comma-separated list of a query, as its trimmed items. */
const commaList = z.string().transform((text) =>
  text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== ''),
);
const distinct = (items: readonly unknown[]) => new Set(items).size === items.length;

/** `GET /api/outcomes/early-death`: deaths within each day count of the diagnosis (30 and 60 by default). */
export const earlyDeathQuerySchema = cohortQuery.extend({
  groupBy: groupByField,
  days: commaList
    .transform((items) => items.map(Number))
    .pipe(
      z
        .array(
          z
            .number()
            .int('validation.daysList')
            .min(1, 'validation.daysList')
            .max(3650, 'validation.daysList'),
        )
        .min(1, 'validation.daysList')
        .max(10, 'validation.daysList'),
    )
    .refine(distinct, { error: 'validation.daysList' })
    .default([30, 60]),
});
export type EarlyDeathQuery = z.infer<typeof earlyDeathQuerySchema>;

/** `GET /api/outcomes/cox`: a Cox model of the endpoint on the groups, adjusted for the covariates. */
export const coxQuerySchema = cohortQuery.extend({
  endpoint: z.enum(ENDPOINTS, { error: 'validation.chooseOption' }).default('os'),
  groupBy: groupByField,
  adjust: commaList
    .pipe(z.array(z.enum(COX_COVARIATES, { error: 'validation.chooseOption' })))
    .refine(distinct, { error: 'validation.chooseOption' })
    .default([]),
});
export type CoxQuery = z.infer<typeof coxQuerySchema>;
export type IncidenceQuery = z.infer<typeof incidenceQuerySchema>;

/** `GET /api/outcomes/summary`. */
export const summaryQuerySchema = cohortQuery;
export type SummaryQuery = z.infer<typeof summaryQuerySchema>;
export type OutcomeFilters = z.infer<typeof cohortQuery>;

/** `GET /api/outcomes/follow-up-due`: patients alive with no news for more than `months`. */
export const followUpDueQuerySchema = pageQuerySchema.extend({
  months: followUpMonthsSchema.default(FOLLOW_UP_DUE_MONTHS),
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

/**
 * The patients a call leaves out, counted: without a diagnosis date; with a complete remission but no
 * date for it (the endpoints from CR); and, with a landmark, those no longer at risk at it.
 */
const excludedSchema = z.object({
  noDiagnosisDate: z.number().int(),
  noResponseDate: z.number().int(),
  beforeLandmark: z.number().int(),
});

export const survivalSchema = z.object({
  endpoint: z.enum(ENDPOINTS),
  groupBy: z.enum(GROUP_BY),
  landmark: z.number().int().nullable(),
  excluded: excludedSchema,
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
  /** Why there is no test: a single group, no events to compare, or a variance of zero. */
  noLogRank: z.enum(NO_LOG_RANK).nullable(),
});
export type Survival = z.infer<typeof survivalSchema>;

/** A test between groups: Gray's (CONTRACT §12). */
const grayTestSchema = z.object({ stat: z.number(), df: z.number().int(), p: z.number() }).nullable();

export const incidenceSchema = z.object({
  groupBy: z.enum(GROUP_BY),
  from: z.enum(INCIDENCE_ORIGINS),
  excluded: excludedSchema,
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
          /** The 95% interval `survfit` gives the incidence; null where it gives NA. */
          incidenceLower: nullableNumber,
          incidenceUpper: nullableNumber,
          /** Non-relapse mortality: the incidence of death without relapse, from the same fit. */
          nrm: z.number(),
          nrmLower: nullableNumber,
          nrmUpper: nullableNumber,
        }),
      ),
    }),
  ),
  /** Gray's test between the groups for relapse and for non-relapse mortality (`cmprsk::cuminc`). */
  grayTest: grayTestSchema,
  grayTestNrm: grayTestSchema,
});
export type Incidence = z.infer<typeof incidenceSchema>;

/** A proportion with its exact (Clopper–Pearson) 95% interval, R's `binom.test`; null for no patient. */
const proportion = { proportion: nullableNumber, lower: nullableNumber, upper: nullableNumber };

/** The response to the first line by group (CONTRACT §11). */
export const responseSchema = z.object({
  groupBy: z.enum(GROUP_BY),
  groups: z.array(
    z.object({
      key: groupKey,
      /** Patients whose first line was assessed. */
      assessed: z.number().int(),
      cr: z.number().int(),
      crh: z.number().int(),
      cri: z.number().int(),
      /** The composite complete remission: CR + CRh + CRi. */
      crc: z.number().int(),
      rate: nullableNumber,
      rateLower: nullableNumber,
      rateUpper: nullableNumber,
      /** Of the assessed, those whose MRD was negative in the first CR. */
      mrdNegative: z.number().int(),
    }),
  ),
});
export type ResponseRates = z.infer<typeof responseSchema>;

/** Deaths within each day count of the diagnosis, by group (CONTRACT §11). */
export const earlyDeathSchema = z.object({
  groupBy: z.enum(GROUP_BY),
  excluded: z.object({ noDiagnosisDate: z.number().int() }),
  groups: z.array(
    z.object({
      key: groupKey,
      days: z.number().int(),
      /** Patients who died within the days or were followed at least as long. */
      n: z.number().int(),
      deaths: z.number().int(),
      ...proportion,
    }),
  ),
});
export type EarlyDeath = z.infer<typeof earlyDeathSchema>;

const chiSquare = z.object({ chisq: z.number(), df: z.number().int(), p: z.number() });

/** A Cox proportional-hazards model (CONTRACT §12), equal to R's `coxph` with Efron's ties. */
export const coxSchema = z.object({
  endpoint: z.enum(ENDPOINTS),
  groupBy: z.enum(GROUP_BY),
  adjust: z.array(z.enum(COX_COVARIATES)),
  n: z.number().int(),
  events: z.number().int(),
  excluded: z.object({
    noDiagnosisDate: z.number().int(),
    noResponseDate: z.number().int(),
    /** Without a group, or without one of the covariates. */
    incomplete: z.number().int(),
  }),
  terms: z.array(
    z.object({
      /** The group or the covariate, and for a factor the level compared with its first (reference). */
      term: z.string(),
      level: z.string().nullable(),
      reference: z.string().nullable(),
      coef: z.number(),
      se: z.number(),
      hr: z.number(),
      hrLower: z.number(),
      hrUpper: z.number(),
      p: z.number(),
    }),
  ),
  tests: z.object({ likelihoodRatio: chiSquare, wald: chiSquare, score: chiSquare }),
  /** The global test of `cox.zph`; null where R cannot compute it (every event on one day). */
  proportionalHazards: chiSquare.nullable(),
});
export type CoxModelAnswer = z.infer<typeof coxSchema>;

const counts = z.array(z.object({ key: groupKey, n: z.number().int() }));

export const summarySchema = z.object({
  patients: z.number().int(),
  bySubtype: counts,
  byDx: counts,
  /** Admins only. */
  byInstitution: counts.optional(),
  byDxYear: counts,
  byRiskLevel: counts,
  /** By the ELN 2022 genetic risk of the first diagnostic (CONTRACT §10). */
  byEln2022: counts,
  /** By the ELN 2024 genetic risk for less-intensive therapy (CONTRACT §10b). */
  byEln2024: counts,
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
