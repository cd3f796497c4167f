import { DAYS_PER_MONTH, type Outcome } from './curves.ts';

/** A CSV field, quoted when it holds a comma, a quote or a line break. */
function field(value: string | number | null): string {
  if (value === null) {
    return '';
  }
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * The curves' data as CSV, one row per step of each group: the group's name, the time in days and in
 * months, the numbers at risk, with the event, censored, and the value (survival or incidence) with its
 * 95% interval. Numbers carry a decimal point whatever the language, for statistics software.
 */
export function curvesCsv(outcome: Outcome, labels: readonly string[]): string {
  const incidence = outcome.endpoint === 'cir';
  const header = [
    'group',
    'time_days',
    'time_months',
    'at_risk',
    'events',
    'censored',
    incidence ? 'incidence' : 'survival',
    'lower',
    'upper',
  ];
  const rows = outcome.curves.flatMap((curve, index) =>
    curve.steps.map((step) => [
      labels[index] ?? String(curve.key),
      step.time,
      Number((step.time / DAYS_PER_MONTH).toFixed(4)),
      step.atRisk,
      step.events,
      step.censored,
      Number(step.value.toFixed(6)),
      step.lower === null ? null : Number(step.lower.toFixed(6)),
      step.upper === null ? null : Number(step.upper.toFixed(6)),
    ]),
  );
  return `${[header, ...rows].map((row) => row.map(field).join(',')).join('\r\n')}\r\n`;
}
