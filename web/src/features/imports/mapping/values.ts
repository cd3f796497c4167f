import { formatIsoDate, isIsoDate } from '../../../lib/dates.ts';
import type { Codebook } from './variables.ts';

/** A value of a check's change, as the server answers it. */
export type ChangeValue = string | number | boolean | null;

/**
 * A value as a change shows it (old → new): a code by its label, a yes/no in words, a date as
 * `dd/MM/yyyy`, nothing as `empty`.
 */
export function valueText(
  variable: string,
  value: ChangeValue,
  codebook: Codebook | undefined,
  words: { readonly yes: string; readonly no: string; readonly empty: string },
): string {
  if (value === null || value === '') {
    return words.empty;
  }
  if (typeof value === 'boolean') {
    return value ? words.yes : words.no;
  }
  const text = String(value);
  const entry = codebook?.entryOf(variable) ?? null;
  if (entry?.type === 'boolean' && (text === 'true' || text === 'false')) {
    return text === 'true' ? words.yes : words.no;
  }
  const coded = entry?.values?.find((choice) => choice.code === text);
  if (coded) {
    return coded.label;
  }
  return isIsoDate(text) ? formatIsoDate(text) : text;
}
