import { chiSquareUpperTail } from './chi-square.ts';
import type { Observation } from './kaplan-meier.ts';
import { endOfTime, type Tally, tallyGroups } from './tally.ts';

/**
 * The log-rank test exactly as R's `survdiff(Surv(time, status) ~ group)` (rho = 0), with its
 * hypergeometric variance for tied events.
 */

/** The test statistic and its p-value, with the observed and expected events behind it. */
export interface LogRank {
  readonly chisq: number;
  /** The groups with expected events, minus one (survdiff's degrees of freedom). */
  readonly df: number;
  /** The upper tail of the chi-square distribution, R's `pchisq(chisq, df, lower.tail = FALSE)`. */
  readonly p: number;
  /** Observed and expected events, one per group in the order given (0 and 0 for an empty group). */
  readonly observed: readonly number[];
  readonly expected: readonly number[];
}

/**
 * Why there is no test, as the screen says it: fewer than two groups with patients (`groups`), fewer
 * than two groups with expected events (`events`: no event at all, or every event in one group's time
 * alone; R answers chisq 0 with df ≤ 0 and p NA), or a variance that cannot be inverted (`variance`:
 * e.g. every patient at risk having the event on the same day; R stops with "system is exactly
 * singular").
 */
export type NoLogRank = 'groups' | 'events' | 'variance';

/** Compares the survival of the groups; `null` when there is no test (`logRankOrReason` says why). */
export function logRank(groups: readonly (readonly Observation[])[]): LogRank | null {
  const answer = logRankOrReason(groups);
  return typeof answer === 'string' ? null : answer;
}

/** The log-rank test of the groups, or why there is none. */
export function logRankOrReason(groups: readonly (readonly Observation[])[]): LogRank | NoLogRank {
  return logRankOfTally(tallyGroups(groups, (observation) => (observation.event ? 1 : 0)));
}

/**
 * The same for the groups of a tally: status 1 is the event, the other statuses censor (a group
 * without entries is empty).
 */
export function logRankOfTally(entries: Tally): LogRank | NoLogRank {
  const size = entries.groups;
  if (entries.size.filter((patients) => patients > 0).length < 2) {
    return 'groups';
  }
  const atRisk = Float64Array.from(entries.size);
  const observed = new Array<number>(size).fill(0);
  const expected = new Array<number>(size).fill(0);
  // The covariance of groups g and h at [g * size + h].
  const covariance = new Float64Array(size * size);

  let n = atRisk.reduce((sum, patients) => sum + patients, 0);
  for (let from = 0; from < entries.length; ) {
    const to = endOfTime(entries, from);
    let deaths = 0;
    let leaving = 0;
    for (let at = from; at < to; at++) {
      const events = entries.events[at] ?? 0;
      deaths += events;
      leaving += events + (entries.censored[at] ?? 0) + (entries.competing[at] ?? 0);
    }
    if (deaths > 0) {
      // survdiff2.c: expected d·n_g/n; covariance d(n−d)/(n(n−1)) · n_g (δ_gh − n_h/n), none when n = 1.
      const spread = n > 1 ? (deaths * (n - deaths)) / (n * (n - 1)) : 0;
      for (let g = 0; g < size; g++) {
        const atRiskG = atRisk[g] ?? 0;
        expected[g] = (expected[g] ?? 0) + (deaths * atRiskG) / n;
        for (let h = 0; h < size; h++) {
          const cell = g * size + h;
          covariance[cell] =
            (covariance[cell] ?? 0) + spread * atRiskG * ((g === h ? 1 : 0) - (atRisk[h] ?? 0) / n);
        }
      }
    }
    for (let at = from; at < to; at++) {
      const g = entries.group[at] ?? 0;
      const events = entries.events[at] ?? 0;
      observed[g] = (observed[g] ?? 0) + events;
      atRisk[g] = (atRisk[g] ?? 0) - events - (entries.censored[at] ?? 0) - (entries.competing[at] ?? 0);
    }
    n -= leaving;
    from = to;
  }

  // survdiff keeps the groups with expected events and drops the first of them: the differences sum to
  // zero, so one is redundant.
  const kept = expected.flatMap((value, index) => (value > 0 ? [index] : []));
  if (kept.length < 2) {
    return 'events';
  }
  const rest = kept.slice(1);
  const difference = rest.map((g) => (observed[g] ?? 0) - (expected[g] ?? 0));
  const solution = solve(
    rest.map((g) => rest.map((h) => covariance[g * size + h] ?? 0)),
    difference,
  );
  if (!solution) {
    return 'variance';
  }
  const chisq = solution.reduce((sum, value, index) => sum + value * (difference[index] ?? 0), 0);
  const df = kept.length - 1;
  return {
    chisq,
    df,
    p: chiSquareUpperTail(chisq, df),
    observed,
    expected,
  };
}

/**
 * Solves A x = b by Gauss–Jordan elimination with partial pivoting (A is a few groups wide); `null`
 * when A is singular, where R's `solve` stops with an error.
 */
function solve(matrix: readonly (readonly number[])[], vector: readonly number[]): number[] | null {
  const size = vector.length;
  const tolerance = Number.EPSILON * Math.max(...matrix.flat().map(Math.abs));
  let rows = matrix.map((row, index) => [...row, vector[index] ?? 0]);
  for (let column = 0; column < size; column++) {
    const candidates = rows.slice(column);
    const pivot = candidates.reduce((best, row) =>
      Math.abs(row[column] ?? 0) > Math.abs(best[column] ?? 0) ? row : best,
    );
    const head = pivot[column] ?? 0;
    if (!(Math.abs(head) > tolerance)) {
      return null;
    }
    const unit = pivot.map((value) => value / head);
    rows = [...rows.slice(0, column), unit, ...candidates.filter((row) => row !== pivot)].map((row, index) =>
      index === column ? row : row.map((value, k) => value - (row[column] ?? 0) * (unit[k] ?? 0)),
    );
  }
  return rows.map((row) => row[size] ?? 0);
}
