import { type Curve, DAYS_PER_MONTH } from './curves.ts';

/**
 * Colour-blind-safe colours (Okabe–Ito, darkened where needed) that keep at least 3:1 against white
 * (WCAG 1.4.11); past them the colours repeat with a dash pattern, so that no two curves look alike.
 */
const COLORS = ['#0072B2', '#D55E00', '#009E73', '#B2226B', '#8C6D00', '#6A3D9A', '#333333'] as const;
const DASHES = [undefined, '8 4', '2 3'] as const;

export interface SeriesStyle {
  readonly color: string;
  readonly dash: string | undefined;
}

/** The colour and dash of the curve at `index`. */
export function seriesStyle(index: number): SeriesStyle {
  return {
    color: COLORS[index % COLORS.length] ?? '#333333',
    dash: DASHES[Math.floor(index / COLORS.length) % DASHES.length],
  };
}

/** The data keys of curve `index`: its value, its 95% band and its censoring marks. */
export const lineKey = (index: number) => `v${index}`;
export const bandKey = (index: number) => `b${index}`;
export const censorKey = (index: number) => `c${index}`;

/** One row of the chart: a time in months and, for each curve with a step then, its keys. */
export type ChartRow = { month: number } & Record<string, number | [number, number] | boolean>;

const percent = (value: number) => Math.round(value * 10_000) / 100;

/**
 * The rows the step chart draws: the origin (month 0, everyone alive and free of relapse), then every
 * time of every curve in order. A curve has values only at its own steps (the chart joins them as
 * steps, 'stepAfter'), so that each censoring mark falls on its own curve; values are percentages. An
 * event on the day of the diagnosis (time 0) has a row of its own after the origin: a drop at month 0.
 */
export function chartRows(curves: readonly Curve[], origin: number, withBands: boolean): ChartRow[] {
  const start = { month: 0 } as ChartRow;
  const byTime = new Map<number, ChartRow>();
  const rowAt = (time: number) => {
    let row = byTime.get(time);
    if (!row) {
      row = { month: time / DAYS_PER_MONTH } as ChartRow;
      byTime.set(time, row);
    }
    return row;
  };
  curves.forEach((curve, index) => {
    start[lineKey(index)] = percent(origin);
    if (withBands) {
      start[bandKey(index)] = [percent(origin), percent(origin)];
    }
    let band: [number, number] | null = withBands ? [percent(origin), percent(origin)] : null;
    for (const step of curve.steps) {
      const row = rowAt(step.time);
      row[lineKey(index)] = percent(step.value);
      if (band) {
        // Once survival reaches 0 there is no interval: the last one still runs up to that step.
        band = step.lower !== null && step.upper !== null ? [percent(step.lower), percent(step.upper)] : band;
        row[bandKey(index)] = band;
        if (step.lower === null || step.upper === null) {
          band = null;
        }
      }
      if (step.censored > 0) {
        row[censorKey(index)] = true;
      }
    }
  });
  return [start, ...[...byTime.entries()].sort(([a], [b]) => a - b).map(([, row]) => row)];
}
