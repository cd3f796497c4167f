import { describe, expect, it } from 'vitest';
import { type CompetingObservation, cumulativeIncidence } from './cumulative-incidence.ts';
import { approximately, competingOf, type IncidenceFixture, named, readFixture } from './fixtures/from-r.ts';

// Written by fixtures/cumulative-incidence.R; regenerate from this folder with
//   Rscript fixtures/cumulative-incidence.R > fixtures/cumulative-incidence.json && npx biome format --write "$PWD/fixtures"
const fixture = readFixture<IncidenceFixture>('cumulative-incidence');

/** A fixture case and the curve the estimator draws for it. */
function curveOf(name: string) {
  const entry = named(fixture.cases, name);
  return { entry, result: cumulativeIncidence(competingOf(entry.time, entry.status)) };
}

describe('the cumulative incidence', () => {
  it.each(fixture.cases.map((entry) => entry.name))(
    'matches the Aalen–Johansen pstate, lower and upper of R survfit: %s',
    (name) => {
      const { entry, result } = curveOf(name);
      const { n, events, competing, steps } = entry;
      expect(result).toEqual(approximately({ n, events, competing, steps }));
    },
  );

  it.each(fixture.grouped.map((entry) => entry.name))(
    'matches each curve of R survfit by group, each group fitted on its own: %s',
    (name) => {
      const { time, status, group, curves } = named(fixture.grouped, name);
      const observations = competingOf(time, status);
      for (const { group: label, ...curve } of curves) {
        const members = observations.filter((_, index) => group[index] === label);
        expect(cumulativeIncidence(members)).toEqual(approximately(curve));
      }
    },
  );

  it('counts a relapse, a death and a censoring on one day as all at risk that day', () => {
    expect(
      curveOf('ties among relapses, deaths and censorings').result.steps.find((step) => step.time === 3),
    ).toMatchObject({
      atRisk: 13,
      events: 1,
      competing: 1,
      censored: 1,
    });
  });

  it('carries the non-relapse mortality beside the incidence, the two adding up with the event-free', () => {
    const { steps } = curveOf('nobody left at risk').result;
    expect(steps.at(-1)).toMatchObject({
      incidence: expect.closeTo(11 / 15, 12),
      nrm: expect.closeTo(4 / 15, 12),
    });
  });

  it('gives no interval while an incidence is 0, as R gives NA on the log scale', () => {
    expect(
      curveOf('only competing deaths').result.steps.map(({ incidence, incidenceLower, incidenceUpper }) => [
        incidence,
        incidenceLower,
        incidenceUpper,
      ]),
    ).toEqual([
      [0, null, null],
      [0, null, null],
      [0, null, null],
    ]);
    expect(curveOf('no competing deaths').result.steps.every((step) => step.nrmLower === null)).toBe(true);
  });

  it('gives an interval of the estimate itself to a single patient, whose standard error is 0', () => {
    expect(curveOf('single relapse').result.steps).toEqual([
      expect.objectContaining({ incidence: 1, incidenceLower: 1, incidenceUpper: 1, nrm: 0, nrmLower: null }),
    ]);
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
