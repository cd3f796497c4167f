import { describe, expect, it } from 'vitest';
import { coxph } from './cox.ts';
import { coxData, sortedCoxData } from './cox-data.ts';
import { coxZph } from './cox-zph.ts';
import { type CoxCase, coxObservationsOf, named, readFixture } from './fixtures/from-r.ts';

const fixture = readFixture<CoxCase[]>('cox');

describe('the patients of a Cox model in columns', () => {
  it('orders the rows by time, ties in the order given, each row with its count and covariates', () => {
    const data = sortedCoxData({
      time: Float64Array.of(5, 2, 5, 0),
      event: Uint8Array.of(1, 0, 0, 1),
      count: Float64Array.of(1, 3, 2, 1),
      width: 2,
      covariates: Float64Array.of(1, 10, 2, 20, 3, 30, 4, 40),
    });
    expect(Array.from(data.time)).toEqual([0, 2, 5, 5]);
    expect(Array.from(data.event)).toEqual([1, 0, 1, 0]);
    expect(Array.from(data.count)).toEqual([1, 3, 1, 2]);
    expect(Array.from(data.covariates)).toEqual([4, 40, 2, 20, 1, 10, 3, 30]);
  });

  it('gives the model and its test of proportional hazards exactly as the same patients one by one', () => {
    const observations = coxObservationsOf(named(fixture, 'several covariates (veteran)'));
    const model = coxph(observations);
    const data = coxData(observations);
    expect(coxph(data)).toEqual(model);
    expect(coxZph(data, model)).toEqual(coxZph(observations, model));
  });

  it('refuses columns of unequal length, values that are not finite and times that are not whole days', () => {
    const columns = {
      time: Float64Array.of(1, 2),
      event: Uint8Array.of(1, 0),
      count: Float64Array.of(1, 1),
      width: 1,
      covariates: Float64Array.of(0, 1),
    };
    expect(() => sortedCoxData({ ...columns, covariates: Float64Array.of(0) })).toThrow(RangeError);
    expect(() => sortedCoxData({ ...columns, covariates: Float64Array.of(0, Number.NaN) })).toThrow(
      RangeError,
    );
    expect(() => sortedCoxData({ ...columns, time: Float64Array.of(1, 2.5) })).toThrow(RangeError);
    expect(() => sortedCoxData({ ...columns, width: 0, covariates: new Float64Array() })).toThrow(RangeError);
  });
});
