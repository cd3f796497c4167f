import { describe, expect, it } from 'vitest';
import { diagnosticIssues } from './diagnostics.ts';
import {
  clinicalDateIssues,
  endsBeforeStart,
  isCalendarDate,
  isDateOrYear,
  joinOther,
  latestToday,
  splitOther,
  storedChoice,
} from './patients-rules.ts';

describe('patient rules', () => {
  it.each([
    ['2024-02-29', true],
    ['2023-02-29', false],
    ['2024-13-01', false],
    ['1899-12-31', false],
    ['2024-1-01', false],
    ['', false],
  ])('judges %s as a calendar day: %s', (value, expected) => {
    expect(isCalendarDate(value)).toBe(expected);
  });

  it('takes a bare year where a biobank birth date may be one', () => {
    expect(isDateOrYear('1950')).toBe(true);
    expect(isDateOrYear('195')).toBe(false);
  });

  it('joins and splits Other values with the 7-character prefix', () => {
    expect(joinOther(' LMMC ')).toBe('Other: LMMC');
    expect(splitOther('Other: LMMC')).toEqual({ value: 'Other', text: 'LMMC' });
    expect(splitOther('AML M2')).toEqual({ value: 'AML M2', text: null });
    expect(splitOther(null)).toEqual({ value: null, text: null });
  });

  it('takes today in the earliest time zone', () => {
    expect(latestToday(new Date('2024-03-05T09:59:00Z'))).toBe('2024-03-05');
    expect(latestToday(new Date('2024-03-05T10:00:00Z'))).toBe('2024-03-06');
  });

  it('judges only the changed dates, blaming the one that moved', () => {
    const dates = {
      birthDate: '1960-01-01',
      dxDate: '2020-05-01',
      relapseDate: '2021-01-01',
      deathDate: '2020-01-01',
    };
    expect(clinicalDateIssues(dates, [], '2024-01-01')).toEqual({});
    expect(clinicalDateIssues(dates, ['deathDate'], '2024-01-01')).toEqual({
      deathDate: 'validation.beforeDiagnosis',
    });
    expect(clinicalDateIssues(dates, ['dxDate'], '2024-01-01')).toEqual({ dxDate: 'validation.afterDeath' });
    expect(clinicalDateIssues({ dxDate: '2025-01-01' }, ['dxDate'], '2024-01-01')).toEqual({
      dxDate: 'validation.futureDate',
    });
    expect(
      clinicalDateIssues({ birthDate: '2021', dxDate: '2020-12-31' }, ['birthDate'], '2024-01-01'),
    ).toEqual({
      birthDate: 'validation.afterDiagnosis',
    });
    expect(
      clinicalDateIssues({ birthDate: '2020', dxDate: '2020-01-01' }, ['birthDate'], '2024-01-01'),
    ).toEqual({});
  });

  it('knows when an end precedes its start', () => {
    expect(endsBeforeStart('2024-01-02', '2024-01-01')).toBe(true);
    expect(endsBeforeStart('2024-01-02', null)).toBe(false);
  });

  it('ties the diagnostic fields together, with the biobank consent', () => {
    expect(diagnosticIssues({ dxSubType: 'Other', consent: false }, false)).toEqual({
      subTypeName: 'validation.required',
    });
    expect(diagnosticIssues({ relapse: true, consent: true }, false)).toEqual({
      relapseDate: 'validation.chooseDate',
      consentDate: 'validation.chooseDate',
    });
    expect(diagnosticIssues({ consent: true }, true)).toEqual({});
    expect(diagnosticIssues({ consent: false }, true)).toEqual({ consent: 'validation.biobankConsent' });
  });

  it('stores Other with its text, or the joined form a client sent, as Other: text', () => {
    expect(storedChoice('Other', ' LMMC ')).toBe('Other: LMMC');
    expect(storedChoice('Other:  LMMC ', 'ignored')).toBe('Other: LMMC');
    expect(storedChoice('AML M2', 'ignored')).toBe('AML M2');
    expect(storedChoice(null, null)).toBeNull();
    expect(storedChoice(undefined, 'x')).toBeNull();
  });
});
