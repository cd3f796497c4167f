import { describe, expect, it } from 'vitest';
import { tally, tallyGroups } from './tally.ts';

describe('observations tallied by time and group', () => {
  it('sums each distinct time and group into one entry, ascending time then group', () => {
    const entries = tally({
      time: [5, 0, 5, 3, 5, 0, 3],
      status: [1, 0, 0, 2, 1, 1, 0],
      n: [2, 1, 3, 1, 1, 4, 2],
      group: [1, 0, 1, 0, 0, 1, -1],
      groups: 3,
    });
    expect(entries.length).toBe(5);
    expect([...entries.time]).toEqual([0, 0, 3, 5, 5]);
    expect([...entries.group]).toEqual([0, 1, 0, 0, 1]);
    expect([...entries.censored]).toEqual([1, 0, 0, 0, 3]);
    expect([...entries.events]).toEqual([0, 4, 0, 1, 2]);
    expect([...entries.competing]).toEqual([0, 0, 1, 0, 0]);
    // The row of group −1 does not enter; group 2 has no patient.
    expect([...entries.size]).toEqual([3, 9, 0]);
  });

  it('gives the same entries as summing the patients one by one, over many patients', () => {
    const rows = 5_000;
    const column = (value: (row: number) => number) => Array.from({ length: rows }, (_, row) => value(row));
    const input = {
      time: column((row) => (row * 7919) % 1_500),
      status: column((row) => row % 3),
      n: column((row) => 1 + (row % 4)),
      group: column((row) => (row % 11) - 1),
      groups: 10,
    };
    const expected = new Map<string, number[]>();
    for (let row = 0; row < rows; row++) {
      const group = input.group[row] ?? -1;
      if (group < 0) {
        continue;
      }
      const key = `${input.time[row]}:${group}`;
      const counts = expected.get(key) ?? [0, 0, 0];
      counts[input.status[row] ?? 0] = (counts[input.status[row] ?? 0] ?? 0) + (input.n[row] ?? 0);
      expected.set(key, counts);
    }
    const entries = tally(input);
    const got = new Map<string, number[]>();
    for (let at = 0; at < entries.length; at++) {
      got.set(`${entries.time[at]}:${entries.group[at]}`, [
        entries.censored[at] ?? 0,
        entries.events[at] ?? 0,
        entries.competing[at] ?? 0,
      ]);
      if (at > 0) {
        const previous = (entries.time[at - 1] ?? 0) * 10 + (entries.group[at - 1] ?? 0);
        expect((entries.time[at] ?? 0) * 10 + (entries.group[at] ?? 0)).toBeGreaterThan(previous);
      }
    }
    expect(got).toEqual(expected);
  });

  it('tallies groups of observations, each without a count standing for one patient', () => {
    const entries = tallyGroups(
      [
        [
          { time: 2, status: 1 },
          { time: 2, status: 0, n: 3 },
        ],
        [],
        [{ time: 1, status: 2 }],
      ],
      (observation) => observation.status,
    );
    expect([...entries.time]).toEqual([1, 2]);
    expect([...entries.group]).toEqual([2, 0]);
    expect([...entries.size]).toEqual([4, 0, 1]);
  });

  it('is empty without patients, and refuses what no follow-up can be', () => {
    expect(tally({ time: [], status: [], n: [], group: [], groups: 2 }).length).toBe(0);
    const one = { time: [1], status: [0], n: [1], group: [0], groups: 1 };
    expect(() => tally({ ...one, time: [1.5] })).toThrow(RangeError);
    expect(() => tally({ ...one, time: [-1] })).toThrow(RangeError);
    expect(() => tally({ ...one, time: [2_000_000] })).toThrow(RangeError);
    expect(() => tally({ ...one, status: [3] })).toThrow(RangeError);
    expect(() => tally({ ...one, group: [1] })).toThrow(RangeError);
  });
});
