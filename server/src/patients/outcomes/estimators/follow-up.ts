import { kaplanMeier, type Observation } from './kaplan-meier.ts';
import { type MedianEstimate, survivalMedian } from './survival-median.ts';

/**
 * The median follow-up by the reverse Kaplan–Meier, exactly as the median of R's
 * `survfit(Surv(time, 1 - status) ~ 1)`: the last news is the "event" and a death censors, so the
 * follow-up the dead would have had is not cut short by their death (the plain median of the times
 * would be). The ties follow R without adjustment: on a day with both, the deaths count as at risk
 * for the last news.
 */
export function medianFollowUp(observations: readonly Observation[]): MedianEstimate {
  const reversed = observations.map((observation) => ({ ...observation, event: !observation.event }));
  return survivalMedian(kaplanMeier(reversed).steps);
}
