/**
 * Time handling shared by the estimators. The contract counts time in whole days from the origin
 * (diagnosis), so ties are exact equalities; a fractional or negative day means a caller computed the
 * interval wrongly, and an estimate from it would silently be wrong, so it is refused.
 */

/** Throws a RangeError unless `time` is a whole, non-negative number of days. */
export function assertWholeDays(time: number): void {
  if (!Number.isInteger(time) || time < 0) {
    // The message does not repeat the time: it is a patient's.
    throw new RangeError('A time must be a whole, non-negative number of days.');
  }
}

/**
 * How many patients an observation stands for: a counted observation (`n`) is the same as `n` equal
 * ones, so that a cohort read in counts (docs/performance.md) gives exactly the estimates its patients
 * one by one would.
 */
export const countOf = (item: { readonly n?: number }): number => item.n ?? 1;

/**
 * The indices of some times in ascending order, ties in their given order (R's `order(time)`): each
 * time and index packed into one double (time · n + index, exact for whole days) and sorted as
 * numbers, several times faster on a registry's patients than a comparator.
 */
export function timeOrderOf(times: ArrayLike<number>): Uint32Array {
  const n = times.length;
  const keys = new Float64Array(n);
  let max = 0;
  for (let index = 0; index < n; index++) {
    const time = times[index] ?? 0;
    assertWholeDays(time);
    keys[index] = time * n + index;
    max = Math.max(max, keys[index] ?? 0);
  }
  if (!Number.isSafeInteger(max)) {
    throw new RangeError('Too many days or patients to order exactly.');
  }
  keys.sort();
  const order = new Uint32Array(n);
  for (let k = 0; k < n; k++) {
    order[k] = (keys[k] ?? 0) % n;
  }
  return order;
}
