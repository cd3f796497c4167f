import { type Curve, type Estimate, estimateAt, nrmAt, type OutcomeEndpoint, originValue } from './curves.ts';
import { monthsOf, percentNumberOf, percentOf } from './format.ts';

/** What a median or an interval's end reads when it was not reached. */
export interface NotReached {
  /** The median itself: 'not reached'. */
  readonly median: string;
  /** An end of its interval, shorter: 'NA'. */
  readonly bound: string;
  /** The whole interval when neither end was reached: '95% CI not reached'. */
  readonly interval: string;
}

/**
 * The median in months with its 95% interval: '14.2 (10.1–18.9)', '14.2 (10.1–NA)' with an end not
 * reached, '14.2 (95% CI not reached)' with neither; or 'not reached'.
 */
export function medianText(curve: Curve, language: string, notReached: NotReached): string {
  const median = monthsOf(curve.median, language);
  if (median === null) {
    return notReached.median;
  }
  const lower = monthsOf(curve.medianLower, language);
  const upper = monthsOf(curve.medianUpper, language);
  if (lower === null && upper === null) {
    return `${median} (${notReached.interval})`;
  }
  return `${median} (${lower ?? notReached.bound}–${upper ?? notReached.bound})`;
}

/** No estimate: the follow-up does not reach that time. */
export const NO_ESTIMATE = '—';

/** An estimate as a percentage with its interval when it has one: '72.5% (65.1–79.0)'; '—' for none. */
export function estimateText(estimate: Estimate | null, language: string): string {
  if (!estimate) {
    return NO_ESTIMATE;
  }
  const value = percentOf(estimate.value, language) ?? NO_ESTIMATE;
  if (estimate.lower === null || estimate.upper === null || estimate.lower === estimate.upper) {
    return value;
  }
  return `${value} (${percentNumberOf(estimate.lower, language)}–${percentNumberOf(estimate.upper, language)})`;
}

/**
 * The estimate at `day` (see `estimateText`): '—' when the follow-up does not reach `day`, 0 % when a
 * survival fell to 0 before it.
 */
export function landmarkText(curve: Curve, day: number, endpoint: OutcomeEndpoint, language: string): string {
  return estimateText(estimateAt(curve, day, originValue(endpoint)), language);
}

/** The non-relapse mortality at `day`, as `estimateText` reads it. */
export function nrmText(curve: Curve, day: number, language: string): string {
  return estimateText(nrmAt(curve, day), language);
}
