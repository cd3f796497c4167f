import type { GroupBy, Incidence, NoLogRank, Survival, SurvivalEndpoint } from '@registry/shared';

/**
 * The curves of the outcomes screen, one model for every endpoint (docs/product-rules.md#outcomes):
 * overall, relapse-free, event-free survival and relapse-free survival from the first CR (Kaplan–Meier),
 * and the cumulative incidence of relapse from the diagnosis or from the first CR, with the non-relapse
 * mortality that competes with it (Aalen–Johansen). Times are whole days from the origin (or from the
 * landmark); values are just after each step.
 */

/** The curve shown: survival falls from 1; the incidence of relapse (from diagnosis or CR) rises from 0. */
export const OUTCOME_ENDPOINTS = ['os', 'rfs', 'efs', 'rfsCR', 'cir', 'cirCR'] as const;
export type OutcomeEndpoint = (typeof OUTCOME_ENDPOINTS)[number];

/** Whether the endpoint is a cumulative incidence (rising from 0) rather than a survival. */
export function isIncidence(endpoint: OutcomeEndpoint): endpoint is 'cir' | 'cirCR' {
  return endpoint === 'cir' || endpoint === 'cirCR';
}

/** The survival endpoint of the API an outcome endpoint asks for; null for the incidences. */
export function survivalEndpointOf(endpoint: OutcomeEndpoint): SurvivalEndpoint | null {
  return isIncidence(endpoint) ? null : endpoint;
}

/** Whether the endpoint counts from the first complete remission rather than the diagnosis. */
export function fromRemission(endpoint: OutcomeEndpoint): boolean {
  return endpoint === 'rfsCR' || endpoint === 'cirCR';
}

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

/** A value of a curve over time (the non-relapse mortality beside the incidence of relapse). */
export interface ValueStep {
  readonly time: number;
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
  /** The non-relapse mortality at each step, for the incidence; null for survival. */
  readonly nrm: readonly ValueStep[] | null;
}

/** Patients an answer leaves out, counted by reason. */
export interface Excluded {
  readonly noDiagnosisDate: number;
  readonly noResponseDate: number;
  readonly beforeLandmark: number;
}

/** A test between the groups: its p-value. */
export interface GroupTest {
  readonly p: number;
}

/** The reasons an answer leaves patients out, in the order the screen and the figure give them. */
export const EXCLUSION_REASONS = ['noDiagnosisDate', 'noResponseDate', 'beforeLandmark'] as const;

/** One endpoint's answer, as the screen shows it. */
export interface Outcome {
  readonly endpoint: OutcomeEndpoint;
  readonly groupBy: GroupBy;
  /** Days from the origin at which the curves start (survival), or null. */
  readonly landmark: number | null;
  readonly excluded: Excluded;
  readonly curves: readonly Curve[];
  /** The log-rank p-value between the groups; null for one group or for the incidence. */
  readonly p: number | null;
  /** Why there is no log-rank test between the groups (survival only). */
  readonly noLogRank: NoLogRank | null;
  /** Gray's tests for relapse and for non-relapse mortality (incidence, two groups or more). */
  readonly grayTest: GroupTest | null;
  readonly grayTestNrm: GroupTest | null;
}

export function outcomeOfSurvival(survival: Survival): Outcome {
  return {
    endpoint: survival.endpoint,
    groupBy: survival.groupBy,
    landmark: survival.landmark,
    excluded: survival.excluded,
    p: survival.logRank?.p ?? null,
    noLogRank: survival.noLogRank,
    grayTest: null,
    grayTestNrm: null,
    curves: survival.groups.map((group) => ({
      key: group.key,
      n: group.n,
      events: group.events,
      competing: null,
      median: group.median,
      medianLower: group.medianLower,
      medianUpper: group.medianUpper,
      nrm: null,
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
    endpoint: incidence.from === 'cr' ? 'cirCR' : 'cir',
    groupBy: incidence.groupBy,
    landmark: null,
    excluded: incidence.excluded,
    p: null,
    noLogRank: null,
    grayTest: incidence.grayTest,
    grayTestNrm: incidence.grayTestNrm,
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
        lower: step.incidenceLower,
        upper: step.incidenceUpper,
      })),
      nrm: group.steps.map((step) => ({
        time: step.time,
        value: step.nrm,
        lower: step.nrmLower,
        upper: step.nrmUpper,
      })),
    })),
  };
}

/**
 * The patients without a value of the grouping: they keep their curve but the tests between the groups
 * leave them out (CONTRACT §9, amended 2026-11-29), which the screen and the figure say; 0 ungrouped.
 */
export function untestedCount(outcome: Outcome): number {
  if (outcome.groupBy === 'none') {
    return 0;
  }
  return outcome.curves.reduce((sum, curve) => sum + (curve.key === null ? curve.n : 0), 0);
}

