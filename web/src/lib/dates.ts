import dayjs from 'dayjs';

/** Today's date for the header: 'EEEE d MMMM, yyyy' in the current language, first letter capitalised. */
export function headerDate(date: Date, language: string): string {
  const text = dayjs(date).locale(language).format('dddd D MMMM, YYYY');
  return text.charAt(0).toLocaleUpperCase(language) + text.slice(1);
}
