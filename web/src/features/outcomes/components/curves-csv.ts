import { guardCsvText } from '@registry/shared';
import { i18n } from '../../../lib/i18n.ts';
import { DAYS_PER_MONTH, isIncidence, type Outcome } from './curves.ts';

/**
 * The conventions of a CSV file in a language, as the patient export writes them: in Spanish fields
 * separated by ';' and decimals with a comma (what a Spanish spreadsheet opens as numbers), in English
 * ',' and a point; both begin with a byte-order mark, so that accents open right.
 */
function conventions(language: string) {
  const spanish = language.startsWith('es');
  return { delimiter: spanish ? ';' : ',', decimal: spanish ? ',' : '.' };
}

/** A CSV field, quoted when it holds the delimiter, a quote or a line break. */
function field(value: string | null, delimiter: string): string {
  if (value === null) {
    return '';
  }
  return value.includes(delimiter) || /["\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/**
 * The curves' data as CSV, one row per step of each group: the group's name, the time in days and in
 * months, the numbers at risk, with the event, censored, and the value (survival or incidence) with its
 * 95% interval; for an incidence, its competing deaths and the non-relapse mortality with its interval.
 * Headers, separators and decimals follow the language (`conventions`).
 */
export function curvesCsv(outcome: Outcome, labels: readonly string[], language = i18n.language): string {
  const t = i18n.getFixedT(language);
  const { delimiter, decimal } = conventions(language);
  const number = (value: number | null, digits: number) =>
    value === null ? null : String(Number(value.toFixed(digits))).replace('.', decimal);
  const incidence = isIncidence(outcome.endpoint);
  const header = [
    t('outcomes.csv.group'),
    t('outcomes.csv.timeDays'),
    t('outcomes.csv.timeMonths'),
    t('outcomes.csv.atRisk'),
    incidence ? t('outcomes.csv.relapses') : t('outcomes.csv.events'),
    ...(incidence ? [t('outcomes.csv.competing')] : []),
    t('outcomes.csv.censored'),
    incidence ? t('outcomes.csv.incidence') : t('outcomes.csv.survival'),
    t('outcomes.csv.lower'),
    t('outcomes.csv.upper'),
    ...(incidence ? [t('outcomes.csv.nrm'), t('outcomes.csv.nrmLower'), t('outcomes.csv.nrmUpper')] : []),
  ];
  const rows = outcome.curves.flatMap((curve, index) =>
    curve.steps.map((step, stepIndex) => {
      const nrm = curve.nrm?.[stepIndex];
      return [
        // A group's name may be a user's text (an institution's name): behind the formula guard.
        guardCsvText(labels[index] ?? String(curve.key)),
        String(step.time),
        number(step.time / DAYS_PER_MONTH, 4),
        String(step.atRisk),
        String(step.events),
        ...(incidence ? [String(step.competing)] : []),
        String(step.censored),
        number(step.value, 6),
        number(step.lower, 6),
        number(step.upper, 6),
        ...(incidence
          ? [number(nrm?.value ?? null, 6), number(nrm?.lower ?? null, 6), number(nrm?.upper ?? null, 6)]
          : []),
      ];
    }),
  );
  const lines = [header, ...rows].map((row) => row.map((value) => field(value, delimiter)).join(delimiter));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
