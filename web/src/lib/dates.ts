import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import './dayjs-language.ts';

dayjs.extend(customParseFormat);

/**
 * Every date the web app reads, writes or shows. Two kinds travel in the API: a calendar day of the records,
 * `yyyy-MM-dd` (an "ISO date", docs/product-rules.md#dates), which has no time zone and must show the same
 * day everywhere; and a moment such as `createdAt`, an ISO timestamp, shown in the user's time zone. Each
 * function's name says which it takes. A calendar day is never handed to `new Date(string)`, which reads it
 * as UTC midnight (the day before, west of Greenwich), nor made with `toISOString`, which moves late
 * evenings to the next day.
 */

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const pad = (value: number) => String(value).padStart(2, '0');

/** Whether the text is a calendar day as the API carries it, `yyyy-MM-dd`. */
export function isIsoDate(value: string | null | undefined): value is string {
  return ISO_DATE.test(value ?? '');
}

/** The local calendar day of a Date as `yyyy-MM-dd`. */
export function isoDateFromDate(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The user's today as `yyyy-MM-dd`, from the local calendar. */
export function todayIsoDate(): string {
  return isoDateFromDate(new Date());
}

/** The first day of the month before today's, as `yyyy-MM-dd` (where a two-month calendar opens). */
export function firstOfLastMonthIsoDate(now: Date = new Date()): string {
  return isoDateFromDate(new Date(now.getFullYear(), now.getMonth() - 1, 1));
}

/** A `yyyy-MM-dd` day as a local Date at midnight, built from its parts; null for other text. */
function localDay(isoDate: string): dayjs.Dayjs | null {
  const match = ISO_DATE.exec(isoDate);
  return match ? dayjs(new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null;
}

/** `yyyy-MM-dd` as `dd/MM/yyyy`, for the patient file and forms; other text (a bare year) as it is. */
export function formatIsoDate(isoDate: string | null | undefined): string {
  const match = ISO_DATE.exec(isoDate ?? '');
  return match ? `${match[3]}/${match[2]}/${match[1]}` : (isoDate ?? '');
}

/**
 * `yyyy-MM-dd` as `dd MMM yyyy` in the language ('10 sep 2024'), for tables, without the abbreviation's dot;
 * other text as it is.
 */
export function formatIsoDateShort(isoDate: string, language: string): string {
  const day = localDay(isoDate);
  return day ? day.locale(language).format('DD MMM YYYY').replace('.', '') : isoDate;
}

/**
 * Typed `dd/MM/yyyy` (or `d/M/yyyy`) as `yyyy-MM-dd`; null for text that is no such day (31/02/2024,
 * 2024-01-01, 1/1/24).
 */
export function isoDateFromTyped(text: string): string | null {
  const typed = text.trim();
  for (const format of ['DD/MM/YYYY', 'D/M/YYYY']) {
    const day = dayjs(typed, format, true);
    if (day.isValid()) {
      return day.format('YYYY-MM-DD');
    }
  }
  return null;
}

/** Whole months from a `yyyy-MM-dd` day to a moment (now unless told); never below zero. */
export function monthsSinceIsoDate(isoDate: string, now: Date = new Date()): number {
  const day = localDay(isoDate);
  return day ? Math.max(0, dayjs(now).diff(day, 'month')) : 0;
}

/** An ISO timestamp (the audit trail's moments) in the user's time zone: `dd/MM/yyyy HH:mm`. */
export function formatTimestamp(timestamp: string): string {
  return dayjs(timestamp).format('DD/MM/YYYY HH:mm');
}

/** An ISO timestamp's day in the user's time zone as `dd/MM/yyyy` (when a patient was registered). */
export function formatTimestampDay(timestamp: string): string {
  return dayjs(timestamp).format('DD/MM/YYYY');
}

/**
 * An ISO timestamp's day in the user's time zone as `dd MMM yyyy` in the language ('05 nov 2026'), for
 * tables (when a user, an institution or a patient was created), without the abbreviation's dot.
 */
export function formatTimestampShort(timestamp: string, language: string): string {
  return dayjs(timestamp).locale(language).format('DD MMM YYYY').replace('.', '');
}

/** A Date as the header's `EEEE d MMMM, yyyy` in the language, first letter capitalised. */
export function formatDateLong(date: Date, language: string): string {
  const text = dayjs(date).locale(language).format('dddd D MMMM, YYYY');
  return text.charAt(0).toLocaleUpperCase(language) + text.slice(1);
}
