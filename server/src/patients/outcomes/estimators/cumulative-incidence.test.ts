import { describe, expect, it } from 'vitest';
import { type CompetingObservation, cumulativeIncidence } from './cumulative-incidence.ts';
import { approximately, competingOf, type IncidenceCase, named, readFixture } from './fixtures/from-r.ts';

// Written by fixtures/cumulative-incidence.R; regenerate from this folder with
//   Rscript fixtures/cumulative-incidence.R > fixtures/cumulative-incidence.json && npx biome format --write "$PWD/fixtures"
const fixture = readFixture<IncidenceCase[]>('cumulative-incidence');

describe('the cumulative incidence', () => {
  it.each(fixture.map((entry) => entry.name))(
    'matches the Aalen–Johansen pstate of R survfit: %s',
    (name) => {
      const { time, status, n, events, competing, steps } = named(fixture, name);
      expect(cumulativeIncidence(competingOf(time, status))).toEqual(
        approximately({ n, events, competing, steps }),
      );
    },
  );

  it('counts a relapse, a death and a censoring on one day as all at risk that day', () => {
    const { time, status } = named(fixture, 'ties among relapses, deaths and censorings');
    expect(
      cumulativeIncidence(competingOf(time, status)).steps.find((step) => step.time === 3),
    ).toMatchObject({
      atRisk: 13,
      events: 1,
      competing: 1,
      censored: 1,
    });
  });

  it('stays at 0 when only the competing event happens', () => {
    const result = cumulativeIncidence([
      { time: 2, status: 2 },
      { time: 4, status: 0 },
    ]);
    expect(result.steps.map((step) => step.incidence)).toEqual([0, 0]);
  });

  it('is empty without patients and refuses an unknown status', () => {
    expect(cumulativeIncidence([])).toEqual({ n: 0, events: 0, competing: 0, steps: [] });
    const wrong = { time: 1, status: 3 } as unknown as CompetingObservation;
    expect(() => cumulativeIncidence([wrong])).toThrow(RangeError);
  });
});
