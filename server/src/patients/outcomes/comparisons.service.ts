import {
  COMPLETE_REMISSIONS,
  type CoxCovariate,
  type CoxModelAnswer,
  type CoxQuery,
  type EarlyDeath,
  type EarlyDeathQuery,
  type ResponseQuery,
  type ResponseRates,
} from '@registry/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../../auth/actor.ts';
import type { AppContext } from '../../context.ts';
import { HttpError } from '../../http/errors.ts';
import {
  assertMayGroup,
  audit,
  type CountedRow,
  compareKeys,
  type EndpointRow,
  groupKeyAt,
  groupsOf,
  isEvent,
  observeColumns,
  patientsOf,
  readCohort,
  readEndpointColumns,
  rowsWhere,
} from './cohort.ts';
import { SURVIVAL_ENDPOINTS } from './endpoints.ts';
import {
  CoxModelError,
  clopperPearson,
  coxDesign,
  coxph,
  coxZph,
  type DesignTerm,
  sortedCoxData,
} from './estimators/index.ts';

/**
 * Comparing groups (CONTRACT §11, §12): the response to the first line with its exact interval, deaths
 * early after the diagnosis, and the Cox model of an endpoint on the groups and the covariates.
 */

/** A proportion with its Clopper–Pearson 95% interval (R's `binom.test`), nulls for no patient. */
function withInterval(successes: number, n: number) {
  const estimate = clopperPearson(successes, n);
  return {
    proportion: estimate?.proportion ?? null,
    lower: estimate?.lower ?? null,
    upper: estimate?.upper ?? null,
  };
}

/**
 * The response to the first line, per group: of the patients whose first-line treatment was assessed
 * (any category, not evaluable included), how many reached CR, CRh and CRi (together the composite CR,
 * whose rate carries its exact interval), and how many were MRD-negative in that remission.
 */
export async function responseRates(
  ctx: AppContext,
  actor: Actor,
  query: ResponseQuery,
  signal?: AbortSignal,
): Promise<ResponseRates> {
  assertMayGroup(actor, query.groupBy);
  const { groupBy, ...filters } = query;
  const cohort = await readCohort<ResponseRow>(ctx, actor, filters, groupBy, RESPONSE_COLUMNS, signal);
  const assessed = rowsWhere(cohort, (row) => cohort.firstResponse[row] !== null);
  await audit(ctx, actor, 'outcomes.response', query);
  return {
    groupBy,
    groups: groupsOf(cohort, assessed, groupBy).map(({ key, members }) => {
      const count = (matches: (row: number) => boolean) => patientsOf(cohort, members, matches);
      const response = (row: number) => cohort.firstResponse[row] ?? null;
      const crc = count((row) => (COMPLETE_REMISSIONS as readonly (string | null)[]).includes(response(row)));
      const assessedCount = count(() => true);
      const rate = withInterval(crc, assessedCount);
      return {
        key,
        assessed: assessedCount,
        cr: count((row) => response(row) === 'RC'),
        crh: count((row) => response(row) === 'RCh'),
        cri: count((row) => response(row) === 'RCi'),
        crc,
        rate: rate.proportion,
        rateLower: rate.lower,
        rateUpper: rate.upper,
        mrdNegative: count((row) => cohort.mrdNegative[row] === true),
      };
    }),
  };
}

/** What the response reads of each patient: the first line's response, and MRD negativity in that CR. */
interface ResponseRow extends CountedRow {
  readonly firstResponse: string | null;
  readonly mrdNegative: boolean | null;
}
const RESPONSE_COLUMNS = { firstResponse: sql`l.first_response`, mrdNegative: sql`l.mrd_negative_in_cr` };

/**
 * Deaths within each day count of the diagnosis, per group: of the patients with a diagnosis date who
 * died within d days or were followed at least d days, how many died, with the exact interval.
 */
