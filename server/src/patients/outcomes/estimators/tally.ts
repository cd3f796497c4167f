import { countOf, timeOrderOf } from './times.ts';

/**
 * Observations tallied by distinct time and group: all that the curves (Kaplan–Meier, cumulative
 * incidence) and the tests between groups (log-rank, Gray's) read of a cohort. Patients who share a
 * time, a group and a status are exchangeable in every one of them, so each distinct (time, group) is
 * one entry of three counts, however many patients it holds. The entries are typed arrays in ascending
 * time, then group, made by ordering the patients by day (`timeOrderOf`), with no object per patient: a hundred thousand
 * patients in a few thousand entries, where an object per patient and per step kept the garbage
 * collector busy (docs/performance.md).
 */
export interface Tally {
  /** How many groups: they are 0 … groups − 1, and a group may have no entry. */
  readonly groups: number;
  /** How many entries. */
  readonly length: number;
  readonly time: Float64Array;
  readonly group: Uint32Array;
  /** The entry's patients censored (status 0), with the event (1), and with the competing event (2). */
  readonly censored: Float64Array;
  readonly events: Float64Array;
  readonly competing: Float64Array;
  /** Each group's patients. */
  readonly size: Float64Array;
}

/**
 * Patients in columns, row by row: whole days from the origin, status (0 censored, 1 the event, 2 the
 * competing event), how many patients the row stands for, and the group (a negative group: the row
 * does not enter).
 */
export interface TallyColumns {
  readonly time: ArrayLike<number>;
  readonly status: ArrayLike<number>;
  readonly n: ArrayLike<number>;
  readonly group: ArrayLike<number>;
  readonly groups: number;
}

/**
 * Tallies patients in columns; a fractional or negative day (of any row, entered or not), or an unknown
 * status or group, throws.
 */
export function tally({ time, status, n, group, groups }: TallyColumns): Tally {
  const rows = time.length;
  let entered = 0;
  for (let row = 0; row < rows; row++) {
    const g = group[row] ?? -1;
    if (g < 0) {
      continue;
    }
    assertStatus(status[row]);
    if (!Number.isInteger(g) || g >= groups) {
      throw new RangeError(`A group must be one of 0 to ${groups - 1}.`);
    }
    entered++;
  }
  // The rows by day, then each day's rows summed by group.
  const order = timeOrderOf(time);
  const entries = {
    time: new Float64Array(entered),
    group: new Uint32Array(entered),
    censored: new Float64Array(entered),
    events: new Float64Array(entered),
    competing: new Float64Array(entered),
  };
  const byStatus = [entries.censored, entries.events, entries.competing];
  const size = new Float64Array(groups);
  // Each group's entry on the current day, the groups met that day and whether a group is among them.
  const entryOf = new Int32Array(groups);
  const met = new Uint32Array(groups);
  const isMet = new Uint8Array(groups);
  let length = 0;
  for (let from = 0; from < rows; ) {
    const day = time[order[from] ?? 0] ?? 0;
    let to = from;
    let seen = 0;
    for (; to < rows && time[order[to] ?? 0] === day; to++) {
      const g = group[order[to] ?? 0] ?? -1;
      if (g >= 0 && !isMet[g]) {
        isMet[g] = 1;
        met[seen++] = g;
      }
    }
    // The day's groups in ascending order, one entry each.
    const dayGroups = met.subarray(0, seen).sort();
    for (const g of dayGroups) {
      entryOf[g] = length;
      entries.time[length] = day;
      entries.group[length] = g;
      length++;
    }
    for (let at = from; at < to; at++) {
      const row = order[at] ?? 0;
      const g = group[row] ?? -1;
      if (g < 0) {
        continue;
      }
      const entry = entryOf[g] ?? 0;
      const count = n[row] ?? 1;
      const kind = byStatus[status[row] ?? 0] ?? entries.censored;
      kind[entry] = (kind[entry] ?? 0) + count;
      size[g] = (size[g] ?? 0) + count;
    }
    for (const g of dayGroups) {
      isMet[g] = 0;
    }
    from = to;
  }
  return {
    groups,
    length,
    time: entries.time.subarray(0, length),
    group: entries.group.subarray(0, length),
    censored: entries.censored.subarray(0, length),
    events: entries.events.subarray(0, length),
    competing: entries.competing.subarray(0, length),
    size,
  };
}

function assertStatus(status: number | undefined): void {
  if (status !== 0 && status !== 1 && status !== 2) {
    throw new RangeError(`A status must be 0 (censored), 1 (event) or 2 (competing event); got ${status}.`);
  }
}

/**
 * Groups of observations as objects, tallied (the groups in their order): `statusOf` reads each one's
 * status. For the estimators' own callers and tests; a cohort is tallied from its columns.
 */
export function tallyGroups<T extends { readonly time: number; readonly n?: number }>(
  groups: readonly (readonly T[])[],
  statusOf: (observation: T) => number,
): Tally {
  const rows = groups.reduce((sum, members) => sum + members.length, 0);
  const time = new Float64Array(rows);
  const status = new Float64Array(rows);
  const n = new Float64Array(rows);
  const group = new Int32Array(rows);
  let row = 0;
  groups.forEach((members, index) => {
    for (const observation of members) {
      time[row] = observation.time;
      status[row] = statusOf(observation);
      n[row] = countOf(observation);
      group[row] = index;
      row++;
    }
  });
  return tally({ time, status, n, group, groups: groups.length });
}

/**
 * The tally without one group's patients (its entries gone, its size 0), the other groups keeping their
 * numbers: what a test between the groups reads when that group's patients are to be left out, as R
 * leaves out the patients whose factor is missing (`na.action = na.omit`).
 */
export function withoutGroup(entries: Tally, left: number): Tally {
  let length = 0;
  for (let at = 0; at < entries.length; at++) {
    if (entries.group[at] !== left) {
      length++;
    }
  }
  const kept = new Uint32Array(length);
  for (let at = 0, k = 0; at < entries.length; at++) {
    if (entries.group[at] !== left) {
      kept[k++] = at;
    }
  }
  const pick = <T extends Float64Array | Uint32Array>(column: T, make: (size: number) => T): T => {
    const out = make(length);
    kept.forEach((at, k) => {
      out[k] = column[at] ?? 0;
    });
    return out;
  };
  const size = Float64Array.from(entries.size);
  if (left >= 0 && left < size.length) {
    size[left] = 0;
  }
  return {
    groups: entries.groups,
    length,
    time: pick(entries.time, (n) => new Float64Array(n)),
    group: pick(entries.group, (n) => new Uint32Array(n)),
    censored: pick(entries.censored, (n) => new Float64Array(n)),
    events: pick(entries.events, (n) => new Float64Array(n)),
    competing: pick(entries.competing, (n) => new Float64Array(n)),
    size,
  };
}

/** The index just past the entries at the same time as entry `from` (they are consecutive). */
export function endOfTime(entries: Tally, from: number): number {
  const time = entries.time[from];
  let to = from + 1;
  while (to < entries.length && entries.time[to] === time) {
    to++;
  }
  return to;
}
