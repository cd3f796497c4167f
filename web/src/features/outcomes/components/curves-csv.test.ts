import { describe, expect, it } from 'vitest';
import { outcomeOfIncidence, outcomeOfSurvival } from './curves.ts';
import { curvesCsv } from './curves-csv.ts';
import { INCIDENCE, SURVIVAL } from './test-outcomes.ts';

describe('the curves as CSV', () => {
  it('has one row per step of each group, with the value and its interval', () => {
    const lines = curvesCsv(outcomeOfSurvival(SURVIVAL), ['AML M2', 'ALL-B, "B"']).trimEnd().split('\r\n');
    expect(lines[0]).toBe('group,time_days,time_months,at_risk,events,censored,survival,lower,upper');
    expect(lines).toHaveLength(1 + 4 + 2);
    expect(lines[2]).toBe('AML M2,200,6.5708,3,1,0,0.666667,0.3,1');
    // A name with a comma or quotes is quoted.
    expect(lines[5]).toBe('"ALL-B, ""B""",100,3.2854,3,0,1,1,1,1');
  });

  it('writes the incidence without an interval', () => {
    const lines = curvesCsv(outcomeOfIncidence(INCIDENCE), ['All patients']).trimEnd().split('\r\n');
    expect(lines[0]).toBe('group,time_days,time_months,at_risk,events,censored,incidence,lower,upper');
    expect(lines[1]).toBe('All patients,90,2.9569,5,1,0,0.2,,');
  });
});