export async function earlyDeath(
  ctx: AppContext,
  actor: Actor,
  query: EarlyDeathQuery,
  signal?: AbortSignal,
): Promise<EarlyDeath> {
  assertMayGroup(actor, query.groupBy);
  const { groupBy, days, ...filters } = query;
  const cohort = await readCohort<EarlyDeathRow>(ctx, actor, filters, groupBy, EARLY_DEATH_COLUMNS, signal);
  const all = rowsWhere(cohort, () => true);
  const dated = rowsWhere(cohort, (row) => cohort.hasOrigin[row] === true);
  await audit(ctx, actor, 'outcomes.early_death', query);
  return {
    groupBy,
    excluded: { noDiagnosisDate: patientsOf(cohort, all) - patientsOf(cohort, dated) },
    groups: groupsOf(cohort, dated, groupBy).flatMap(({ key, members }) =>
      [...days]
        .sort((a, b) => a - b)
        .map((limit) => {
          const died = (row: number) => {
            const death = cohort.death[row] ?? null;
            return death !== null && death <= limit;
          };
          const known = members.filter((row) => died(row) || (cohort.news[row] ?? -1) >= limit);
          const deaths = patientsOf(cohort, known, died);
          const n = patientsOf(cohort, known);
          return { key, days: limit, n, deaths, ...withInterval(deaths, n) };
        }),
    ),
  };
}

/** What early death reads of each patient: the death and the last news, as days after the diagnosis. */
interface EarlyDeathRow extends CountedRow {
  readonly hasOrigin: boolean;
  readonly death: number | null;
  /** The death, else the last date known alive. */
  readonly news: number | null;
}
const EARLY_DEATH_COLUMNS = {
  hasOrigin: sql`l.dx_date is not null`,
  death: sql`d.death`,
  news: sql`coalesce(d.death, d.alive)`,
};

/** Each covariate as the read model keeps it; a patient without it is left out of the model. */
const COVARIATES: Record<CoxCovariate, SQL> = {
  age: sql`l.age_at_diagnosis`,
  eln2022: sql`l.eln2022`,
  dx: sql`l.dx_secondary`,
  patientFit: sql`l.patient_fit`,
  gender: sql`l.gender`,
};

/** The covariates taken as numbers; the others are factors. */
const NUMERIC_COVARIATES: ReadonlySet<CoxCovariate> = new Set(['age']);

/**
 * A Cox proportional-hazards model of the endpoint on the groups (the first group in key order is the
 * reference; patients without a group are left out) and the named covariates (age as a number, the
 * others as factors with their first value as reference; patients missing any are left out, counted),
 * as R's `coxph` with Efron's ties, and `cox.zph`'s global test. 422 when it cannot be fitted.
 */
