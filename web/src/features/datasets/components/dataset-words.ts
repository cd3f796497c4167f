import { type Dataset, type DatasetProgress, datasetFiltersSchema } from '@registry/shared';
import type { TFunction } from 'i18next';
import { describeFilters } from '../../../lib/describe-filters.ts';

/** What a dataset was asked for with, in the words of its options: the request's privacy, dates and labels. */
type DatasetOptions = Pick<Dataset, 'identified' | 'dates' | 'freeText' | 'language'>;

/**
 * A dataset's options in words, in the order the form asks for them: de-identified or identified, how
 * dates are given (exact ones when identified, which ignores `dates`), free text, the labels' language.
 */
export function describeOptions(options: DatasetOptions, t: TFunction): string[] {
  const words = [options.identified ? t('datasets.options.identified') : t('datasets.options.deidentified')];
  if (options.identified) {
    words.push(t('datasets.options.exactDates'));
    if (options.freeText) {
      words.push(t('datasets.options.freeText'));
    }
  } else {
    words.push(options.dates === 'shifted' ? t('datasets.options.shifted') : t('datasets.options.intervals'));
  }
  words.push(t(`datasets.options.language.${options.language}`));
  return words;
}

/** How far a build has come, in whole percent (0 before the patients are counted). */
export function progressPercent({ done, total }: DatasetProgress): number {
  return total > 0 ? Math.min(100, Math.floor((done / total) * 100)) : 0;
}

/** A zip's size in the language's units: '834 kB', '12,4 MB'. */
export function formatSize(bytes: number, language: string): string {
  const units = [
    ['byte', 1],
    ['kilobyte', 1_000],
    ['megabyte', 1_000_000],
    ['gigabyte', 1_000_000_000],
  ] as const;
  const [unit, scale] = units.findLast(([, limit]) => bytes >= limit) ?? units[0];
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits: unit === 'byte' || unit === 'kilobyte' ? 0 : 1,
  }).format(bytes / scale);
}

/** The start of a SHA-256, enough to tell two zips apart at a glance; the whole one is copied. */
export const shortHash = (sha256: string): string => sha256.slice(0, 12);

/**
 * A dataset's filters in words, as the list and the outcomes say them (lib/describe-filters.ts); they come
 * as the list's query writes them, and are read by the same shared rules. Filters this version does not
 * read are said as they were written, so that none is left out.
 */
export function describeDatasetFilters(filters: Readonly<Record<string, string>>, t: TFunction): string[] {
  const read = datasetFiltersSchema.safeParse(filters);
  return read.success
    ? describeFilters(read.data, t)
    : Object.entries(filters).map(([name, value]) => `${name}: ${value}`);
}
