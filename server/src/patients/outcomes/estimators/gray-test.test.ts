import { describe, expect, it } from 'vitest';
import type { CompetingObservation } from './cumulative-incidence.ts';
import { competingOf, type GrayCase, named, readFixture, relatively } from './fixtures/from-r.ts';
import { grayTest } from './gray-test.ts';

// Written by fixtures/gray-test.R; regenerate from this folder with
//   Rscript fixtures/gray-test.R > fixtures/gray-test.json && npx biome format --write "$PWD/fixtures"
const fixture = readFixture<GrayCase[]>('gray-test');
const names = fixture.map((entry) => entry.name);

/** The fixture's patients split by group label, in ascending label order as cuminc's factor has them. */
function groupsOf(entry: GrayCase): CompetingObservation[][] {
  const observations = competingOf(entry.time, entry.status);
  const labels = [...new Set(entry.group)].sort();
  return labels.map((label) => observations.filter((_, index) => entry.group[index] === label));
}

/** cuminc's row as the test answers it: the statistic, df and the directly computed upper tail. */
function expected(row: GrayCase['relapse']) {
  return row ? relatively({ stat: row.stat, df: row.df, p: row.p }) : null;
}

describe('Gray’s test', () => {
  it.each(names)('matches R cmprsk::cuminc for relapse to 1e-6 relative: %s', (name) => {
    const entry = named(fixture, name);
    expect(grayTest(groupsOf(entry), 1)).toEqual(expected(entry.relapse));
  });

  it.each(names)('matches R cmprsk::cuminc for death without relapse to 1e-6 relative: %s', (name) => {
    const entry = named(fixture, name);
    expect(grayTest(groupsOf(entry), 2)).toEqual(expected(entry.death));
  });

  it('gives the same p as cuminc’s 1 − pchisq where that is not rounded away', () => {
    const entry = named(fixture, 'three groups');
    expect(grayTest(groupsOf(entry), 2)?.p).toBeCloseTo(entry.death?.pv ?? Number.NaN, 14);
  });

  it('does not depend on the order of the groups', () => {
    const groups = groupsOf(named(fixture, 'three groups'));
    expect(grayTest([...groups].reverse(), 1)).toEqual(relatively(grayTest(groups, 1), 1e-9));
  });

  it('leaves empty groups out, as cuminc drops unused levels', () => {
    const entry = named(fixture, 'two groups');
    const [first = [], second = []] = groupsOf(entry);
    expect(grayTest([first, [], second], 1)).toEqual(expected(entry.relapse));
  });

  it('has no test for a cause no patient had, nor with fewer than two groups', () => {
    expect(grayTest(groupsOf(named(fixture, 'no deaths without relapse')), 2)).toBeNull();
    const [first = []] = groupsOf(named(fixture, 'two groups'));
    expect(grayTest([first], 1)).toBeNull();
    expect(grayTest([first, []], 1)).toBeNull();
  });

  it('has no test when a group is censored before any event, where cuminc gives −1', () => {
    const groups = groupsOf(named(fixture, 'a group censored before any event'));
    expect(grayTest(groups, 1)).toBeNull();
    expect(grayTest(groups.slice(0, 2), 1)).not.toBeNull();
  });

  it('refuses an unknown status and a time that is not whole days', () => {
    const wrong = { time: 1, status: 3 } as unknown as CompetingObservation;
    expect(() => grayTest([[wrong], [{ time: 2, status: 1 }]], 1)).toThrow(RangeError);
    expect(() => grayTest([[{ time: 1.5, status: 1 }], [{ time: 2, status: 1 }]], 1)).toThrow(RangeError);
  });
});
