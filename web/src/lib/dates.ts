import dayjs from 'dayjs';
import './dayjs-language.ts';

/** Today's date for the header: 'EEEE d MMMM, yyyy' in the current language, first letter capitalised. */
export function headerDate(date: Date, language: string): string {
  const text = dayjs(date).locale(language).format('dddd D MMMM, YYYY');
  return text.charAt(0).toLocaleUpperCase(language) + text.slice(1);
}

/** A date in a table: 'dd MMM yyyy' in the current language ('05 nov 2026'), without the abbreviation's dot. */
export function tableDate(value: string, language: string): string {
  return dayjs(value).locale(language).format('DD MMM YYYY').replace('.', '');
}
