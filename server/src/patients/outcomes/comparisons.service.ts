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
import type { Actor } from '../../auth/actor.ts';
import type { AppContext } from '../../context.ts';
import { HttpError } from '../../http/errors.ts';
import { assertMayGroup, audit, byGroup, type CohortRow, groupKeyOf, observe, readCohort } from './cohort.ts';
import {
  CoxModelError,
  type CoxObservation,
  clopperPearson,
  coxDesign,
  coxph,
  coxZph,
  type DesignTerm,
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
  const cohort = await readCohort(ctx, actor, filters, groupBy, signal);
  const assessed = cohort.filter((row) => row.firstResponse !== null);
  await audit(ctx, actor, 'outcomes.response', query);
  return {
    groupBy,
    groups: byGroup(assessed, (row) => groupKeyOf(row, groupBy, 0, null), groupBy).map(({ key, members }) => {
      const count = (response: string) => members.filter((row) => row.firstResponse === response).length;
      const crc = members.filter((row) =>
        (COMPLETE_REMISSIONS as readonly string[]).includes(row.firstResponse ?? ''),
      ).length;
      const rate = withInterval(crc, members.length);
      return {
        key,
        assessed: members.length,
        cr: count('RC'),
        crh: count('RCh'),
        cri: count('RCi'),
        crc,
        rate: rate.proportion,
        rateLower: rate.lower,
        rateUpper: rate.upper,
        mrdNegative: members.filter((row) => row.mrdNegativeInCR === true).length,
      };
    }),
  };
}

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
  const cohort = await readCohort(ctx, actor, filters, groupBy, signal);
  const dated = cohort.filter((row) => row.hasOrigin);
  await audit(ctx, actor, 'outcomes.early_death', query);
  return {
    groupBy,
    excluded: { noDiagnosisDate: cohort.length - dated.length },
    groups: byGroup(dated, (row) => groupKeyOf(row, groupBy, 0, null), groupBy).flatMap(({ key, members }) =>
      [...days]
        .sort((a, b) => a - b)
        .map((limit) => {
          const died = (row: CohortRow) => row.death !== null && row.death <= limit;
          const known = members.filter((row) => died(row) || (row.death ?? row.alive ?? -1) >= limit);
          const deaths = known.filter(died).length;
          return { key, days: limit, n: known.length, deaths, ...withInterval(deaths, known.length) };
        }),
    ),
  };
}

/** Each covariate's term for the design, from a patient's row; null when the patient lacks it. */
const COVARIATES: Record<CoxCovariate, (row: CohortRow) => string | number | null> = {
  age: (row) => row.age,
  eln2022: (row) => row.eln2022,
  dx: (row) => row.dx,
  patientFit: (row) => row.patientFit,
  gender: (row) => row.gender,
};

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
  const observed = observe(await readCohort(ctx, actor, filters, groupBy, signal), endpoint);
  const excluded = { ...observed.excluded, incomplete: 0 };
  const entered: { group: string | null; covariates: (string | number)[]; time: number; event: boolean }[] =
    [];
  for (const { row, observation, origin } of observed.entries) {
    const group = groupBy === 'none' ? null : groupKeyOf(row, groupBy, origin, null);
    const covariates = adjust.map((name) => COVARIATES[name](row));
    if ((groupBy !== 'none' && group === null) || covariates.some((value) => value === null)) {
      excluded.incomplete++;
      continue;
    }
    entered.push({
      group: group === null ? null : String(group),
      covariates: covariates as (string | number)[],
      ...observation,
    });
  }
  await audit(ctx, actor, 'outcomes.cox', query);

  const groupLevels = byGroup(entered, (member) => member.group, groupBy).map(({ key }) => String(key));
  const terms: DesignTerm[] = [
    ...(groupBy === 'none'
      ? []
      : [
          {
            kind: 'factor' as const,
            name: groupBy,
            values: entered.map((m) => m.group ?? ''),
            levels: groupLevels,
          },
        ]),
    ...adjust.map((name, index): DesignTerm => {
      const values = entered.map((member) => member.covariates[index] as string | number);
      return name === 'age'
        ? { kind: 'numeric', name, values: values as number[] }
        : { kind: 'factor', name, values: values.map(String) };
    }),
  ];
  if (terms.length === 0) {
    throw unfit('noTerms');
  }
  // A factor with one value among the patients (every one male, say) would vanish from the model
  // without a word: the user asked to compare on it, so the answer says it cannot be.
  if (entered.length > 0 && terms.some((term) => term.kind === 'factor' && new Set(term.values).size < 2)) {
    throw unfit('singleValue');
  }
  const design = coxDesign(terms);
  if (design.columns.length === 0) {
    throw unfit('noTerms');
  }
  const observations: CoxObservation[] = entered.map((member, index) => ({
    time: member.time,
    event: member.event,
    covariates: design.rows[index] ?? [],
  }));
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
