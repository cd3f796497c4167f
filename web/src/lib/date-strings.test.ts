import { describe, expect, it } from 'vitest';
import { displayDay, parseTypedDay, todayString } from './date-strings.ts';

describe('calendar days without time zones', () => {
  it('takes today from the local calendar, even late in the evening', () => {
    expect(todayString(new Date(2026, 0, 31, 23, 59))).toBe('2026-01-31');
    expect(todayString(new Date(2026, 11, 1, 0, 0))).toBe('2026-12-01');
  });

  it('shows a day as dd/MM/yyyy and leaves a bare year alone', () => {
    expect(displayDay('1980-03-07')).toBe('07/03/1980');
    expect(displayDay('1980')).toBe('1980');
    expect(displayDay(null)).toBe('');
  });

  it('reads a typed dd/MM/yyyy as yyyy-MM-dd and keeps anything else as typed', () => {
    expect(parseTypedDay('7/3/1980')).toBe('1980-03-07');
    expect(parseTypedDay(' 1980 ')).toBe('1980');
    expect(parseTypedDay('12/03/19')).toBe('12/03/19');
  });
});
