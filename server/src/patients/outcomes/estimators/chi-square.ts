import gammainc from '@stdlib/math-base-special-gammainc';

/**
 * The upper tail of the chi-square distribution, R's `pchisq(x, df, lower.tail = FALSE)`, computed
 * directly as the regularised upper incomplete gamma function Q(df/2, x/2) rather than as 1 − cdf, so a
 * p-value of 1e-300 keeps its relative precision (CONTRACT §9) instead of reading 0.
 */
export function chiSquareUpperTail(x: number, df: number): number {
  if (!(df > 0) || Number.isNaN(x)) {
    throw new RangeError(
      `A chi-square tail needs a statistic and degrees of freedom above 0; got ${x} on ${df}.`,
    );
  }
  return x <= 0 ? 1 : gammainc(x / 2, df / 2, true, true);
}

/** A chi-square test: the statistic, its degrees of freedom and the upper-tail p-value. */
export interface ChiSquareTest {
  readonly chisq: number;
  readonly df: number;
  readonly p: number;
}

/** The test of a statistic on `df` degrees of freedom. */
export function chiSquareTest(chisq: number, df: number): ChiSquareTest {
  return { chisq, df, p: chiSquareUpperTail(chisq, df) };
}
