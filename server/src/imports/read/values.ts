import type { ImportValueCode } from '@registry/shared';
import { BOOLEAN_WORDS, normalise, startsLikeFormula } from '@registry/shared';
import { excelDate } from './excel-date.ts';
import { type Cell, cellText } from './table.ts';

/**
 * A cell's value as the registry stores it, read by the rule the user chose once for the whole file
 * (CONTRACT §14): the order of a date's parts, the decimal sign. Each reading answers the value (`null`
 * for a blank cell, which the import's `blank` choice then decides) or why it cannot: a message key
 * (`importValue.<code>`) with the cell as the user wrote it. Nothing is guessed: a form that could be
 * read two ways is refused with a message that says how to write it.
 */
export type ValueResult<T> =
  | { readonly ok: true; readonly value: T | null }
  | {
      readonly ok: false;
      readonly message: `importValue.${ImportValueCode}`;
      readonly params: Readonly<Record<string, string>>;
    };

export type DateOrder = 'dmy' | 'ymd' | 'mdy';
export type DecimalSign = ',' | '.';

export interface DateRule {
  readonly order: DateOrder;
  /** A year alone (`1961`) is a value: a biobank's birth date (docs/product-rules.md#biobanks). */
  readonly yearAlone?: boolean;
}

/** An empty cell, or one of white space alone. */
export function isBlank(cell: Cell): boolean {
  return cell === null || (typeof cell === 'string' && cell.trim() === '');
}

const ok = <T>(value: T | null): ValueResult<T> => ({ ok: true, value });
const refuse = <T>(code: ImportValueCode, params: Record<string, string>): ValueResult<T> => ({
  ok: false,
  message: `importValue.${code}`,
  params,
});

/**
 * A text: trimmed; a number, a date or a boolean cell as its text. The leading `'` that the registry's
 * own exports put before a text that starts like a formula (`'=…`, `'+8`) is taken off again, so that
 * an export imported back gives the same field.
 */
export function parseText(cell: Cell): ValueResult<string> {
  if (isBlank(cell)) {
    return ok(null);
  }
  const text = cellText(cell).trim();
  return ok(text.startsWith("'") && startsLikeFormula(text.slice(1)) ? text.slice(1) : text);
}

// ---------------------------------------------------------------- dates

/** An example of each order, in the message of a date that does not follow it. */
const EXAMPLES: Record<DateOrder, string> = { dmy: '31/12/2020', ymd: '2020-12-31', mdy: '12/31/2020' };

