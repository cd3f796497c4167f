import { type Curve, estimateAt, type OutcomeEndpoint, originValue } from './curves.ts';
import { monthsOf, percentNumberOf, percentOf } from './format.ts';

/** What a median or an interval's end reads when it was not reached. */
export interface NotReached {
  /** The median itself: 'not reached'. */
  readonly median: string;
  /** An end of its interval, shorter: 'NR'. */
  readonly bound: string;
}

/** The median in months with its 95% interval: '14.2 (10.1–18.9)', or 'not reached'. */
export function medianText(curve: Curve, language: string, notReached: NotReached): string {
  const median = monthsOf(curve.median, language);
  if (median === null) {
    return notReached.median;
  }
  const lower = monthsOf(curve.medianLower, language) ?? notReached.bound;
  const upper = monthsOf(curve.medianUpper, language) ?? notReached.bound;
  return `${median} (${lower}–${upper})`;
}

/** No estimate: the follow-up does not reach that time. */
export const NO_ESTIMATE = '—';

/**
 * The estimate at `day` as a percentage with its interval when it has one: '72.5% (65.1–79.0)';
 * '—' when the follow-up does not reach `day`.
 */
export function landmarkText(curve: Curve, day: number, endpoint: OutcomeEndpoint, language: string): string {
  const estimate = estimateAt(curve, day, originValue(endpoint));
  if (!estimate) {
    return NO_ESTIMATE;
  }
  const value = percentOf(estimate.value, language) ?? NO_ESTIMATE;
  if (estimate.lower === null || estimate.upper === null || estimate.lower === estimate.upper) {
    return value;
  }
  return `${value} (${percentNumberOf(estimate.lower, language)}–${percentNumberOf(estimate.upper, language)})`;
}
