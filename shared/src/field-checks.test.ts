import { describe, expect, it } from 'vitest';
import { ELN_INPUT_FIELDS, elnInputBit, elnInputsPresent } from './field-checks.ts';
import { MR_GENES } from './genetics/markers.ts';

const none = { karyotype: null, karyotypeResult: null, markers: null, category: 'insufficient' };

describe('the ELN 2022 inputs a patient has', () => {
  it('has none without genetics', () => {
    expect(elnInputsPresent(none)).toEqual([]);
  });

  it('counts a karyotype written, or a normal or abnormal result, but not a failed one', () => {
    expect(elnInputsPresent({ ...none, karyotype: '46,XX[20]' })).toEqual(['karyotype']);
    expect(elnInputsPresent({ ...none, karyotypeResult: 'normal' })).toEqual(['karyotype']);
    expect(elnInputsPresent({ ...none, karyotypeResult: 'abnormal' })).toEqual(['karyotype']);
    expect(elnInputsPresent({ ...none, karyotypeResult: 'failed' })).toEqual([]);
  });

  it('counts each marker tested, whatever its result, and the MR genes only when all nine are', () => {
    const eight = Object.fromEntries(MR_GENES.slice(1).map((gene) => [gene, { result: 'negative' }]));
    expect(
      elnInputsPresent({
        ...none,
        markers: { NPM1: { result: 'negative' }, TP53: { result: 'positive' }, ...eight },
      }),
    ).toEqual(['NPM1', 'TP53']);
    const nine = { ...eight, [MR_GENES[0]]: { result: 'positive' } };
    expect(elnInputsPresent({ ...none, markers: nine })).toEqual(['mrGenes']);
  });

  it('counts a category other than insufficient as classified', () => {
    for (const category of ['favorable', 'intermediate', 'adverse']) {
      expect(elnInputsPresent({ ...none, category })).toEqual(['eln2022Classified']);
    }
    expect(elnInputsPresent({ ...none, category: 'not_applicable' })).toEqual([]);
  });

  it('gives each input a bit of its own', () => {
    const bits = ELN_INPUT_FIELDS.map(elnInputBit);
    expect(new Set(bits).size).toBe(ELN_INPUT_FIELDS.length);
    expect(bits.reduce((sum, bit) => sum + bit, 0)).toBe(2 ** ELN_INPUT_FIELDS.length - 1);
  });
});
