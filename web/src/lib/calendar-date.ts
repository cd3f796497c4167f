import dayjs from 'dayjs';
import './dayjs-language.ts';

/**
 * 'dd MMM yyyy' in the given language ('10 sep 2024') for a calendar day of the records
 * (`yyyy-MM-dd`, docs/product-rules.md#dates), for tables. The day is built from its parts, never through
 * `new Date(string)`, which reads it as UTC midnight and shows the day before west of Greenwich.
 * The abbreviation's dot is dropped. (dd/MM/yyyy for the patient file: `displayDay` in date-strings.ts.)
 */
export function shortDate(value: string, language: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) {
    return value;
  }
  const day = dayjs(new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return day.locale(language).format('DD MMM YYYY').replace('.', '');
}
