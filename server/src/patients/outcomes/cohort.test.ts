import { describe, expect, it } from 'vitest';
import { compareKeys } from './cohort.ts';

describe('the order of groups', () => {
  it('puts risk levels in their clinical order, not the alphabet’s, and the unrecorded last', () => {
    const keys = ['Alto', 'N/A', 'Bajo', null, 'Medio', 'N/R'];
    expect(keys.sort(compareKeys('riskLevel'))).toEqual(['Bajo', 'Medio', 'Alto', 'N/R', 'N/A', null]);
  });

  it('orders the ELN 2022 categories from favorable to adverse', () => {
    const keys = ['adverse', 'favorable', 'intermediate'];
    expect(keys.sort(compareKeys('eln2022'))).toEqual(['favorable', 'intermediate', 'adverse']);
  });
});
