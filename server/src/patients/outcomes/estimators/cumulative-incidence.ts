import { logInterval } from './log-interval.ts';
import { type Tally, tallyGroups } from './tally.ts';

/**
 * The cumulative incidence of an event with a competing event (relapse, with death before relapse
 * competing) by Aalen–Johansen, exactly as R's (survival 3.5)
 * `survfit(Surv(time, factor(status, 0:2, labels = c("censor", "relapse", "death"))) ~ 1)` gives it with
 * its defaults: the probability of state "relapse" (`pstate`), the probability of state "death" beside
 * it (death without relapse: the non-relapse mortality), and for each its 95% interval (`lower`,
 * `upper`) from the infinitesimal-jackknife standard error (`std.err`, the only variance survfit has
 * for multi-state curves) on the log scale (`conf.type = "log"`). One minus Kaplan–Meier would count
 * the dead as if they could still relapse and overstate the incidence.
 */

/** One patient: whole days to the first of relapse (1), death (2) or the last news (0, censored). */
export interface CompetingObservation {
  readonly time: number;
  readonly status: 0 | 1 | 2;
  /** How many patients share this observation; 1 when absent (`times.ts` countOf). */
  readonly n?: number;
}

/** The incidences just after one distinct time at which anything happens. */
export interface IncidenceStep {
  readonly time: number;
  readonly atRisk: number;
  readonly events: number;
  readonly competing: number;
  readonly censored: number;
  /** The probability of having had the event (relapse) by this time. */
  readonly incidence: number;
  /** Its 95% interval; `null` while the incidence is 0, where R gives NA. */
  readonly incidenceLower: number | null;
  readonly incidenceUpper: number | null;
  /** The probability of having had the competing event (death without relapse) by this time. */
  readonly nrm: number;
  readonly nrmLower: number | null;
  readonly nrmUpper: number | null;
}

/** The incidence curve: patients, events, competing events and every step. */
export interface CumulativeIncidence {
  readonly n: number;
  readonly events: number;
  readonly competing: number;
  readonly steps: readonly IncidenceStep[];
}

/**
 * The cumulative incidences with one step per distinct time. At a time with events of both kinds and
 * censorings, all of them count as at risk, as in R: each event takes its share d/n of the patients
 * still free of both events just before that time.
 *
 * The standard errors are those of R's `survfitci.c`: each patient has an influence row U (one value
 * per state), which at every time with events becomes U·H, H the step's matrix of transition
 * probabilities, plus for each patient at risk then p₀/n · (e_s − h), where h is H's row out of "free
 * of both events", p₀ the probability of being free just before, n the number at risk and e_s the
 * state the patient is in just after; each state's variance is the sum over patients of U². The rows
 * need not be kept one by one: the patients at risk share one row (they have had the same history),
 * and their added terms sum to zero (n·h patients end in each state), so the matrix C = Σ UᵀU moves
 * to HᵀCH + p₀²/n · (diag(h) − hᵀh), the multinomial covariance of the step — R's figures in a time
 * linear in the number of distinct times.
 */
export function cumulativeIncidence(observations: readonly CompetingObservation[]): CumulativeIncidence {
  return cumulativeIncidenceOf(
    tallyGroups([observations], (observation) => observation.status),
    0,
  );
}

/** The same incidences for group `group` of a tally. */
export function cumulativeIncidenceOf(entries: Tally, group: number): CumulativeIncidence {
  const n = entries.size[group] ?? 0;
  let atRisk = n;
  // The probabilities of the states: free of both events, the event, the competing event.
  let free = 1;
  let incidence = 0;
  let nrm = 0;
  // C, symmetric, by its six entries: cjk for states j and k.
  let c00 = 0;
  let c01 = 0;
  let c02 = 0;
  let c11 = 0;
  let c12 = 0;
  let c22 = 0;
  let totalEvents = 0;
  let totalCompeting = 0;
  const steps: IncidenceStep[] = [];
  for (let at = 0; at < entries.length; at++) {
    if (entries.group[at] !== group) {
      continue;
    }
    const events = entries.events[at] ?? 0;
    const competing = entries.competing[at] ?? 0;
    const censored = entries.censored[at] ?? 0;
    if (events + competing > 0) {
      // H's row out of "free": the censored count as still free, they leave after this time's events.
      const h0 = (atRisk - events - competing) / atRisk;
      const h1 = events / atRisk;
      const h2 = competing / atRisk;
      const weight = free ** 2 / atRisk;
      // HᵀCH, H's columns being (h0, 0, 0), (h1, 1, 0) and (h2, 0, 1); then the step's covariance.
      const next00 = h0 * h0 * c00;
      const next01 = h0 * (h1 * c00 + c01);
      const next02 = h0 * (h2 * c00 + c02);
      const next11 = h1 * h1 * c00 + 2 * h1 * c01 + c11;
      const next12 = h1 * h2 * c00 + h1 * c02 + h2 * c01 + c12;
      const next22 = h2 * h2 * c00 + 2 * h2 * c02 + c22;
      c00 = next00 + weight * (h0 - h0 * h0);
      c01 = next01 - weight * h0 * h1;
      c02 = next02 - weight * h0 * h2;
      c11 = next11 + weight * (h1 - h1 * h1);
      c12 = next12 - weight * h1 * h2;
      c22 = next22 + weight * (h2 - h2 * h2);
      incidence += free * h1;
      nrm += free * h2;
      free *= h0;
      totalEvents += events;
      totalCompeting += competing;
    }
    const incidenceInterval = logInterval(incidence, Math.sqrt(c11) / incidence);
    const nrmInterval = logInterval(nrm, Math.sqrt(c22) / nrm);
    steps.push({
      time: entries.time[at] ?? 0,
      atRisk,
      events,
      competing,
      censored,
      incidence,
      incidenceLower: incidenceInterval.lower,
      incidenceUpper: incidenceInterval.upper,
      nrm,
      nrmLower: nrmInterval.lower,
      nrmUpper: nrmInterval.upper,
    });
    atRisk -= events + competing + censored;
  }
  return { n, events: totalEvents, competing: totalCompeting, steps };
}
