import { DAYS_PER_MONTH } from './curves.ts';

/**
 * How the outcomes' numbers read, in the user's language (a decimal comma in Spanish): months with
 * one decimal, percentages with one, p-values as journals print them.
 */

const number = (language: string, digits: number) =>
  new Intl.NumberFormat(language, { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** Days as months with one decimal ('14.2'); null stays null. */
export function monthsOf(days: number | null, language: string): string | null {
  return days === null ? null : number(language, 1).format(days / DAYS_PER_MONTH);
}

/**
 * A proportion (0–1) as a percentage, with one decimal unless told ('72.5%' in English, '72,5 %' in
 * Spanish); null stays null.
 */
export function percentOf(value: number | null, language: string, digits = 1): string | null {
  return value === null
    ? null
    : new Intl.NumberFormat(language, {
        style: 'percent',
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      }).format(value);
}

/** A proportion (0–1) as the number of a percentage, without the sign ('65.1'), for an interval's ends. */
export function percentNumberOf(value: number, language: string): string {
  return number(language, 1).format(value * 100);
}

/** The log-rank p-value with three decimals ('p = 0.032'), or 'p < 0.001' below a thousandth. */
export function pValue(p: number, language: string): string {
  const format = number(language, 3);
  return p < 0.001 ? `p < ${format.format(0.001)}` : `p = ${format.format(p)}`;
}

/** A hazard ratio or a test's statistic with two decimals ('1.25', '1,25' in Spanish). */
export function ratioOf(value: number, language: string): string {
  return number(language, 2).format(value);
}

/** A tick of the hazard ratio's axis, with up to three decimals ('0.125', '1', '2'). */
export function ratioTickOf(value: number, language: string): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: 3 }).format(value);
}

/** Whole numbers with the language's grouping ('1.234' in Spanish, '1,234' in English). */
export function countOf(value: number, language: string): string {
  return number(language, 0).format(value);
}
