import { describe, expect, it } from 'vitest';
import {
  approximately,
  type KaplanMeierCase,
  named,
  observationsOf,
  readFixture,
} from './fixtures/from-r.ts';
import { kaplanMeier, survivalAt } from './kaplan-meier.ts';
import { survivalMedian } from './survival-median.ts';

// Written by fixtures/kaplan-meier.R; regenerate from this folder with
//   Rscript fixtures/kaplan-meier.R > fixtures/kaplan-meier.json && npx biome format --write "$PWD/fixtures"
const fixture = readFixture<KaplanMeierCase[]>('kaplan-meier');

/** A fixture case and the curve the estimator draws for it. */
function curveOf(name: string) {
  const entry = named(fixture, name);
  return { entry, result: kaplanMeier(observationsOf(entry.time, entry.status)) };
}

describe('the Kaplan–Meier curve', () => {
  it.each(fixture.map((entry) => entry.name))('matches R survfit step by step: %s', (name) => {
    const { entry, result } = curveOf(name);
    expect(result).toEqual(approximately({ n: entry.n, events: entry.events, steps: entry.steps }));
  });

  it('counts the patients censored on a day of events as at risk for those events', () => {
    const step = curveOf('ties').result.steps.find((candidate) => candidate.time === 3);
    expect(step).toMatchObject({ atRisk: 11, events: 2, censored: 1, survival: expect.closeTo(0.75, 12) });
  });

  it('reports an interval of 1 to 1 before the first event, as R does on the log scale', () => {
    expect(curveOf('all censored').result.steps.every((step) => step.lower === 1 && step.upper === 1)).toBe(
      true,
    );
    expect(curveOf('time zero').result.steps[0]).toMatchObject({
      time: 0,
      atRisk: 7,
      events: 2,
      censored: 1,
    });
  });

  it('starts below 1 when induction failures count as events at time 0', () => {
    const { steps } = curveOf('induction failures at time zero').result;
    expect(steps[0]).toMatchObject({ time: 0, atRisk: 10, events: 5, survival: 0.5 });
    expect(survivalMedian(steps).median).toBe(3);
    expect(curveOf('everyone fails at time zero').result.steps).toEqual([
      { time: 0, atRisk: 3, events: 3, censored: 0, survival: 0, lower: null, upper: null },
    ]);
  });

  it('gives no interval once survival reaches 0', () => {
    expect(curveOf('reaches zero').result.steps.at(-1)).toMatchObject({
      survival: 0,
      lower: null,
      upper: null,
    });
  });

  it('is empty without patients', () => {
    expect(kaplanMeier([])).toEqual({ n: 0, events: 0, steps: [] });
  });

  it('refuses a time that is not a whole number of days', () => {
    expect(() => kaplanMeier([{ time: 1.5, event: true }])).toThrow(RangeError);
    expect(() => kaplanMeier([{ time: -1, event: false }])).toThrow(RangeError);
  });
});

describe('the median survival', () => {
  it.each(fixture.map((entry) => entry.name))('matches print(survfit) for %s', (name) => {
    const { entry, result } = curveOf(name);
    expect(survivalMedian(result.steps)).toEqual(approximately(entry.median));
  });

  it('takes the midpoint with the next event time when the curve sits at one half', () => {
    expect(survivalMedian(curveOf('median midpoint').result.steps).median).toBe(4.5);
    expect(survivalMedian(curveOf('stays at one half').result.steps).median).toBe(2);
  });

  it('is not reached when the curve stays above one half', () => {
    expect(survivalMedian(curveOf('median not reached').result.steps)).toEqual({
      median: null,
      lower: 30,
      upper: null,
    });
    expect(survivalMedian([])).toEqual({ median: null, lower: null, upper: null });
  });
});

describe('the survival at a time', () => {
  it.each(fixture.map((entry) => entry.name))('matches summary(survfit, times) for %s', (name) => {
    const { entry, result } = curveOf(name);
    const estimates = entry.at.map(({ time }) => ({ time, estimate: survivalAt(result.steps, time) }));
    expect(estimates).toEqual(approximately(entry.at));
  });

  it('has no estimate after the last follow-up, nor without patients', () => {
    expect(survivalAt(curveOf('ties').result.steps, 16)).toBeNull();
    expect(survivalAt([], 0)).toBeNull();
  });
});
