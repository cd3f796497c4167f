import { z } from 'zod';
import { OTHER_PREFIX } from './enums.ts';
import { isStorableText } from './text.ts';

/**
 * Building blocks of the patient-record schemas: calendar dates as `yyyy-MM-dd` strings, nullable
 * texts, the 'Other: ' convention, and the sanity rules on clinical dates (docs/product-rules.md#validation, #dates).
 */

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const YEAR = /^\d{4}$/;
/** The earliest year the registry accepts in any date. */
export const MIN_YEAR = 1900;

/** Whether a string is a real calendar day `yyyy-MM-dd` from 1900 on. */
export function isCalendarDate(value: string): boolean {
  const match = DATE.exec(value);
  if (!match) {
    return false;
  }
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= MIN_YEAR &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
  );
}

/** Whether a string is a calendar day or a bare year `yyyy` (a biobank birth date). */
export function isDateOrYear(value: string): boolean {
  return isCalendarDate(value) || (YEAR.test(value) && Number(value) >= MIN_YEAR);
}

const emptyToNull = (value: unknown) => (value === '' ? null : value);

/** A required calendar day; a missing or invalid one reads 'must choose a date'. */
export const dateSchema = z
  .string({ error: 'validation.chooseDate' })
  .refine(isCalendarDate, { error: 'validation.chooseDate' });

/** An optional calendar day: empty becomes null, an invalid one reads 'must choose a date'. */
export const nullableDateSchema = z.preprocess(emptyToNull, dateSchema.nullable()).optional();

/** Whether a number has at most `decimals` digits after its point (as a person typed it). */
export function hasAtMostDecimals(value: number, decimals: number): boolean {
  const scaled = value * 10 ** decimals;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
}

/**
 * A measurement that may be left empty: a number from `min` to `max` with at most `decimals` decimals,
 * else refused with `message` (docs/product-rules.md#validation). The form sends a half-typed number as
 * NaN, which is refused with the same message.
 */
export const nullableMeasure = (min: number, max: number, decimals: number, message: string) =>
  z
    .number({ error: message })
    .min(min, message)
    .max(max, message)
    .refine((value) => hasAtMostDecimals(value, decimals), message)
    .nullable()
    .optional();

/** An optional choice among `values`: null or absent when not chosen. */
export const nullableChoice = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess(emptyToNull, z.enum(values, { error: 'validation.chooseOption' }).nullable()).optional();

/** The stored form of a free-text subtype or scheme: `Other: {text}`. */
export function joinOther(text: string): string {
  return `${OTHER_PREFIX}${text.trim()}`;
}

/**
 * A free-text subtype or scheme in its stored form, `Other: {text}`, which clients that keep the stored
 * form (the product's first web client among them) send instead of `Other` plus the text.
 */
export const joinedOtherSchema = z
  .templateLiteral([OTHER_PREFIX, z.string()])
  .refine((value) => value.slice(OTHER_PREFIX.length).trim() !== '', { error: 'validation.required' })
  .refine(isStorableText, { error: 'validation.invalidCharacters' });

/** An optional choice among `values`, or a free text in its stored form `Other: {text}`. */
export const nullableChoiceOrOther = <const T extends readonly [string, ...string[]]>(values: T) =>
  z
    .preprocess(
      emptyToNull,
      z.union([z.enum(values), joinedOtherSchema], { error: 'validation.chooseOption' }).nullable(),
    )
    .optional();

/**
 * The stored form of a chosen subtype or scheme: `Other` with its free text, or the stored form a
 * client sent, both become `Other: {text}`; any other value stays as it is.
 */
export function storedChoice(
  value: string | null | undefined,
  otherText: string | null | undefined,
): string | null {
  if (value === 'Other') {
    return joinOther(otherText ?? '');
  }
  if (value?.startsWith(OTHER_PREFIX)) {
    return joinOther(value.slice(OTHER_PREFIX.length));
  }
  return value ?? null;
}

/**
 * Splits a stored subtype or scheme for a form: `Other: text` gives `{ value: 'Other', text }`,
 * anything else `{ value, text: null }`.
 */
