import type { CoxObservation } from './cox.ts';
import type { SortedData } from './cox-likelihood.ts';
import { countOf, timeOrderOf } from './times.ts';

/**
 * The patients of a Cox model in columns, in ascending time (ties in the order given, R's
 * `order(time)`), which the fit, its likelihood passes and `cox.zph` walk: a cohort of a hundred
 * thousand patients read as one object per patient cost the model more than its arithmetic
 * (docs/performance.md). A row may stand for `count` patients who share it.
 */
export interface CoxData extends SortedData {
  readonly count: Float64Array;
  /** Made by `sortedCoxData` only, so that the model never walks columns it has not checked and sorted. */
  readonly [checked]: true;
}

declare const checked: unique symbol;

/** The columns of a model as a caller builds them, in any order: the design row by row, `width` wide. */
export interface CoxColumns {
  readonly time: Float64Array;
  readonly event: Uint8Array;
  readonly count: Float64Array;
  readonly width: number;
  readonly covariates: Float64Array;
}

/** Whether an input is already in columns. */
export const isCoxData = (input: readonly CoxObservation[] | CoxData): input is CoxData =>
  !Array.isArray(input);

/**
 * Checks the columns (whole days, an event of 0 or 1, a count above 0, as many finite values per row as
 * the design is wide, at least one column; no row at all is allowed, and a model of it has no events)
 * and orders them by time. Throws a RangeError for malformed input; the message names the row, never its
 * values, which are a patient's data.
 */
export function sortedCoxData(columns: CoxColumns): CoxData {
  const { time, width: p } = columns;
  const length = time.length;
  if (p === 0) {
    throw new RangeError('A Cox model needs at least one column in its design.');
  }
  if (
    columns.event.length !== length ||
    columns.count.length !== length ||
    columns.covariates.length !== length * p
  ) {
    throw new RangeError(`The columns of ${length} rows of the design are not all as long.`);
  }
  // Orders by time, refusing a time that is not whole days; then checks each value as it is copied.
  const order = timeOrderOf(time);
  const sorted = {
    time: new Float64Array(length),
    event: new Uint8Array(length),
    count: new Float64Array(length),
    width: p,
    covariates: new Float64Array(length * p),
  };
  for (let k = 0; k < length; k++) {
    const from = order[k] ?? 0;
    const event = columns.event[from] ?? 0;
    const count = columns.count[from] ?? 0;
    if (event > 1 || !(count > 0 && Number.isFinite(count))) {
      throw new RangeError(`Row ${from} of the columns needs an event of 0 or 1 and a count above 0.`);
    }
    sorted.time[k] = time[from] ?? 0;
    sorted.event[k] = event;
    sorted.count[k] = count;
    for (let i = 0; i < p; i++) {
      const value = columns.covariates[from * p + i] ?? Number.NaN;
      if (!Number.isFinite(value)) {
        throw new RangeError(`Row ${from} of the design does not hold ${p} finite numbers.`);
      }
      sorted.covariates[k * p + i] = value;
    }
  }
  return sorted as CoxData;
}

/** Patients one object each (the tests', and R's fixtures'), in columns and in time order. */
export function coxData(observations: readonly CoxObservation[]): CoxData {
  const p = observations[0]?.covariates.length ?? 0;
  const length = observations.length;
  const covariates = new Float64Array(length * p);
  const time = new Float64Array(length);
  const event = new Uint8Array(length);
  const count = new Float64Array(length);
  observations.forEach((observation, row) => {
    if (observation.covariates.length !== p) {
      throw new RangeError(`Row ${row} of the design does not hold ${p} finite numbers.`);
    }
    time[row] = observation.time;
    event[row] = observation.event ? 1 : 0;
    count[row] = countOf(observation);
    covariates.set(observation.covariates, row * p);
  });
  return sortedCoxData({ time, event, count, width: p, covariates });
}

/** The data of a model's input, in columns and in time order. */
export const coxDataOf = (input: readonly CoxObservation[] | CoxData): CoxData =>
  isCoxData(input) ? input : coxData(input);