/** Day, month and year as written, one separator (`/`, `-` or `.`) used twice, and maybe a time after. */
const NUMERIC_DATE = /^(\d+)([/.-])(\d+)\2(\d+)$/;
/** `15-mar-2019`, `15 de marzo de 2019`, `15.Mar.2019`. */
const DAY_MONTH_NAME = /^(\d+)(?:\s+de\s+|[\s/.-]+)(\p{L}+)\.?(?:\s+de\s+|[\s/.-]+)(\d+)$/u;
/** `Mar 15, 2019`, `March 15 2019`. */
const MONTH_NAME_DAY = /^(\p{L}+)\.?\s+(\d+),?\s+(\d+)$/u;
/** A time of day after a date (`14:30`, `T00:00:00.000Z`, `3:15 pm`), dropped: the registry keeps days. */
const TIME = /[T\s]+\d{1,2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?\s*(?:[ap]\.?\s?m\.?)?\s*(?:Z|[+-]\d{2}:?\d{2})?$/i;
/** Excel's serial days from 10000 (1927-05-18) on, with any time of day: what a date column formatted as a number shows. */
const SERIAL = /^\d{5}(?:[.,]\d+)?$/;

/** The months by their names and usual abbreviations, in Spanish and English (normalised). */
const MONTHS: ReadonlyMap<string, number> = new Map(
  [
    ['enero', 'ene', 'january', 'jan'],
    ['febrero', 'feb', 'february'],
    ['marzo', 'mar', 'march'],
    ['abril', 'abr', 'april', 'apr'],
    ['mayo', 'may'],
    ['junio', 'jun', 'june'],
    ['julio', 'jul', 'july'],
    ['agosto', 'ago', 'august', 'aug'],
    ['septiembre', 'setiembre', 'sep', 'sept', 'set', 'september'],
    ['octubre', 'oct', 'october'],
    ['noviembre', 'nov', 'november'],
    ['diciembre', 'dic', 'december', 'dec'],
  ].flatMap((names, index) => names.map((name) => [name, index + 1] as const)),
);

/**
 * A date as `yyyy-mm-dd`, or a year alone as `yyyy` where the rule allows it. Read: a date cell; an
 * Excel serial number (a number from 10000, or such a text); day, month and year in the chosen order
 * separated by `/`, `-` or `.` (one separator, used twice); `yyyy-mm-dd` in any order, as it cannot be
 * read two ways; a month by its name (`15-mar-2019`, `15 de marzo de 2019`, `Mar 15, 2019`). A time
 * after the date is dropped. Refused: a two-digit year (`58` is 1958 or 2058), a day that does not exist
 * (31/02/2020), a year alone where a full date is needed, anything else with an example of the order.
 */
export function parseDate(cell: Cell, rule: DateRule): ValueResult<string> {
  if (isBlank(cell)) {
    return ok(null);
  }
  const value = cellText(cell).trim();
  if (cell instanceof Date) {
    return Number.isNaN(cell.getTime()) ? refuse('dateImpossible', { value }) : ok(isoDay(cell));
  }
  if (typeof cell === 'number') {
    return numberDate(cell, value, rule);
  }
  if (typeof cell === 'boolean') {
    return refuse('dateFormat', { value, example: EXAMPLES[rule.order] });
  }
  const text = value.replace(TIME, '').trim();
  if (/^\d{4}$/.test(text) || SERIAL.test(text)) {
    return numberDate(Number(text.replace(',', '.')), value, rule);
  }
  const numeric = NUMERIC_DATE.exec(text);
  if (numeric) {
    return numericDate(numeric[1] as string, numeric[3] as string, numeric[4] as string, value, rule);
  }
  const named = DAY_MONTH_NAME.exec(text);
  if (named) {
    return namedDate(named[1] as string, named[2] as string, named[3] as string, value, rule);
  }
  const english = MONTH_NAME_DAY.exec(text);
  if (english) {
    return namedDate(english[2] as string, english[1] as string, english[3] as string, value, rule);
  }
  return refuse('dateFormat', { value, example: EXAMPLES[rule.order] });
}

/** A number: a year alone (four digits), or an Excel serial day from 10000 on. */
function numberDate(number: number, value: string, rule: DateRule): ValueResult<string> {
  if (Number.isInteger(number) && number >= 1000 && number <= 9999) {
    return rule.yearAlone ? ok(String(number)) : refuse('dateYearAlone', { value });
  }
  const date = number >= 10_000 ? excelDate(number) : null;
  return date ? ok(isoDay(date)) : refuse('dateSerial', { value });
}

function numericDate(
  first: string,
  second: string,
  third: string,
  value: string,
  rule: DateRule,
): ValueResult<string> {
  const example = EXAMPLES[rule.order];
  // yyyy-mm-dd cannot be read two ways: it is read in any order chosen.
  if (first.length === 4) {
    return dayOf(first, second, third, value, example);
  }
  if (rule.order === 'ymd') {
    return refuse(first.length === 2 && third.length <= 2 ? 'dateTwoDigitYear' : 'dateFormat', {
      value,
      example,
    });
  }
  if (third.length === 2) {
    return refuse('dateTwoDigitYear', { value });
  }
  if (third.length !== 4) {
    return refuse('dateFormat', { value, example });
  }
  return rule.order === 'dmy'
    ? dayOf(third, second, first, value, example)
    : dayOf(third, first, second, value, example);
}

function namedDate(
  day: string,
  monthName: string,
  year: string,
  value: string,
  rule: DateRule,
): ValueResult<string> {
  const month = MONTHS.get(normalise(monthName));
  if (month === undefined) {
    return refuse('dateFormat', { value, example: EXAMPLES[rule.order] });
  }
  if (year.length === 2) {
    return refuse('dateTwoDigitYear', { value });
  }
  return year.length === 4
    ? dayOf(year, String(month), day, value, EXAMPLES[rule.order])
    : refuse('dateFormat', { value, example: EXAMPLES[rule.order] });
}

/** A day from its written parts: a month past 12 with a day that could be one is the other order. */
function dayOf(
  year: string,
  month: string,
  day: string,
  value: string,
  example: string,
): ValueResult<string> {
  if (month.length > 2 || day.length > 2 || month.length === 0 || day.length === 0) {
    return refuse('dateFormat', { value, example });
  }
  const [y, m, d] = [Number(year), Number(month), Number(day)];
  if (m > 12 && d >= 1 && d <= 12) {
    return refuse('dateFormat', { value, example });
  }
  const date = new Date(0);
  date.setUTCFullYear(y, m - 1, d);
  if (m < 1 || m > 12 || d < 1 || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) {
    return refuse('dateImpossible', { value });
  }
  return ok(`${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`);
}

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

// ---------------------------------------------------------------- numbers

/**
 * A decimal number written with the chosen sign: `12,5` with `,`, `12.5` with `.`; a sign before it, a
 * `%` after it (a percentage column's `45 %` is 45). Thousands separators are refused, not guessed: with
 * `,` chosen, `1.234` could be 1234 or a mistyped 1,234, so any `.` is refused with a message that asks
 * for the number without it (and any `,` with `.` chosen). A number cell is taken as it is.
 */
export function parseDecimal(cell: Cell, sign: DecimalSign): ValueResult<number> {
  if (isBlank(cell)) {
    return ok(null);
  }
  if (typeof cell === 'number') {
    return Number.isFinite(cell) ? ok(cell) : refuse('decimalFormat', { value: String(cell), sign });
  }
  const value = cellText(cell).trim();
  if (typeof cell !== 'string') {
    return refuse('decimalFormat', { value, sign });
  }
  const text = value.replace(/\s*%$/, '').replace(/^\u2212/, '-');
  const other = sign === ',' ? '.' : ',';
  if (text.includes(other)) {
    return refuse('decimalOtherSign', { value, sign, other });
  }
  const pattern = sign === ',' ? /^[+-]?(?:\d+(?:,\d+)?|,\d+)$/ : /^[+-]?(?:\d+(?:\.\d+)?|\.\d+)$/;
  return pattern.test(text) ? ok(Number(text.replace(',', '.'))) : refuse('decimalFormat', { value, sign });
}

/** A whole number, written as a decimal would be (`12`, `+3`, `12,0`). */
export function parseInteger(cell: Cell, sign: DecimalSign): ValueResult<number> {
  const number = parseDecimal(cell, sign);
  if (
    number.ok
      ? number.value === null || Number.isInteger(number.value)
      : number.message !== 'importValue.decimalFormat'
  ) {
    return number;
  }
  return refuse('integerFormat', { value: cellText(cell).trim() });
}

// ---------------------------------------------------------------- booleans

/**
 * Yes or no: a boolean cell, 1 or 0, or a word of `BOOLEAN_WORDS` (Sí, S, X, Yes, Y, true…; No, N…),
 * accents and case aside. Anything else is refused, never taken as no.
 */
export function parseBoolean(cell: Cell): ValueResult<boolean> {
  if (isBlank(cell)) {
    return ok(null);
  }
  if (typeof cell === 'boolean') {
    return ok(cell);
  }
  const value = cellText(cell).trim();
  const word = normalise(value);
  if (BOOLEAN_WORDS.true.includes(word)) {
    return ok(true);
  }
  if (BOOLEAN_WORDS.false.includes(word)) {
    return ok(false);
  }
  return refuse('booleanFormat', { value });
}
