import { describe, expect, it } from 'vitest';
import { shortDate } from './calendar-date.ts';
import './i18n.ts';

describe('shortDate', () => {
  it('writes a day of the records in Spanish without the dot', () => {
    expect(shortDate('2024-09-10', 'es')).toBe('10 sep 2024');
  });

  it('writes a day of the records in English', () => {
    expect(shortDate('2024-01-01', 'en')).toBe('01 Jan 2024');
  });

  it('leaves anything but a calendar day as it is', () => {
    expect(shortDate('1980', 'es')).toBe('1980');
  });
});
