import { byTime } from './times.ts';

/**
 * The cumulative incidence of an event with a competing event (relapse, with death before relapse
 * competing) by Aalen–Johansen, exactly as R's
 * `survfit(Surv(time, factor(status, 0:2, labels = c("censor", "relapse", "death"))) ~ 1)` gives the
 * probability of state "relapse" (`pstate`). One minus Kaplan–Meier would count the dead as if they
 * could still relapse and overstate the incidence.
 */

/** One patient: whole days to the first of relapse (1), death (2) or the last news (0, censored). */
export interface CompetingObservation {
  readonly time: number;
  readonly status: 0 | 1 | 2;
}

/** The incidence just after one distinct time at which anything happens. */
export interface IncidenceStep {
  readonly time: number;
  readonly atRisk: number;
  readonly events: number;
  readonly competing: number;
  readonly censored: number;
  readonly incidence: number;
}

/** The incidence curve: patients, events, competing events and every step. */
export interface CumulativeIncidence {
  readonly n: number;
  readonly events: number;
  readonly competing: number;
  readonly steps: readonly IncidenceStep[];
}

/**
 * The cumulative incidence with one step per distinct time. At a time with events of both kinds and
 * censorings, all of them count as at risk, as in R: each event takes its share d/n of the patients
 * still free of both events just before that time.
 */
export function cumulativeIncidence(observations: readonly CompetingObservation[]): CumulativeIncidence {
  for (const { status } of observations) {
    if (status !== 0 && status !== 1 && status !== 2) {
      throw new RangeError(`A status must be 0 (censored), 1 (event) or 2 (competing event); got ${status}.`);
    }
  }
  let atRisk = observations.length;
  // The probability of being free of both events just before the current time (all-cause Kaplan–Meier).
  let eventFree = 1;
  let incidence = 0;
  const steps: IncidenceStep[] = [];
  for (const { time, items } of byTime(observations)) {
    const events = items.filter((item) => item.status === 1).length;
    const competing = items.filter((item) => item.status === 2).length;
    const censored = items.length - events - competing;
    incidence += (eventFree * events) / atRisk;
    eventFree *= (atRisk - events - competing) / atRisk;
    steps.push({ time, atRisk, events, competing, censored, incidence });
    atRisk -= items.length;
  }
  const total = (key: 'events' | 'competing') => steps.reduce((sum, step) => sum + step[key], 0);
  return { n: observations.length, events: total('events'), competing: total('competing'), steps };
}
