/**
 * Calendar days as the API carries them ('yyyy-MM-dd'), read and written without time zones: a local
 * Date never goes through toISOString, which would move late-evening days to the next one.
 */

const pad = (value: number) => String(value).padStart(2, '0');

/** The user's today as 'yyyy-MM-dd', from the local calendar. */
export function todayString(now: Date = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** 'yyyy-MM-dd' shown as 'dd/MM/yyyy'; anything else (a bare year, half-typed text) as it is. */
export function displayDay(value: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value ?? '');
  return match ? `${match[3]}/${match[2]}/${match[1]}` : (value ?? '');
}

/** Typed 'dd/MM/yyyy' (or 'd/M/yyyy') read as 'yyyy-MM-dd'; other text is kept as typed. */
export function parseTypedDay(text: string): string {
  const trimmed = text.trim();
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(trimmed);
  return match ? `${match[3]}-${pad(Number(match[2]))}-${pad(Number(match[1]))}` : trimmed;
}
