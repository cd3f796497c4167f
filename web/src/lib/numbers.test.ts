import { describe, expect, it } from 'vitest';
import { decimalSeparatorOf, formatNumber } from './numbers.ts';

describe('numbers in the language of the user', () => {
  it('writes a decimal comma in Spanish and a point in English', () => {
    expect(decimalSeparatorOf('es')).toBe(',');
    expect(decimalSeparatorOf('en')).toBe('.');
    expect(formatNumber(0.05, 'es')).toBe('0,05');
    expect(formatNumber(0.05, 'en')).toBe('0.05');
  });

  it('keeps every decimal and groups no thousands', () => {
    expect(formatNumber(12345.125, 'es')).toBe('12345,125');
    expect(formatNumber(100, 'en')).toBe('100');
  });
});
