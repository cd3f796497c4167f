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

/** Days beyond any follow-up (2,700 years): the order counts the patients of every day up to the last. */
const MAX_DAYS = 1_000_000;

/**
 * The indices of some times in ascending order, ties in their given order (R's `order(time)`): a
 * counting sort by day, as the times are whole days, a few thousand distinct, where sorting a hundred
 * thousand patients by comparison cost more than the rest of what orders them.
 */
export function timeOrderOf(times: ArrayLike<number>): Uint32Array {
  const n = times.length;
  let last = -1;
  for (let index = 0; index < n; index++) {
    const time = times[index] ?? Number.NaN;
    assertWholeDays(time);
    last = Math.max(last, time);
  }
  if (last > MAX_DAYS) {
    throw new RangeError('A time must be under a million days.');
  }
  // next[day]: where the next patient of that day goes, once the days before it are counted.
  const next = new Uint32Array(last + 2);
  for (let index = 0; index < n; index++) {
    const slot = (times[index] ?? 0) + 1;
    next[slot] = (next[slot] ?? 0) + 1;
  }
  for (let day = 1; day < next.length; day++) {
    next[day] = (next[day] ?? 0) + (next[day - 1] ?? 0);
  }
  const order = new Uint32Array(n);
  for (let index = 0; index < n; index++) {
    const day = times[index] ?? 0;
    order[next[day] ?? 0] = index;
    next[day] = (next[day] ?? 0) + 1;
  }
  return order;
}
