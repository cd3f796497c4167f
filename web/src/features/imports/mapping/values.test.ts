import { describe, expect, it } from 'vitest';
import { CODEBOOK_ES } from '../components/test-imports.ts';
import { valueText } from './values.ts';
import { Codebook } from './variables.ts';

const codebook = new Codebook(CODEBOOK_ES, 'es');
const words = { yes: 'Sí', no: 'No', empty: '(vacío)' };

describe("a change's value", () => {
  it('shows a code by its label, a yes/no in words, a date as dd/MM/yyyy, nothing as empty', () => {
    expect(valueText('sex', 'female', codebook, words)).toBe('Femenino');
    expect(valueText('response_2_category', 'RC', codebook, words)).toBe('Remisión completa');
    expect(valueText('relapse', true, codebook, words)).toBe('Sí');
    expect(valueText('relapse', 'false', codebook, words)).toBe('No');
    expect(valueText('birth_date', '1961-04-03', codebook, words)).toBe('03/04/1961');
    expect(valueText('wbc_dx', 12.5, codebook, words)).toBe('12.5');
    expect(valueText('birth_date', null, codebook, words)).toBe('(vacío)');
    expect(valueText('sex', 'unknown-code', undefined, words)).toBe('unknown-code');
  });
});
