import type { GroupBy, Incidence, Survival } from '@registry/shared';

/**
 * The curves of the outcomes screen, one model for the three endpoints (docs/product-rules.md#outcomes):
 * overall survival, relapse-free survival (Kaplan–Meier) and the cumulative incidence of relapse
 * (Aalen–Johansen). Times are whole days from the first diagnosis; values are just after each step.
 */

/** The curve shown: OS and RFS fall from 1, the cumulative incidence of relapse rises from 0. */
export const OUTCOME_ENDPOINTS = ['os', 'rfs', 'cir'] as const;
export type OutcomeEndpoint = (typeof OUTCOME_ENDPOINTS)[number];

/** A group's key as the API sends it: its value, or null for the patients without one. */
export type GroupKey = string | number | null;

/** The months of the x axis: an average month, so that 12 months are one year of 365.25 days. */
export const DAYS_PER_MONTH = 30.4375;

/** The 1-, 2- and 5-year estimates, in days. */
export const LANDMARK_DAYS = [365, 730, 1826] as const;

export interface CurveStep {
  readonly time: number;
  /** At risk just before `time`. */
  readonly atRisk: number;
  /** The endpoint's events at `time` (relapses for the incidence). */
  readonly events: number;
  /** Competing deaths at `time` (incidence only; 0 for survival). */
  readonly competing: number;
  readonly censored: number;
  /** Survival, or cumulative incidence, just after `time`. */
  readonly value: number;
  readonly lower: number | null;
  readonly upper: number | null;
}

export interface Curve {
  readonly key: GroupKey;
  readonly n: number;
  /** Deaths (OS), relapses or deaths (RFS), relapses (incidence). */
  readonly events: number;
  /** Deaths without relapse, for the incidence; null for survival. */
  readonly competing: number | null;
  /** Median survival in days with its 95% interval; null when not reached (and always, for the incidence). */
  readonly median: number | null;
  readonly medianLower: number | null;
  readonly medianUpper: number | null;
  readonly steps: readonly CurveStep[];
}

/** One endpoint's answer, as the screen shows it. */
export interface Outcome {
  readonly endpoint: OutcomeEndpoint;
  readonly groupBy: GroupBy;
  readonly noDiagnosisDate: number;
  readonly curves: readonly Curve[];
  /** The log-rank p-value between the groups; null for one group or for the incidence. */
  readonly p: number | null;
}

export function outcomeOfSurvival(survival: Survival): Outcome {
  return {
    endpoint: survival.endpoint,
    groupBy: survival.groupBy,
    noDiagnosisDate: survival.excluded.noDiagnosisDate,
    p: survival.groups.length > 1 && survival.logRank ? survival.logRank.p : null,
    curves: survival.groups.map((group) => ({
      key: group.key,
      n: group.n,
      events: group.events,
      competing: null,
      median: group.median,
      medianLower: group.medianLower,
      medianUpper: group.medianUpper,
      steps: group.steps.map((step) => ({
        time: step.time,
        atRisk: step.atRisk,
        events: step.events,
        competing: 0,
        censored: step.censored,
        value: step.survival,
        lower: step.lower,
        upper: step.upper,
      })),
    })),
  };
}

export function outcomeOfIncidence(incidence: Incidence): Outcome {
  return {
    endpoint: 'cir',
    groupBy: incidence.groupBy,
    noDiagnosisDate: incidence.excluded.noDiagnosisDate,
    p: null,
    curves: incidence.groups.map((group) => ({
      key: group.key,
      n: group.n,
      events: group.relapses,
      competing: group.competingDeaths,
      median: null,
      medianLower: null,
      medianUpper: null,
      steps: group.steps.map((step) => ({
        time: step.time,
        atRisk: step.atRisk,
        events: step.relapses,
        competing: step.deaths,
        censored: step.censored,
        value: step.incidence,
        lower: null,
        upper: null,
      })),
    })),
  };
}

/** Where every curve starts, at day 0: everyone alive and free of relapse. */
export function originValue(endpoint: OutcomeEndpoint): number {
  return endpoint === 'cir' ? 0 : 1;
}

/** Index of the last step at or before `day`, or -1 when every step is later (binary search). */
function lastStepAtOrBefore(steps: readonly CurveStep[], day: number): number {
  let low = 0;
  let high = steps.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if ((steps[middle]?.time ?? 0) <= day) {
      found = middle;
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  return found;
}

/** The value of a curve at one time, with its 95% interval when it has one. */
export interface Estimate {
  readonly value: number;
  readonly lower: number | null;
  readonly upper: number | null;
}

/**
 * The step function at `day`: the last step at or before it, or the origin (no interval) before the
 * first step; null when the follow-up does not reach `day` (the last step is earlier).
 */
export function estimateAt(curve: Curve, day: number, origin: number): Estimate | null {
  const last = curve.steps.at(-1);
  if (!last || last.time < day) {
    return null;
  }
  const step = curve.steps[lastStepAtOrBefore(curve.steps, day)];
  return step
    ? { value: step.value, lower: step.lower, upper: step.upper }
    : { value: origin, lower: null, upper: null };
}

/** The value of the step function at `day` (see `estimateAt`); null beyond the follow-up. */
export function valueAt(curve: Curve, day: number, origin: number): number | null {
  return estimateAt(curve, day, origin)?.value ?? null;
}

/**
 * How many patients are still at risk at `day`, that is followed at least that long: the at-risk count
 * of the first step at or after `day` (R's `summary(fit, times)`), which is the last earlier step's
 * count less its events, competing deaths and censorings; 0 beyond the last step. A tick that falls on
 * a step reads that step's count.
 */
export function atRiskAt(curve: Curve, day: number): number {
  const index = lastStepAtOrBefore(curve.steps, day);
  const step = curve.steps[index];
  if (!step) {
    return curve.steps[0]?.atRisk ?? curve.n;
  }
  if (step.time === day) {
    return step.atRisk;
  }
  return step.atRisk - step.events - step.competing - step.censored;
}

/** The number-at-risk table: per curve, the patients at risk at each tick (in months). */
export function atRiskTable(curves: readonly Curve[], ticks: readonly number[]): number[][] {
  return curves.map((curve) => ticks.map((month) => atRiskAt(curve, month * DAYS_PER_MONTH)));
}

/** The last time of any curve, in days (0 for none). */
export function lastTime(curves: readonly Curve[]): number {
  return curves.reduce((latest, curve) => Math.max(latest, curve.steps.at(-1)?.time ?? 0), 0);
}

/** The spacings of the x-axis ticks, in months, from the finest. */
const TICK_STEPS = [3, 6, 12, 24, 36, 48, 60, 120] as const;

/**
 * The x-axis ticks in months, from 0 to the first tick at or after the longest follow-up: the finest
 * spacing that needs no more than `maxTicks` ticks (at least two).
 */
export function monthTicks(lastDay: number, maxTicks: number): number[] {
  const months = Math.max(lastDay / DAYS_PER_MONTH, 1);
  const fits = (step: number) => Math.ceil(months / step) + 1 <= Math.max(maxTicks, 2);
  const step = TICK_STEPS.find(fits) ?? 120;
  const count = Math.ceil(months / step);
  return Array.from({ length: count + 1 }, (_, index) => index * step);
}
