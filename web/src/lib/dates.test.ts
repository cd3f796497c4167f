import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  firstOfLastMonthIsoDate,
  formatDateLong,
  formatIsoDate,
  formatIsoDateShort,
  formatTimestamp,
  formatTimestampDay,
  formatTimestampShort,
  isIsoDate,
  isoDateFromDate,
  isoDateFromTyped,
  monthsSinceIsoDate,
} from './dates.ts';
import './i18n.ts';

describe('calendar days (yyyy-MM-dd)', () => {
  it('takes a Date’s day from the local calendar, even late in the evening', () => {
    expect(isoDateFromDate(new Date(2026, 0, 31, 23, 59))).toBe('2026-01-31');
    expect(isoDateFromDate(new Date(2026, 11, 1, 0, 0))).toBe('2026-12-01');
  });

  it('tells a calendar day from other text', () => {
    expect(isIsoDate('2024-09-10')).toBe(true);
    expect(isIsoDate('1980')).toBe(false);
    expect(isIsoDate('10/09/2024')).toBe(false);
    expect(isIsoDate(null)).toBe(false);
  });

  it('shows a day as dd/MM/yyyy and leaves a bare year alone', () => {
    expect(formatIsoDate('1980-03-07')).toBe('07/03/1980');
    expect(formatIsoDate('1980')).toBe('1980');
    expect(formatIsoDate(null)).toBe('');
  });

  it('writes a day for tables in Spanish without the dot, and in English', () => {
    expect(formatIsoDateShort('2024-09-10', 'es')).toBe('10 sep 2024');
    expect(formatIsoDateShort('2024-01-01', 'en')).toBe('01 Jan 2024');
    expect(formatIsoDateShort('1980', 'es')).toBe('1980');
  });

  it('reads only whole typed DD/MM/YYYY days', () => {
    expect(isoDateFromTyped('31/12/1980')).toBe('1980-12-31');
    expect(isoDateFromTyped(' 1/2/2024 ')).toBe('2024-02-01');
    expect(isoDateFromTyped('29/02/2024')).toBe('2024-02-29');
    expect(isoDateFromTyped('29/02/2023')).toBeNull();
    expect(isoDateFromTyped('2024-01-01')).toBeNull();
    expect(isoDateFromTyped('01/13/2024')).toBeNull();
    expect(isoDateFromTyped('1/1/24')).toBeNull();
    expect(isoDateFromTyped('01/01/2024x')).toBeNull();
  });

  it('counts whole months from a day to a moment, never below zero', () => {
    expect(monthsSinceIsoDate('2024-01-15', new Date(2024, 7, 14))).toBe(6);
    expect(monthsSinceIsoDate('2024-01-15', new Date(2024, 7, 15))).toBe(7);
    expect(monthsSinceIsoDate('2024-09-01', new Date(2024, 7, 15))).toBe(0);
  });

  it('opens a two-month calendar on the first of last month, across a new year', () => {
    expect(firstOfLastMonthIsoDate(new Date(2026, 0, 20))).toBe('2025-12-01');
    expect(firstOfLastMonthIsoDate(new Date(2026, 6, 31))).toBe('2026-06-01');
  });
});

describe('moments (ISO timestamps) and Dates', () => {
  it('shows a moment in the user’s time zone as dd/MM/yyyy HH:mm', () => {
    const moment = new Date(2026, 1, 3, 9, 5);
    expect(formatTimestamp(moment.toISOString())).toBe('03/02/2026 09:05');
  });

  it('writes a moment’s day for tables in the language', () => {
    const moment = new Date(2026, 10, 5, 23, 30).toISOString();
    expect(formatTimestampShort(moment, 'es')).toBe('05 nov 2026');
    expect(formatTimestampShort(moment, 'en')).toBe('05 Nov 2026');
  });

  it("writes a patient's registration as its day in the user's time zone, dd/MM/yyyy in every language", () => {
    expect(formatTimestampDay(new Date(2026, 10, 5, 23, 30).toISOString())).toBe('05/11/2026');
    expect(formatTimestampDay(new Date(2026, 0, 31, 0, 5).toISOString())).toBe('31/01/2026');
  });

  it("writes the header's 'EEEE d MMMM, yyyy' in Spanish and English", () => {
    const date = new Date(2026, 10, 22, 12);
    expect(formatDateLong(date, 'es')).toBe('Domingo 22 noviembre, 2026');
    expect(formatDateLong(date, 'en')).toBe('Sunday 22 November, 2026');
  });
});

// West of Greenwich `new Date('2024-09-10')` is the evening of the 9th; east of the date line's far side it
// is already the 10th at 14:00. A calendar day must read the same in every zone.
describe.each(['America/Argentina/Buenos_Aires', 'Pacific/Pago_Pago', 'Pacific/Kiritimati'])(
  'in the time zone %s',
  (zone) => {
    const before = process.env.TZ;
    beforeAll(() => {
      process.env.TZ = zone;
    });
    afterAll(() => {
      if (before === undefined) {
        delete process.env.TZ;
      } else {
        process.env.TZ = before;
      }
    });

    it('is in that zone (the trap is live where the zone is behind UTC)', () => {
      const offsetHours = new Date(2024, 8, 10).getTimezoneOffset() / 60;
      expect(offsetHours).toBe(
        { 'America/Argentina/Buenos_Aires': 3, 'Pacific/Pago_Pago': 11, 'Pacific/Kiritimati': -14 }[zone],
      );
    });

    it('never shifts a yyyy-MM-dd day', () => {
      expect(formatIsoDate('2024-09-10')).toBe('10/09/2024');
      expect(formatIsoDateShort('2024-09-10', 'es')).toBe('10 sep 2024');
      expect(formatIsoDateShort('2024-01-01', 'en')).toBe('01 Jan 2024');
      expect(isoDateFromTyped('10/09/2024')).toBe('2024-09-10');
      expect(isoDateFromDate(new Date(2024, 8, 10, 23, 59))).toBe('2024-09-10');
      expect(isoDateFromDate(new Date(2024, 8, 10, 0, 0))).toBe('2024-09-10');
      expect(monthsSinceIsoDate('2024-09-10', new Date(2024, 9, 10))).toBe(1);
    });
  },
);
