import { describe, expect, it } from 'vitest';
import {
  atRiskAt,
  atRiskTable,
  axisOrigin,
  DAYS_PER_MONTH,
  estimateAt,
  incidenceAxisTop,
  lastTime,
  monthTicks,
  nrmCurves,
  outcomeOfIncidence,
  outcomeOfSurvival,
  percentTicks,
  ticksInYears,
  valueAt,
} from './curves.ts';
import { curveOf, INCIDENCE, SURVIVAL } from './test-outcomes.ts';

const survival = outcomeOfSurvival(SURVIVAL);
const aml = curveOf(survival, 0);
const allB = curveOf(survival, 1);
const incidence = outcomeOfIncidence(INCIDENCE);
const cohort = curveOf(incidence, 0);

describe('the number at risk', () => {
  it('counts everyone at the origin', () => {
    expect(atRiskAt(aml, 0)).toBe(4);
    // No step at day 0: everyone of the group is still followed.
    expect(atRiskAt(allB, 0)).toBe(3);
  });

  it("is the last earlier step's count less its events and censorings", () => {
    // Day 0 censored one of four; the death on day 200 is later.
    expect(atRiskAt(aml, 100)).toBe(3);
    expect(atRiskAt(aml, 300)).toBe(2);
    // The incidence counts competing deaths out too: 4 at risk on day 300, one death.
    expect(atRiskAt(cohort, 301)).toBe(3);
  });

  it("is a step's own count when the tick falls on it", () => {
    expect(atRiskAt(aml, 200)).toBe(3);
  });

  it('is 0 beyond the last step', () => {
    expect(atRiskAt(aml, 801)).toBe(0);
    expect(atRiskAt(allB, 600)).toBe(0);
  });

  it('fills the table at each tick in months', () => {
    expect(atRiskTable(survival.curves, [0, 3, 6, 9, 12, 24, 27])).toEqual([
      [4, 3, 3, 2, 2, 1, 0],
      [3, 3, 2, 2, 2, 0, 0],
    ]);
  });
});

describe('the step function', () => {
  it('is the last step at or before the time', () => {
    expect(valueAt(aml, 365, 1)).toBeCloseTo(2 / 3);
    expect(valueAt(aml, 400, 1)).toBeCloseTo(1 / 3);
    expect(estimateAt(aml, 730, 1)).toEqual({ value: 1 / 3, lower: 0.1, upper: 0.9 });
  });

  it('is the origin before the first step', () => {
    expect(estimateAt(allB, 50, 1)).toEqual({ value: 1, lower: null, upper: null });
    expect(valueAt(cohort, 30, 0)).toBe(0);
  });

  it('stays at 0 once a survival fell to 0, beyond the follow-up', () => {
    const dead = {
      ...aml,
      steps: [
        { time: 90, atRisk: 1, events: 1, competing: 0, censored: 0, value: 0, lower: null, upper: null },
      ],
    };
    expect(estimateAt(dead, 365, 1)).toEqual({ value: 0, lower: null, upper: null });
    // An incidence that stopped is not known beyond its follow-up.
    expect(estimateAt(dead, 365, 0)).toBeNull();
  });

  it('is unknown where the follow-up does not reach', () => {
    expect(valueAt(aml, 1826, 1)).toBeNull();
    expect(valueAt(allB, 730, 1)).toBeNull();
    expect(valueAt(cohort, 730, 0)).toBeNull();
  });
});

describe('the x-axis ticks', () => {
  it('runs in the finest spacing that fits, to the first tick past the follow-up', () => {
    expect(monthTicks(800, 11)).toEqual([0, 3, 6, 9, 12, 15, 18, 21, 24, 27]);
    expect(monthTicks(1000, 11)).toEqual([0, 6, 12, 18, 24, 30, 36]);
    expect(monthTicks(1800, 6)).toEqual([0, 12, 24, 36, 48, 60]);
    expect(monthTicks(12 * DAYS_PER_MONTH, 6)).toEqual([0, 3, 6, 9, 12]);
  });

  it('runs in whole years past three years of follow-up, and reads them so', () => {
    const ticks = monthTicks(1800, 11);
    expect(ticks).toEqual([0, 12, 24, 36, 48, 60]);
    expect(ticksInYears(ticks)).toBe(true);
    expect(monthTicks(4000, 6)).toEqual([0, 36, 72, 108, 144]);
    expect(ticksInYears(monthTicks(800, 11))).toBe(false);
  });

  it('still draws an axis for a follow-up of days', () => {
    expect(monthTicks(0, 11)).toEqual([0, 3]);
  });

  it('knows the longest follow-up', () => {
    expect(lastTime(survival.curves)).toBe(800);
    expect(lastTime([])).toBe(0);
  });
});

describe('one model for both answers', () => {
  it('takes survival with its log-rank p-value', () => {
    expect(survival).toMatchObject({
      endpoint: 'os',
      groupBy: 'subtype',
      landmark: null,
      excluded: { noDiagnosisDate: 2, noResponseDate: 0, beforeLandmark: 0 },
      p: 0.032,
      grayTest: null,
    });
    expect(aml.nrm).toBeNull();
    expect(aml.steps[1]).toMatchObject({ time: 200, events: 1, competing: 0, value: 2 / 3 });
  });

  it('takes the incidence with its relapses as events and deaths as competing', () => {
    expect(incidence).toMatchObject({ endpoint: 'cir', p: null, grayTest: null });
    expect(cohort).toMatchObject({ n: 5, events: 2, competing: 1, median: null });
    expect(cohort.steps[1]).toMatchObject({ events: 0, competing: 1, value: 0.2, lower: 0.03, upper: 0.5 });
    expect(cohort.nrm?.[1]).toEqual({ time: 300, value: 0.2, lower: 0.03, upper: 0.5 });
  });

  it('names the incidence from the first CR apart, with its Gray tests', () => {
    const fromCr = outcomeOfIncidence({
      ...INCIDENCE,
      from: 'cr',
      grayTest: { stat: 4.1, df: 1, p: 0.04 },
      grayTestNrm: { stat: 0.2, df: 1, p: 0.65 },
    });
    expect(fromCr).toMatchObject({ endpoint: 'cirCR', grayTest: { p: 0.04 }, grayTestNrm: { p: 0.65 } });
    expect(axisOrigin(fromCr)).toBe('cr');
    expect(axisOrigin(incidence)).toBe('diagnosis');
    expect(axisOrigin({ ...survival, landmark: 183 })).toBe('landmark');
  });

  it('draws the non-relapse mortality as a curve of its own, without marks or band', () => {
    const [nrm] = nrmCurves(incidence.curves);
    expect(nrm?.steps.map((step) => step.value)).toEqual([0, 0.2, 0.2]);
    expect(nrm?.steps.every((step) => step.censored === 0 && step.lower === null)).toBe(true);
    expect(nrmCurves(survival.curves)).toEqual([]);
  });
});

describe('the y axis of an incidence', () => {
  it('reaches the next 10 % above the highest value or interval, not 100 %', () => {
    // The highest upper end is 0.7.
    expect(incidenceAxisTop(incidence.curves)).toBe(70);
    expect(percentTicks(70)).toEqual([0, 10, 20, 30, 40, 50, 60, 70]);
    expect(percentTicks(40)).toEqual([0, 10, 20, 30, 40]);
    expect(percentTicks(80)).toEqual([0, 20, 40, 60, 80]);
    expect(percentTicks(100)).toEqual([0, 25, 50, 75, 100]);
  });

  it('is at least 10 %', () => {
    expect(incidenceAxisTop([])).toBe(10);
  });
});