export async function coxModel(
  ctx: AppContext,
  actor: Actor,
  query: CoxQuery,
  signal?: AbortSignal,
): Promise<CoxModelAnswer> {
  assertMayGroup(actor, query.groupBy);
  const { endpoint, groupBy, adjust, ...filters } = query;
  const columns = Object.fromEntries(adjust.map((name) => [`covariate:${name}`, COVARIATES[name]]));
  // Nearly every patient has an age of their own, as a time: gathered per combination of the rest
  // with the time, uncounted (`cohortSql`).
  const uncounted = new Set(
    adjust.filter((name) => NUMERIC_COVARIATES.has(name)).map((name) => `covariate:${name}`),
  );
  const cohort = await readEndpointColumns<EndpointRow & Record<string, string | number | null>>(
    ctx,
    actor,
    filters,
    groupBy,
    SURVIVAL_ENDPOINTS[endpoint],
    signal,
    columns,
    uncounted,
  );
  const observed = observeColumns(cohort);
  const excluded = { ...observed.excluded, incomplete: 0 };
  // The patients with a group and every covariate, in columns: their time, event and count, their
  // group, and each covariate's values.
  const size = observed.entries.length;
  const time = new Float64Array(size);
  const event = new Uint8Array(size);
  const count = new Float64Array(size);
  const groups: string[] = new Array(size);
  const values = adjust.map((name) => cohort[`covariate:${name}`] ?? []);
  // The rows entered, then each covariate's values at them: a hundred thousand patients, so plain loops.
  const rows = new Uint32Array(size);
  let entered = 0;
  for (const index of observed.entries) {
    const group = groupBy === 'none' ? null : groupKeyAt(cohort, index, groupBy, null);
    const n = cohort.n[index] ?? 0;
    if ((groupBy !== 'none' && group === null) || lacksCovariate(values, index)) {
      excluded.incomplete += n;
      continue;
    }
    time[entered] = cohort.time[index] ?? 0;
    event[entered] = isEvent(cohort.status[index] ?? null) ? 1 : 0;
    count[entered] = n;
    groups[entered] = String(group);
    rows[entered] = index;
    entered++;
  }
  groups.length = entered;
  const covariates = values.map((column) => {
    const taken: (string | number)[] = new Array(entered);
    for (let k = 0; k < entered; k++) {
      taken[k] = column[rows[k] ?? 0] as string | number;
    }
    return taken;
  });
  await audit(ctx, actor, 'outcomes.cox', query);

  const groupLevels = [...new Set(groups)].sort(compareKeys(groupBy));
  const terms: DesignTerm[] = [
    ...(groupBy === 'none'
      ? []
      : [{ kind: 'factor' as const, name: groupBy, values: groups, levels: groupLevels }]),
    ...adjust.map((name, index): DesignTerm => {
      const values = covariates[index] ?? [];
      return NUMERIC_COVARIATES.has(name)
        ? { kind: 'numeric', name, values: values as number[] }
        : { kind: 'factor', name, values: values.map(String) };
    }),
  ];
  if (terms.length === 0) {
    throw unfit('noTerms');
  }
  // A factor with one value among the patients (every one male, say) would vanish from the model
  // without a word: the user asked to compare on it, so the answer says it cannot be.
  if (entered > 0 && terms.some((term) => term.kind === 'factor' && new Set(term.values).size < 2)) {
    throw unfit('singleValue');
  }
  const design = coxDesign(terms);
  if (design.columns.length === 0) {
    throw unfit('noTerms');
  }
  const observations = sortedCoxData({
    time: time.subarray(0, entered),
    event: event.subarray(0, entered),
    count: count.subarray(0, entered),
    width: design.columns.length,
    covariates: design.matrix,
  });
  try {
    const model = coxph(observations);
    const references = new Map(design.terms.map((term) => [term.term, term.reference]));
    return {
      endpoint,
      groupBy,
      adjust,
      n: model.n,
      events: model.events,
      excluded,
      terms: design.columns.map((column, index) => {
        const coefficient = model.coefficients[index];
        if (!coefficient) {
          throw new Error('a column without its coefficient');
        }
        return {
          term: column.term,
          level: column.level,
          reference: references.get(column.term) ?? null,
          coef: coefficient.coef,
          se: coefficient.se,
          hr: coefficient.hr,
          hrLower: coefficient.hrLower,
          hrUpper: coefficient.hrUpper,
          p: coefficient.p,
        };
      }),
      tests: model.tests,
      proportionalHazards: coxZph(observations, model),
    };
  } catch (error) {
    if (error instanceof CoxModelError) {
      throw unfit(error.reason);
    }
    throw error;
  }
}

/** Whether a patient misses any of the covariates (row `index` of their columns). */
function lacksCovariate(columns: readonly (readonly unknown[])[], index: number): boolean {
  for (const column of columns) {
    if (column[index] === null) {
      return true;
    }
  }
  return false;
}

/** Why a model cannot be fitted, in words (the shared texts' `validation.model…`). */
const UNFIT_MESSAGES: Record<string, string> = {
  noTerms: 'validation.modelNoTerms',
  noEvents: 'validation.modelNoEvents',
  tooManyTerms: 'validation.modelTooManyTerms',
  singular: 'validation.modelSingular',
  singleValue: 'validation.modelSingleValue',
  infinite: 'validation.modelInfinite',
  notConverged: 'validation.modelNotConverged',
};

/** 422 with the reason the model cannot be fitted. */
function unfit(reason: string): HttpError {
  return new HttpError(422, 'MODEL_NOT_FITTED', { model: UNFIT_MESSAGES[reason] ?? 'validation.invalid' });
}
