import { kaplanMeierOf, type Observation } from './kaplan-meier.ts';
import { type MedianEstimate, survivalMedian } from './survival-median.ts';
import { type Tally, tallyGroups } from './tally.ts';

/**
 * The median follow-up by the reverse Kaplan–Meier, exactly as the median of R's
 * `survfit(Surv(time, 1 - status) ~ 1)`: the last news is the "event" and a death censors, so the
 * follow-up the dead would have had is not cut short by their death (the plain median of the times
 * would be). The ties follow R without adjustment: on a day with both, the deaths count as at risk
 * for the last news.
 */
export function medianFollowUp(observations: readonly Observation[]): MedianEstimate {
  return medianFollowUpOf(
    tallyGroups([observations], (observation) => (observation.event ? 1 : 0)),
    0,
  );
}

/** The same for group `group` of a tally, whose status 1 is the death and the other statuses news. */
export function medianFollowUpOf(entries: Tally, group: number): MedianEstimate {
  const news = entries.censored.map((censored, at) => censored + (entries.competing[at] ?? 0));
  const reversed = {
    ...entries,
    events: news,
    censored: entries.events,
    competing: new Float64Array(entries.length),
  };
  return survivalMedian(kaplanMeierOf(reversed, group).steps);
}