export function splitOther(stored: string | null): { value: string | null; text: string | null } {
  if (stored?.startsWith(OTHER_PREFIX)) {
    return { value: 'Other', text: stored.slice(OTHER_PREFIX.length) };
  }
  return { value: stored, text: null };
}

/**
 * Today as the server judges "no date in the future": the calendar day of the earliest time zone
 * (UTC+14), so that no user anywhere is refused their own today.
 */
export function latestToday(now: Date): string {
  return new Date(now.getTime() + 14 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/** Compares two dates where either may be a bare year: by year when one of them is. */
function compareDays(a: string, b: string): number {
  if (a.length === 4 || b.length === 4) {
    return Number(a.slice(0, 4)) - Number(b.slice(0, 4));
  }
  if (a < b) {
    return -1;
  }
  return a > b ? 1 : 0;
}

/** The clinical dates of one patient that the sanity rules compare. */
export interface ClinicalDates {
  birthDate?: string | null;
  dxDate?: string | null;
  relapseDate?: string | null;
  consentDate?: string | null;
  deathDate?: string | null;
  lastContactDate?: string | null;
}
type DateField = keyof ClinicalDates;

/** Pairs that must come in this order; each side names the message its field gets when it moved. */
const ORDER_RULES: readonly { earlier: DateField; later: DateField; onEarlier: string; onLater: string }[] = [
  {
    earlier: 'birthDate',
    later: 'dxDate',
    onEarlier: 'validation.afterDiagnosis',
    onLater: 'validation.beforeBirth',
  },
  {
    earlier: 'birthDate',
    later: 'deathDate',
    onEarlier: 'validation.afterDeath',
    onLater: 'validation.beforeBirth',
  },
  {
    earlier: 'dxDate',
    later: 'relapseDate',
    onEarlier: 'validation.afterRelapse',
    onLater: 'validation.beforeDiagnosis',
  },
  {
    earlier: 'dxDate',
    later: 'deathDate',
    onEarlier: 'validation.afterDeath',
    onLater: 'validation.beforeDiagnosis',
  },
  {
    earlier: 'relapseDate',
    later: 'deathDate',
    onEarlier: 'validation.afterDeath',
    onLater: 'validation.beforeRelapse',
  },
  {
    earlier: 'birthDate',
    later: 'lastContactDate',
    onEarlier: 'validation.afterLastContact',
    onLater: 'validation.beforeBirth',
  },
  {
    earlier: 'dxDate',
    later: 'lastContactDate',
    onEarlier: 'validation.afterLastContact',
    onLater: 'validation.beforeDiagnosis',
  },
  {
    earlier: 'lastContactDate',
    later: 'deathDate',
    onEarlier: 'validation.afterDeath',
    onLater: 'validation.beforeLastContact',
  },
];

/**
 * The sanity rules a registry needs on a patient's dates: none in the future, death not before birth,
 * diagnosis or relapse, relapse not before diagnosis. Only the fields in `changed` are judged, so an old
 * inconsistency does not block an unrelated edit; the answer maps each faulty field to a message key.
 */
export function clinicalDateIssues(
  dates: ClinicalDates,
  changed: readonly DateField[],
  today: string,
): Partial<Record<DateField, string>> {
  const issues: Partial<Record<DateField, string>> = {};
  for (const field of changed) {
    const value = dates[field];
    if (value && compareDays(value, today) > 0) {
      issues[field] = 'validation.futureDate';
    }
  }
  for (const rule of ORDER_RULES) {
    const earlier = dates[rule.earlier];
    const later = dates[rule.later];
    if (!earlier || !later || compareDays(earlier, later) <= 0) {
      continue;
    }
    if (changed.includes(rule.later)) {
      issues[rule.later] ??= rule.onLater;
    } else if (changed.includes(rule.earlier)) {
      issues[rule.earlier] ??= rule.onEarlier;
    }
  }
  return issues;
}

/** Whether a later date of a pair precedes its start (drug applications, for example). */
export function endsBeforeStart(start: string | null | undefined, end: string | null | undefined): boolean {
  return Boolean(start && end && end < start);
}
