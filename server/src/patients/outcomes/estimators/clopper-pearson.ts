import betaQuantile from '@stdlib/stats-base-dists-beta-quantile';

/**
 * The exact (Clopper–Pearson) 95% interval of a proportion, exactly as R's `binom.test(x, n)$conf.int`
 * gives it with its defaults (`conf.level = 0.95`, two-sided): the limits are quantiles of the beta
 * distribution, `qbeta(0.025, x, n − x + 1)` and `qbeta(0.975, x + 1, n − x)`, with the lower limit 0
 * when x = 0 and the upper limit 1 when x = n. The beta quantile is stdlib's (an inverse of the
 * regularised incomplete beta function), not written here.
 */

/** A proportion (R's `binom.test(x, n)$estimate`, x / n) and its exact 95% interval. */
export interface ProportionEstimate {
  readonly proportion: number;
  readonly lower: number;
  readonly upper: number;
}

/** The tail left out on each side of a two-sided 95% interval. */
const TAIL = 0.025;

/**
 * The proportion `successes / n` with its Clopper–Pearson interval; `null` when n = 0, where there is
 * no proportion (R's `binom.test` refuses n = 0). Refuses counts that are not whole numbers with
 * 0 ≤ successes ≤ n: such a count is a caller's mistake that would otherwise give a wrong interval.
 */
export function clopperPearson(successes: number, n: number): ProportionEstimate | null {
  if (!Number.isInteger(successes) || !Number.isInteger(n) || successes < 0 || successes > n) {
    throw new RangeError(`Counts must be whole numbers with 0 ≤ successes ≤ n; got ${successes} of ${n}.`);
  }
  if (n === 0) {
    return null;
  }
  return {
    proportion: successes / n,
    lower: successes === 0 ? 0 : betaQuantile(TAIL, successes, n - successes + 1),
    upper: successes === n ? 1 : betaQuantile(1 - TAIL, successes + 1, n - successes),
  };
}
