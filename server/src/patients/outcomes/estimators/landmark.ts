import { assertWholeDays } from './times.ts';

/**
 * A landmark analysis (Anderson, Cain and Gelber 1983): an estimate that starts at a fixed time after
 * the origin, so that a grouping judged then (a transplant, an MRD result) is not credited with the time
 * patients had to survive to reach it. It is made from the data, not the estimator: only the patients
 * still at risk at the landmark enter, and times count from it.
 */

/**
 * The patients still at risk at `landmarkDays`, each with its time counted from the landmark. A
 * patient is at risk at a time when its own time is at or after it — R's convention for the number at
 * risk, and exactly the rows `survfit(..., start.time = landmark)` keeps — so an event or a censoring
 * on the landmark day itself enters at time 0 (an event there counts, as it does in R). The result
 * given to `kaplanMeier` equals R's `survfit(Surv(time - L, status) ~ 1, subset = time >= L)`, and to
 * `cumulativeIncidence` the same with the multi-state status.
 */
export function atLandmark<T extends { readonly time: number }>(
  observations: readonly T[],
  landmarkDays: number,
): T[] {
  return observations.flatMap((observation) => {
    const time = fromLandmark(observation.time, landmarkDays);
    return time === null ? [] : [{ ...observation, time }];
  });
}

/** One patient's time counted from the landmark, or `null` when it is no longer at risk then. */
export function fromLandmark(time: number, landmarkDays: number): number | null {
  assertWholeDays(landmarkDays);
  assertWholeDays(time);
  return time >= landmarkDays ? time - landmarkDays : null;
}
