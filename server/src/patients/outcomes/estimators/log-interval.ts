/** R's `qnorm(0.975)` to 17 significant digits: the normal quantile of a two-sided 95% interval. */
export const Z_95 = 1.9599639845400536;

/** A 95% interval; `null` limits where R gives NA. */
export interface Interval {
  readonly lower: number | null;
  readonly upper: number | null;
}

/**
 * R's 95% interval on the log scale (`survfit_confint` with `conf.type = "log"`, survfit's default for
 * both the Kaplan–Meier and the multi-state curves): exp(log p ± z·se) with se the standard error of
 * log p, the upper limit capped at 1. With se = 0 both limits are p; at p = 0 the logarithm is
 * undefined and R reports NA for both, which is `null` here.
 */
export function logInterval(estimate: number, seOfLog: number): Interval {
  if (estimate === 0) {
    return { lower: null, upper: null };
  }
  const log = Math.log(estimate);
  return { lower: Math.exp(log - Z_95 * seOfLog), upper: Math.min(1, Math.exp(log + Z_95 * seOfLog)) };
}
