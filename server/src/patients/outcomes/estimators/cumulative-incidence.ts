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

/** A value per state: 0 free of both events, 1 the event, 2 the competing event. */
type States = [number, number, number];

/** A 3 × 3 matrix over the states, by rows. */
type Matrix = [States, States, States];

const STATES = [0, 1, 2] as const;

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
  let probability: States = [1, 0, 0];
  let covariance: Matrix = [
    [0, 0, 0],
    [0, 0, 0],
    [0, 0, 0],
  ];
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
      // The censored count as still free: they leave after this time's events.
      const step: States = [(atRisk - events - competing) / atRisk, events / atRisk, competing / atRisk];
      const weight = probability[0] ** 2 / atRisk;
      const moved = congruence(covariance, step);
      covariance = STATES.map((j) =>
        STATES.map((k) => moved[j][k] + weight * ((j === k ? step[j] : 0) - step[j] * step[k])),
      ) as Matrix;
      probability = alongStep(probability, step);
      totalEvents += events;
      totalCompeting += competing;
    }
    const interval = (state: 1 | 2) =>
      logInterval(probability[state], Math.sqrt(covariance[state][state]) / probability[state]);
    const incidence = interval(1);
    const nrm = interval(2);
    steps.push({
      time: entries.time[at] ?? 0,
      atRisk,
      events,
      competing,
      censored,
      incidence: probability[1],
      incidenceLower: incidence.lower,
      incidenceUpper: incidence.upper,
      nrm: probability[2],
      nrmLower: nrm.lower,
      nrmUpper: nrm.upper,
    });
    atRisk -= events + competing + censored;
  }
  return { n, events: totalEvents, competing: totalCompeting, steps };
}

/**
 * A row times the step's transition matrix H, whose first row is `step` and whose other rows are those
 * of the identity (relapse and death are absorbing): what leaves "free" is shared among the events.
 */
function alongStep(row: States, step: States): States {
  return [row[0] * step[0], row[1] + row[0] * step[1], row[2] + row[0] * step[2]];
}

/** Hᵀ·M·H for the same transition matrix: the sum of outer products of rows that each move by H. */
function congruence(matrix: Matrix, step: States): Matrix {
  const columns = STATES.map((k) => alongStep([matrix[0][k], matrix[1][k], matrix[2][k]], step)) as Matrix;
  return STATES.map((j) => alongStep([columns[0][j], columns[1][j], columns[2][j]], step)) as Matrix;
}
