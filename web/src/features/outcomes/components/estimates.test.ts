import { describe, expect, it } from 'vitest';
import { outcomeOfIncidence, outcomeOfSurvival } from './curves.ts';
import { landmarkText, medianText, nrmText } from './estimates.ts';
import { countOf, monthsOf, percentOf, pValue } from './format.ts';
import { curveOf, INCIDENCE, SURVIVAL } from './test-outcomes.ts';

const aml = curveOf(outcomeOfSurvival(SURVIVAL), 0);
const allB = curveOf(outcomeOfSurvival(SURVIVAL), 1);
const cohort = curveOf(outcomeOfIncidence(INCIDENCE), 0);
const NOT_REACHED = { median: 'not reached', bound: 'NA', interval: '95% CI not reached' };

describe('the medians', () => {
  it('reads months with one decimal and the interval, an open end as not reached', () => {
    expect(medianText(aml, 'en', NOT_REACHED)).toBe('13.1 (6.6–NA)');
    expect(
      medianText(aml, 'es', { median: 'no alcanzada', bound: 'NA', interval: 'IC 95 % no alcanzado' }),
    ).toBe('13,1 (6,6–NA)');
  });

  it('says once that the interval was not reached when neither end was', () => {
    const open = { ...aml, medianLower: null, medianUpper: null };
    expect(
      medianText(open, 'es', { median: 'no alcanzada', bound: 'NA', interval: 'IC 95 % no alcanzado' }),
    ).toBe('13,1 (IC 95 % no alcanzado)');
  });

  it('says when the median was not reached', () => {
    expect(medianText(allB, 'en', NOT_REACHED)).toBe('not reached');
  });
});

describe('the 1-, 2- and 5-year estimates', () => {
  it('reads the step function with its interval', () => {
    expect(landmarkText(aml, 365, 'os', 'en')).toBe('66.7% (30.0–100.0)');
    // Spanish writes the sign after a no-break space.
    expect(landmarkText(aml, 730, 'os', 'es')).toBe('33,3\u00a0% (10,0–90,0)');
  });

  it('leaves out an interval of no width', () => {
    expect(landmarkText(allB, 365, 'os', 'en')).toBe('100.0%');
  });

  it('is a dash where the follow-up does not reach', () => {
    expect(landmarkText(aml, 1826, 'os', 'en')).toBe('—');
    expect(landmarkText(allB, 730, 'os', 'en')).toBe('—');
  });

  it('keeps a survival that fell to 0 at 0 % beyond its last step, not a dash', () => {
    const dead = {
      ...aml,
      steps: [
        ...aml.steps.slice(0, 3),
        { time: 500, atRisk: 1, events: 1, competing: 0, censored: 0, value: 0, lower: null, upper: null },
      ],
    };
    expect(landmarkText(dead, 1826, 'os', 'es')).toBe('0,0\u00a0%');
  });

  it('reads the incidence and the non-relapse mortality with their intervals', () => {
    expect(landmarkText(cohort, 365, 'cir', 'en')).toBe('20.0% (3.0–50.0)');
    expect(nrmText(cohort, 365, 'en')).toBe('20.0% (3.0–50.0)');
    expect(nrmText(cohort, 100, 'en')).toBe('0.0%');
    expect(landmarkText(cohort, 730, 'cir', 'en')).toBe('—');
    expect(nrmText(cohort, 730, 'en')).toBe('—');
  });
});

describe('the numbers', () => {
  it('writes the log-rank p-value as journals do', () => {
    expect(pValue(0.032, 'en')).toBe('p = 0.032');
    expect(pValue(0.4839, 'en')).toBe('p = 0.484');
    expect(pValue(0.0004, 'en')).toBe('p < 0.001');
    expect(pValue(0.032, 'es')).toBe('p = 0,032');
  });

  it('writes months, percentages and counts in the language', () => {
    expect(monthsOf(365.25, 'en')).toBe('12.0');
    expect(monthsOf(null, 'en')).toBeNull();
    expect(percentOf(0.725, 'en')).toBe('72.5%');
    expect(percentOf(0.725, 'es')).toBe('72,5\u00a0%');
    expect(countOf(12345, 'en')).toBe('12,345');
  });
});
