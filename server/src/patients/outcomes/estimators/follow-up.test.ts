import { describe, expect, it } from 'vitest';
import {
  approximately,
  type KaplanMeierCase,
  named,
  observationsOf,
  readFixture,
} from './fixtures/from-r.ts';
import { medianFollowUp } from './follow-up.ts';

// Written by fixtures/kaplan-meier.R (its `followUp`); regenerate from this folder with
//   Rscript fixtures/kaplan-meier.R > fixtures/kaplan-meier.json && npx biome format --write "$PWD/fixtures"
const fixture = readFixture<KaplanMeierCase[]>('kaplan-meier');

describe('the median follow-up', () => {
  it.each(fixture.map((entry) => entry.name))(
    'matches the reverse Kaplan–Meier median of R for %s',
    (name) => {
      const { time, status, followUp } = named(fixture, name);
      expect(medianFollowUp(observationsOf(time, status))).toEqual(approximately(followUp));
    },
  );

  it('does not cut the follow-up short at the deaths', () => {
    // Two early deaths and three patients last seen later: the plain median of the times would be day 3.
    const observations = [
      { time: 1, event: true },
      { time: 2, event: true },
      { time: 3, event: false },
      { time: 4, event: false },
      { time: 5, event: false },
    ];
    expect(medianFollowUp(observations).median).toBe(4);
  });

  it('is not reached without patients', () => {
    expect(medianFollowUp([])).toEqual({ median: null, lower: null, upper: null });
  });
});
