import type { GroupBy } from '@registry/shared';
import { type Curve, DAYS_PER_MONTH, type GroupKey } from './curves.ts';

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

/**
 * The colours of a risk, wherever a chart colours groups of risk (ELN 2022 categories, the registry's
 * risk levels): favourable or low green, intermediate amber, adverse or high red, the unclassified
 * grey (the two kinds told apart by their dash) — adverse is never green. Each keeps 3:1 against white.
 */
const RISK_GREEN = '#1E7B34';
const RISK_AMBER = '#A86B00';
const RISK_RED = '#C92A2A';
const RISK_GREY = '#6C757D';
const RISK_STYLES: Partial<Record<GroupBy, Record<string, SeriesStyle>>> = {
  eln2022: {
    favorable: { color: RISK_GREEN, dash: undefined },
    intermediate: { color: RISK_AMBER, dash: undefined },
    adverse: { color: RISK_RED, dash: undefined },
    insufficient: { color: RISK_GREY, dash: undefined },
    not_applicable: { color: RISK_GREY, dash: '8 4' },
  },
  riskLevel: {
    Bajo: { color: RISK_GREEN, dash: undefined },
    Medio: { color: RISK_AMBER, dash: undefined },
    Alto: { color: RISK_RED, dash: undefined },
    'N/R': { color: RISK_GREY, dash: undefined },
    'N/A': { color: RISK_GREY, dash: '8 4' },
  },
};
/** The patients without a value of a risk grouping: dark grey, dotted. */
const RISK_UNKNOWN: SeriesStyle = { color: '#343A40', dash: '2 3' };

/**
 * The colour and dash of each of the curves of a grouping, in their order: a risk's own colours for the
 * ELN categories and the risk levels, else `seriesStyle` by position.
 */
export function seriesStyles(groupBy: GroupBy, keys: readonly GroupKey[]): SeriesStyle[] {
  const risk = RISK_STYLES[groupBy];
  return keys.map((key, index) => {
    if (!risk) {
      return seriesStyle(index);
    }
    return key === null ? RISK_UNKNOWN : (risk[String(key)] ?? seriesStyle(index));
  });
}

/** The styles of an outcome's curves (`seriesStyles`). */
export function curveStyles(outcome: {
  readonly groupBy: GroupBy;
  readonly curves: readonly { readonly key: GroupKey }[];
}): SeriesStyle[] {
  return seriesStyles(
    outcome.groupBy,
    outcome.curves.map((curve) => curve.key),
  );
}

/**
 * Censoring marks closer together than this many pixels along the time axis are drawn as one.
 *
 * With thousands of patients a mark per censoring time merges into a solid bar over the curve, and
 * hides the step it sits on. The marks are thinned rather than moved to the number-at-risk table: a
 * reader of a Kaplan–Meier curve looks for them on the curve, where they say how far each curve's
 * follow-up reaches and where it thins, and the table already gives the counts. One mark every few pixels
 * keeps that picture (a run of censorings still reads as a run) while each mark stays visible; the
 * figure (figure/figure-svg.ts) thins the same way at its own scale.
 */
export const CENSOR_MARK_GAP_PX = 4;

/**
 * The times of a curve's steps that carry a censoring mark: every step with censored patients, but
 * none closer than `gapDays` to the mark before it (0 keeps them all).
 */
export function censorMarkTimes(
  steps: readonly { readonly time: number; readonly censored: number }[],
  gapDays: number,
): Set<number> {
  const marks = new Set<number>();
  let last = Number.NEGATIVE_INFINITY;
  for (const step of steps) {
    if (step.censored > 0 && step.time - last >= gapDays) {
      marks.add(step.time);
      last = step.time;
    }
  }
  return marks;
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
 * Censoring marks are thinned to one per `censorGapDays` (`censorMarkTimes`).
 */
export function chartRows(
  curves: readonly Curve[],
  origin: number,
  withBands: boolean,
  censorGapDays = 0,
): ChartRow[] {
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
    const marks = censorMarkTimes(curve.steps, censorGapDays);
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
      if (marks.has(step.time)) {
        row[censorKey(index)] = true;
      }
    }
  });
  return [start, ...[...byTime.entries()].sort(([a], [b]) => a - b).map(([, row]) => row)];
}
