import { describe, expect, it } from 'vitest';
import { outcomeOfIncidence, outcomeOfSurvival } from './curves.ts';
import { landmarkText, medianText } from './estimates.ts';
import { countOf, monthsOf, percentOf, pValue } from './format.ts';
import { curveOf, INCIDENCE, SURVIVAL } from './test-outcomes.ts';

const aml = curveOf(outcomeOfSurvival(SURVIVAL), 0);
const allB = curveOf(outcomeOfSurvival(SURVIVAL), 1);
const cohort = curveOf(outcomeOfIncidence(INCIDENCE), 0);
const NOT_REACHED = { median: 'not reached', bound: 'NR' };

describe('the medians', () => {
  it('reads months with one decimal and the interval, an open end as not reached', () => {
    expect(medianText(aml, 'en', NOT_REACHED)).toBe('13.1 (6.6–NR)');
    expect(medianText(aml, 'es', { median: 'no alcanzada', bound: 'no alc.' })).toBe('13,1 (6,6–no alc.)');
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

  it('reads the incidence, which has no interval', () => {
    expect(landmarkText(cohort, 365, 'cir', 'en')).toBe('20.0%');
    expect(landmarkText(cohort, 730, 'cir', 'en')).toBe('—');
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
