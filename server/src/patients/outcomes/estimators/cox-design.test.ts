import { describe, expect, it } from 'vitest';
import { coxDesign, designRows } from './cox-design.ts';

describe('the design of a Cox model', () => {
  it('codes a factor with its first level as the reference, one 0/1 column per other level, named as R does', () => {
    const design = coxDesign([
      { kind: 'factor', name: 'eln2022', values: ['intermediate', 'adverse', 'favorable'] },
    ]);
    expect(design.columns).toEqual([
      { term: 'eln2022', level: 'favorable', name: 'eln2022favorable' },
      { term: 'eln2022', level: 'intermediate', name: 'eln2022intermediate' },
    ]);
    expect(design.terms).toEqual([
      { term: 'eln2022', reference: 'adverse', levels: ['adverse', 'favorable', 'intermediate'] },
    ]);
    expect(designRows(design)).toEqual([
      [0, 1],
      [0, 0],
      [1, 0],
    ]);
  });

  it('follows the levels given, leaving out those no patient has', () => {
    const design = coxDesign([
      {
        kind: 'factor',
        name: 'scheme',
        values: ['FLAG-Ida', '7+3', 'FLAG-Ida'],
        levels: ['HMA+VEN', 'FLAG-Ida', '7+3'],
      },
    ]);
    expect(design.terms[0]?.reference).toBe('FLAG-Ida');
    expect(design.columns.map((column) => column.name)).toEqual(['scheme7+3']);
    expect(designRows(design)).toEqual([[0], [1], [0]]);
  });

  it('takes a numeric term as one column named as the term', () => {
    const design = coxDesign([
      { kind: 'numeric', name: 'age', values: [61, 45] },
      { kind: 'factor', name: 'gender', values: ['M', 'F'] },
    ]);
    expect(design.columns).toEqual([
      { term: 'age', level: null, name: 'age' },
      { term: 'gender', level: 'M', name: 'genderM' },
    ]);
    expect(designRows(design)).toEqual([
      [61, 1],
      [45, 0],
    ]);
  });

  it('gives a factor with a single level present no column', () => {
    const design = coxDesign([{ kind: 'factor', name: 'patientFit', values: ['yes', 'yes'] }]);
    expect(design.columns).toEqual([]);
    expect(design.terms).toEqual([{ term: 'patientFit', reference: 'yes', levels: ['yes'] }]);
    expect(designRows(design)).toEqual([[], []]);
  });

  it('refuses terms of unequal length, values outside the levels and numbers that are not finite', () => {
    expect(() =>
      coxDesign([
        { kind: 'numeric', name: 'age', values: [1, 2] },
        { kind: 'numeric', name: 'x', values: [1] },
      ]),
    ).toThrow(RangeError);
    expect(() => coxDesign([{ kind: 'factor', name: 'g', values: ['a', 'c'], levels: ['a', 'b'] }])).toThrow(
      RangeError,
    );
    expect(() => coxDesign([{ kind: 'numeric', name: 'age', values: [Number.NaN] }])).toThrow(RangeError);
  });
});
