import { logInterval } from './log-interval.ts';
import { type Tally, tallyGroups } from './tally.ts';
import { assertWholeDays } from './times.ts';

/**
 * The Kaplan–Meier estimate exactly as R's `survfit(Surv(time, status) ~ 1)` gives it with its defaults:
 * Greenwood's variance and a 95% interval on the log scale (`conf.type = "log"`), capped at 1.
 */

/** One patient's follow-up: whole days from the origin to the event, or to the last news (censored). */
export interface Observation {
  readonly time: number;
  readonly event: boolean;
  /** How many patients share this observation; 1 when absent (`times.ts` countOf). */
  readonly n?: number;
}

/** The curve just after one distinct time at which an event or a censoring happens. */
export interface KaplanMeierStep {
  readonly time: number;
  readonly atRisk: number;
  readonly events: number;
  readonly censored: number;
  readonly survival: number;
  /** 1 and 1 before the first event (no variance yet); `null` where R gives NA, once survival is 0. */
  readonly lower: number | null;
  readonly upper: number | null;
}

/** The curve of a group of patients: how many, how many events, and every step. */
export interface KaplanMeier {
  readonly n: number;
  readonly events: number;
  readonly steps: readonly KaplanMeierStep[];
}

/** The value of the survival curve and its interval at one time. */
export interface SurvivalEstimate {
  readonly survival: number;
  readonly lower: number | null;
  readonly upper: number | null;
}

/**
 * The Kaplan–Meier curve with one step per distinct time. At a time with both events and censorings,
 * the censored patients still count as at risk for those events (R's convention: the censoring is
 * taken to happen just after the events).
 */
export function kaplanMeier(observations: readonly Observation[]): KaplanMeier {
  return kaplanMeierOf(
    tallyGroups([observations], (observation) => (observation.event ? 1 : 0)),
    0,
  );
}

/**
 * The same curve for group `group` of a tally: its status 1 is the event, and the other statuses are
 * censorings (a competing event censors the endpoint of a survival curve).
 */
export function kaplanMeierOf(entries: Tally, group: number): KaplanMeier {
  const n = entries.size[group] ?? 0;
  let atRisk = n;
  let survival = 1;
  let total = 0;
  // Greenwood's sum, the variance of log S(t): Σ d / (n (n − d)). It is infinite once everyone at risk
  // has the event, which is exactly when survival is 0 and R reports no interval.
  let greenwood = 0;
  const steps: KaplanMeierStep[] = [];
  for (let at = 0; at < entries.length; at++) {
    if (entries.group[at] !== group) {
      continue;
    }
    const events = entries.events[at] ?? 0;
    const censored = (entries.censored[at] ?? 0) + (entries.competing[at] ?? 0);
    if (events > 0) {
      survival *= (atRisk - events) / atRisk;
      greenwood += events === atRisk ? Number.POSITIVE_INFINITY : events / (atRisk * (atRisk - events));
      total += events;
    }
    // Before the first event Greenwood's sum is 0, so the interval is 1 to 1, as R reports it.
    const { lower, upper } = logInterval(survival, Math.sqrt(greenwood));
    steps.push({ time: entries.time[at] ?? 0, atRisk, events, censored, survival, lower, upper });
    atRisk -= events + censored;
  }
  return { n, events: total, steps };
}

/**
 * The curve at a time (e.g. 365, 730 and 1826 days for the 1-, 2- and 5-year estimates), as R's
 * `summary(fit, times = time)`: the value after the last step at or before that time, or 1 (interval
 * 1 to 1) before the first step. `null` after the last observed time, where R's summary (with its
 * default `extend = FALSE`) gives no row: no patient was followed that long, so there is no estimate.
 */
export function survivalAt(steps: readonly KaplanMeierStep[], time: number): SurvivalEstimate | null {
  assertWholeDays(time);
  const last = steps.at(-1);
  if (!last || time > last.time) {
    return null;
  }
  let estimate: SurvivalEstimate = { survival: 1, lower: 1, upper: 1 };
  for (const step of steps) {
    if (step.time > time) {
      break;
    }
    estimate = { survival: step.survival, lower: step.lower, upper: step.upper };
  }
  return estimate;
}
