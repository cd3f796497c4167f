import { describe, expect, it } from 'vitest';
import { coxph } from './cox.ts';
import { sortedCoxData } from './cox-data.ts';
import { coxDesign } from './cox-design.ts';
import { coxZph } from './cox-zph.ts';
import { type CoxCase, named, readFixture, relatively } from './fixtures/from-r.ts';

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

  it.each(fixture.filter((entry) => entry.fit && entry.zph).map((entry) => entry.name))(
    'gives from columns, built in reverse order, what R coxph and cox.zph give: %s',
    (name) => {
      const entry = named(fixture, name);
      const design = coxDesign(entry.terms);
      const width = design.columns.length;
      const rows = entry.time.map((_, index) => entry.time.length - 1 - index);
      const data = sortedCoxData({
        time: Float64Array.from(rows, (row) => entry.time[row] ?? Number.NaN),
        event: Uint8Array.from(rows, (row) => (entry.status[row] === 1 ? 1 : 0)),
        count: new Float64Array(rows.length).fill(1),
        width,
        covariates: Float64Array.from(
          rows.flatMap((row) => [...design.matrix.subarray(row * width, row * width + width)]),
        ),
      });
      const { names: _names, ...fit } = entry.fit ?? { names: [] };
      const model = coxph(data);
      expect(model).toEqual(relatively(fit));
      expect(coxZph(data, model)).toEqual(relatively(entry.zph));
    },
  );

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
    expect(() => sortedCoxData({ ...columns, event: Uint8Array.of(1, 2) })).toThrow(RangeError);
    expect(() => sortedCoxData({ ...columns, count: Float64Array.of(1, 0) })).toThrow(RangeError);
  });
});
