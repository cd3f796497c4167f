/**
 * Time handling shared by the estimators. The contract counts time in whole days from the origin
 * (diagnosis), so ties are exact equalities; a fractional or negative day means a caller computed the
 * interval wrongly, and an estimate from it would silently be wrong, so it is refused.
 */

/** Throws a RangeError unless `time` is a whole, non-negative number of days. */
export function assertWholeDays(time: number): void {
  if (!Number.isInteger(time) || time < 0) {
    throw new RangeError(`A time must be a whole, non-negative number of days; got ${time}.`);
  }
}

/** The items grouped by their time, in ascending time: one group per distinct time. */
export function byTime<T extends { readonly time: number }>(
  items: readonly T[],
): { time: number; items: T[] }[] {
  const groups = new Map<number, T[]>();
  for (const item of items) {
    assertWholeDays(item.time);
    const group = groups.get(item.time);
    if (group) {
      group.push(item);
    } else {
      groups.set(item.time, [item]);
    }
  }
  return [...groups.entries()].sort(([a], [b]) => a - b).map(([time, group]) => ({ time, items: group }));
}
