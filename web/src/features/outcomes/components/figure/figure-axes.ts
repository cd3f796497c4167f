import { DAYS_PER_MONTH } from '../curves.ts';

/**
 * The axes of the downloadable figure: time in months while the follow-up is short, in years once it
 * is long (a slide with 20 ticks of 6 months reads worse than ten of one year); survival on 0–100 %,
 * the incidence on a scale that fits its highest value (a 12 % incidence drawn up to 100 % is a flat
 * line).
 */

export const DAYS_PER_YEAR = 12 * DAYS_PER_MONTH;

/** Beyond three years of follow-up the axis counts years. */
const MONTHS_AXIS_UP_TO = 36;
const MONTH_STEPS = [1, 2, 3, 6, 12] as const;
const YEAR_STEPS = [1, 2, 5, 10, 20] as const;
/** At most this many intervals between ticks: each needs room for its number at risk. */
const MAX_INTERVALS = 12;

export interface TimeAxis {
  readonly unit: 'months' | 'years';
  /** The ticks, in the unit, from 0 to the first tick at or after the longest follow-up. */
  readonly ticks: readonly number[];
  /** The days of one unit. */
  readonly daysPerUnit: number;
}

/** The time axis for a follow-up of `lastDay` days. */
export function timeAxis(lastDay: number): TimeAxis {
  const months = lastDay / DAYS_PER_MONTH;
  const monthsAxis = months <= MONTHS_AXIS_UP_TO;
  const span = monthsAxis ? Math.max(months, 1) : lastDay / DAYS_PER_YEAR;
  const steps: readonly number[] = monthsAxis ? MONTH_STEPS : YEAR_STEPS;
  const step =
    steps.find((candidate) => Math.ceil(span / candidate) <= MAX_INTERVALS) ?? (steps.at(-1) as number);
  const count = Math.max(Math.ceil(span / step - 1e-9), 1);
  return {
    unit: monthsAxis ? 'months' : 'years',
    ticks: Array.from({ length: count + 1 }, (_, index) => index * step),
    daysPerUnit: monthsAxis ? DAYS_PER_MONTH : DAYS_PER_YEAR,
  };
}

export interface ValueAxis {
  /** The top of the axis, in percent. */
  readonly top: number;
  /** The ticks, in percent, from 0 to the top. */
  readonly ticks: readonly number[];
}

/** The tops an incidence axis may take, in percent, with their tick spacing. */
const INCIDENCE_TOPS = [
  [5, 1],
  [10, 2],
  [15, 5],
  [20, 5],
  [25, 5],
  [30, 10],
  [40, 10],
  [50, 10],
  [60, 20],
  [80, 20],
  [100, 25],
] as const;

/** Survival on 0–100 %; the incidence up to the first round top at or above its highest value (0–1). */
export function valueAxis(incidence: boolean, highest: number): ValueAxis {
  const [top, step] = incidence
    ? (INCIDENCE_TOPS.find(([candidate]) => candidate >= highest * 100 - 1e-9) ?? [100, 25])
    : [100, 25];
  return { top, ticks: Array.from({ length: top / step + 1 }, (_, index) => index * step) };
}
