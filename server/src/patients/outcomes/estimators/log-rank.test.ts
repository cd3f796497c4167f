import { describe, expect, it } from 'vitest';
import { approximately, type LogRankCase, named, observationsOf, readFixture } from './fixtures/from-r.ts';
import type { Observation } from './kaplan-meier.ts';
import { logRank } from './log-rank.ts';

// Written by fixtures/log-rank.R; regenerate from this folder with
//   Rscript fixtures/log-rank.R > fixtures/log-rank.json && npx biome format --write "$PWD/fixtures"
const fixture = readFixture<LogRankCase[]>('log-rank');

/** The fixture's patients split by R's group label, in ascending label order as R's factor has them. */
function groupsOf(entry: LogRankCase): Observation[][] {
  const observations = observationsOf(entry.time, entry.status);
  const labels = [...new Set(entry.group)].sort((a, b) => a - b);
  return labels.map((label) => observations.filter((_, index) => entry.group[index] === label));
}

describe('the log-rank test', () => {
  it.each(fixture.map((entry) => entry.name))('matches R survdiff for %s', (name) => {
    const entry = named(fixture, name);
    expect(logRank(groupsOf(entry))).toEqual(approximately(entry.test));
  });

  it('leaves a group without expected events out of the degrees of freedom, as survdiff does', () => {
    const result = logRank(groupsOf(named(fixture, 'a group without expected events')));
    expect(result?.df).toBe(1);
    expect(result?.observed).toEqual([3, 3, 0]);
    expect(result?.expected[2]).toBe(0);
  });

  it('ignores an empty group, keeping its place in the observed and expected counts', () => {
    const entry = named(fixture, 'two groups');
    const [first = [], second = []] = groupsOf(entry);
    const { observed, expected, ...test } = entry.test;
    expect(logRank([first, [], second])).toEqual(
      approximately({
        ...test,
        observed: [observed[0], 0, observed[1]],
        expected: [expected[0], 0, expected[1]],
      }),
    );
  });

  it('has no test with fewer than two groups of patients or without events', () => {
    expect(logRank([])).toBeNull();
    expect(logRank([[{ time: 3, event: true }], []])).toBeNull();
    expect(logRank([[{ time: 3, event: false }], [{ time: 5, event: false }]])).toBeNull();
  });

  it('has no test when the variance cannot be inverted, where R stops with an error', () => {
    expect(logRank([[{ time: 5, event: true }], [{ time: 5, event: true }]])).toBeNull();
  });
});