/** Where every curve starts, at day 0: everyone alive and free of relapse. */
export function originValue(endpoint: OutcomeEndpoint): number {
  return isIncidence(endpoint) ? 0 : 1;
}

/** Index of the last step at or before `day`, or -1 when every step is later (binary search). */
function lastStepAtOrBefore(steps: readonly { readonly time: number }[], day: number): number {
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
 * first step; null when the follow-up does not reach `day` (the last step is earlier) — except for a
 * survival that fell to 0 before it: nobody is left, so it stays 0.
 */
export function estimateAt(curve: Curve, day: number, origin: number): Estimate | null {
  const last = curve.steps.at(-1);
  if (!last) {
    return null;
  }
  if (last.time < day) {
    return origin === 1 && last.value === 0 ? { value: 0, lower: null, upper: null } : null;
  }
  const step = curve.steps[lastStepAtOrBefore(curve.steps, day)];
  return step
    ? { value: step.value, lower: step.lower, upper: step.upper }
    : { value: origin, lower: null, upper: null };
}

/** The non-relapse mortality at `day`, as `estimateAt` reads the incidence; null without it or beyond. */
export function nrmAt(curve: Curve, day: number): Estimate | null {
  const steps = curve.nrm;
  const last = steps?.at(-1);
  if (!steps || !last || last.time < day) {
    return null;
  }
  const step = steps[lastStepAtOrBefore(steps, day)];
  return step
    ? { value: step.value, lower: step.lower, upper: step.upper }
    : { value: 0, lower: null, upper: null };
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
/** Past this follow-up (months) the axis runs in whole years. */
const YEARS_FROM = 36;

/**
 * The x-axis ticks in months, from 0 to the first tick at or after the longest follow-up: the finest
 * spacing that needs no more than `maxTicks` ticks (at least two); whole years past three years of
 * follow-up, so that the axis can read in years.
 */
export function monthTicks(lastDay: number, maxTicks: number): number[] {
  const months = Math.max(lastDay / DAYS_PER_MONTH, 1);
  const fits = (step: number) => Math.ceil(months / step) + 1 <= Math.max(maxTicks, 2);
  const steps = months > YEARS_FROM ? TICK_STEPS.filter((step) => step % 12 === 0) : TICK_STEPS;
  const step = steps.find(fits) ?? 120;
  const count = Math.ceil(months / step);
  return Array.from({ length: count + 1 }, (_, index) => index * step);
}

/** Whether the ticks are whole years apart, so that the axis reads in years rather than months. */
export function ticksInYears(ticks: readonly number[]): boolean {
  const step = (ticks[1] ?? 0) - (ticks[0] ?? 0);
  return step >= 12 && step % 12 === 0;
}

/**
 * The top of the y axis of an incidence, in percent: the highest value, interval or non-relapse
 * mortality of any curve, rounded up to the next 10 % (at least 10 %, at most 100 %), so that a
 * small incidence is not squashed at the bottom of a 0–100 % axis.
 */
export function incidenceAxisTop(curves: readonly Curve[]): number {
  let highest = 0;
  for (const curve of curves) {
    for (const step of [...curve.steps, ...(curve.nrm ?? [])]) {
      highest = Math.max(highest, step.value, step.upper ?? 0);
    }
  }
  return Math.min(100, Math.max(10, Math.ceil((highest * 100 - 1e-9) / 10) * 10));
}

/** The y-axis ticks from 0 to `top` percent (a multiple of 10): quarters of 100, else tens or twenties. */
export function percentTicks(top: number): number[] {
  let step = 10;
  if (top === 100) {
    step = 25;
  } else if (top > 50 && top % 20 === 0) {
    step = 20;
  }
  return Array.from({ length: Math.round(top / step) + 1 }, (_, index) => index * step);
}

/** Where the x axis counts from: the diagnosis, the first CR, or the landmark. */
export function axisOrigin(outcome: Outcome): 'diagnosis' | 'cr' | 'landmark' {
  if (outcome.landmark !== null) {
    return 'landmark';
  }
  return fromRemission(outcome.endpoint) ? 'cr' : 'diagnosis';
}

/**
 * The non-relapse mortality of each incidence curve as a curve of its own (no censoring marks, no
 * band), drawn dashed beside its group's incidence; none for survival.
 */
export function nrmCurves(curves: readonly Curve[]): Curve[] {
  return curves.flatMap((curve) =>
    curve.nrm
      ? [
          {
            ...curve,
            events: curve.competing ?? 0,
            nrm: null,
            steps: curve.nrm.map((step) => ({
              time: step.time,
              atRisk: 0,
              events: 0,
              competing: 0,
              censored: 0,
              value: step.value,
              lower: null,
              upper: null,
            })),
          },
        ]
      : [],
  );
}
