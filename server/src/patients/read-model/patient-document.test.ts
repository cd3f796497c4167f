import { describe, expect, it } from 'vitest';
import { ageAt } from './patient-document.ts';

describe('age at a reference day', () => {
  it('counts whole years, the birthday itself included', () => {
    expect(ageAt('1961-05-20', '2022-05-19')).toBe(60);
    expect(ageAt('1961-05-20', '2022-05-20')).toBe(61);
  });

  it('counts a 29 February birthday as reached on 1 March of a common year', () => {
    expect(ageAt('2000-02-29', '2021-02-28')).toBe(20);
    expect(ageAt('2000-02-29', '2021-03-01')).toBe(21);
  });

  it('counts a bare birth year (a biobank) by years alone', () => {
    expect(ageAt('1950', '2020-01-01')).toBe(70);
  });

  it('knows no age without a birth date, or for a birth after the reference', () => {
    expect(ageAt(null, '2020-01-01')).toBeNull();
    expect(ageAt(undefined, '2020-01-01')).toBeNull();
    expect(ageAt('2021-01-01', '2020-01-01')).toBeNull();
  });
});
