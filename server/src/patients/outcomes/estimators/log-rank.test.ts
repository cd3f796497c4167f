import { describe, expect, it } from 'vitest';
import { chiSquareUpperTail as chisqUpperTail } from './chi-square.ts';
import {
  approximately,
  type LogRankCase,
  named,
  observationsOf,
  readFixture,
  relatively,
} from './fixtures/from-r.ts';
import type { Observation } from './kaplan-meier.ts';
import { logRank, logRankOrReason } from './log-rank.ts';

// Written by fixtures/log-rank.R; regenerate from this folder with
//   Rscript fixtures/log-rank.R > fixtures/log-rank.json && npx biome format --write "$PWD/fixtures"
const fixture = readFixture<LogRankCase[]>('log-rank');

/** The fixture's patients split by the levels of R's factor, in their order; a level may be empty. */
function groupsOf(entry: LogRankCase): Observation[][] {
  const observations = observationsOf(entry.time, entry.status);
  return entry.levels.map((label) => observations.filter((_, index) => entry.group[index] === label));
}

describe('the log-rank test', () => {
  it.each(fixture.map((entry) => entry.name))('matches R survdiff for %s', (name) => {
    const entry = named(fixture, name);
    expect(logRank(groupsOf(entry))).toEqual(approximately(entry.test));
  });

  it('keeps the relative precision of a p below 1e-16, as R pchisq(lower.tail = FALSE)', () => {
    const entry = named(fixture, 'clearly separated groups');
    expect(entry.test.p).toBeLessThan(1e-16);
    expect(logRank(groupsOf(entry))?.p).toEqual(relatively(entry.test.p));
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

  it('counts the events at time 0 of every group as tied, as survdiff does', () => {
    const entry = named(fixture, 'most events at time zero');
    const [first = [], second = []] = groupsOf(entry);
    expect(first.filter((patient) => patient.time === 0 && patient.event)).toHaveLength(3);
    expect(second.filter((patient) => patient.time === 0 && patient.event)).toHaveLength(2);
    expect(logRank([first, second])).toEqual(approximately(entry.test));
  });

  it('keeps the place of a group without patients that survdiff leaves out', () => {
    const entry = named(fixture, 'events at time zero');
    const groups = groupsOf(entry);
    expect(groups.map((group) => group.length)).toEqual([7, 0, 7]);
    expect(logRank(groups)).toEqual(approximately(entry.test));
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

describe('the p-value of the log-rank test', () => {
  // pchisq(x, df, lower.tail = FALSE) in R 4 (options(digits = 17)).
  it.each([
    [100, 1, 1.5239706048321054e-23],
    [95.5, 1, 1.4789128976194294e-22],
    [1000, 3, 1.7994208765314476e-216],
    [3.84, 1, 5.0043521248705224e-2],
    [0, 2, 1],
  ])('is the upper tail of the chi-square (%d on %d df), never 1 − cdf', (x, df, expected) => {
    expect(Math.abs(chisqUpperTail(x, df) - expected) / expected).toBeLessThan(1e-9);
  });

  it('keeps its precision where groups differ completely, as survdiff gives it', () => {
    // R: t <- c(1:40, 200 + 1:40); s <- rep(c(1, 0), each = 40); survdiff(Surv(t, s) ~ rep(c("a", "b"), each = 40))
    const early = Array.from({ length: 40 }, (_, i) => ({ time: i + 1, event: true }));
    const late = Array.from({ length: 40 }, (_, i) => ({ time: 201 + i, event: false }));
    const test = logRank([early, late]);
    expect(test?.chisq).toBeCloseTo(96.194300486728437, 9);
    expect(Math.abs((test?.p ?? 0) - 1.0414427666890696e-22) / 1.0414427666890696e-22).toBeLessThan(1e-9);
  });

  it('says why there is no test', () => {
    const some = [
      { time: 3, event: true },
      { time: 5, event: false },
    ];
    expect(logRankOrReason([some])).toBe('groups');
    expect(logRankOrReason([some, []])).toBe('groups');
    expect(logRankOrReason([[{ time: 2, event: false }], [{ time: 4, event: false }]])).toBe('events');
    expect(logRankOrReason([[{ time: 2, event: true }], [{ time: 2, event: true }]])).toBe('variance');
  });
});
