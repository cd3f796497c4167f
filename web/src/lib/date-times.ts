import dayjs from 'dayjs';

/** A moment of the audit trail in the user's time zone: 'dd/mm/yyyy hh:mm'. */
export function displayMoment(iso: string): string {
  return dayjs(iso).format('DD/MM/YYYY HH:mm');
}
