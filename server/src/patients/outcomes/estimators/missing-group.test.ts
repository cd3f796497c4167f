import { describe, expect, it } from 'vitest';
import {
  approximately,
  competingOf,
  type GrayPair,
  type MissingGroupCase,
  named,
  readFixture,
  relatively,
} from './fixtures/from-r.ts';
import { grayTestOf } from './gray-test.ts';
import { logRankOfTally } from './log-rank.ts';
import { type Tally, tallyGroups, withoutGroup } from './tally.ts';

// Written by fixtures/missing-group.R; regenerate from this folder with
//   Rscript fixtures/missing-group.R > fixtures/missing-group.json && npx biome format --write "$PWD/fixtures"
const fixture = readFixture<MissingGroupCase[]>('missing-group');
const names = fixture.map((entry) => entry.name);

/**
 * The fixture's patients tallied as the registry groups them: the known groups in R's level order, then
 * the patients without a value as a last group, as the curves show them.
 */
function tallied(entry: MissingGroupCase): { entries: Tally; unknown: number } {
  const patients = competingOf(entry.time, entry.status);
  const keys: (string | null)[] = [...entry.levels, null];
  const groups = keys.map((key) => patients.filter((_, index) => entry.group[index] === key));
  return { entries: tallyGroups(groups, (patient) => patient.status), unknown: keys.length - 1 };
}

/** The tally the tests read: without the patients whose group is unknown. */
function tested(entry: MissingGroupCase): Tally {
  const { entries, unknown } = tallied(entry);
  return withoutGroup(entries, unknown);
}

/** The log-rank test of relapse (status 1), deaths censored, as the fixture's survdiff has it. */
function logRankOfRelapse(entries: Tally) {
  const relapses = {
    ...entries,
    competing: new Float64Array(entries.length),
    censored: entries.censored.map((count, at) => count + (entries.competing[at] ?? 0)),
  };
  const test = logRankOfTally(relapses);
  return typeof test === 'string' ? null : test;
}

const grayOf = (entries: Tally): GrayPair => ({
  relapse: grayTestOf(entries, 1),
  nrm: grayTestOf(entries, 2),
});

describe('tests between groups with patients whose group is unknown', () => {
  it.each(names)('give R survdiff’s log-rank with the unknown left out: %s', (name) => {
    const entry = named(fixture, name);
    const test = logRankOfRelapse(tested(entry));
    if (entry.logRank === null) {
      expect(test).toBeNull();
      return;
    }
    const { observed, expected, ...rest } = entry.logRank;
    expect(test).toEqual(approximately({ ...rest, observed: [...observed, 0], expected: [...expected, 0] }));
  });

  it.each(names)('give R cuminc’s Gray tests of relapse and NRM with the unknown left out: %s', (name) => {
    const entry = named(fixture, name);
    expect(grayOf(tested(entry))).toEqual(relatively(entry.gray));
  });

  it('give other p-values than with the unknown as a group, which the registry does not give', () => {
    const entry = named(fixture, 'two groups and patients without a value');
    const { entries } = tallied(entry);
    expect(logRankOfRelapse(entries)?.p).toEqual(relatively(entry.withNoData.logRank?.p));
    expect(grayOf(entries)).toEqual(relatively(entry.withNoData.gray));
    expect(entry.withNoData.logRank?.p).not.toBeCloseTo(entry.logRank?.p ?? 0, 3);
    expect(logRankOfRelapse(tested(entry))?.df).toBe(1);
  });

  it('keep every group’s number and the other groups’ patients when one group is left out', () => {
    const { entries, unknown } = tallied(named(fixture, 'three groups and patients without a value'));
    const kept = withoutGroup(entries, unknown);
    expect(kept.groups).toBe(entries.groups);
    expect([...kept.size]).toEqual([...entries.size].map((size, group) => (group === unknown ? 0 : size)));
    expect([...kept.group]).not.toContain(unknown);
    const patients = (tally: Tally) =>
      [...tally.events, ...tally.censored, ...tally.competing].reduce((a, b) => a + b, 0);
    expect(patients(kept)).toBe(patients(entries) - (entries.size[unknown] ?? 0));
  });
});
