import { describe, expect, it } from 'vitest';
import { decimalSeparatorOf, formatNumber, typedNumberOf } from './numbers.ts';

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

  it("takes a number field's value once it is a whole number, and never a half-typed one", () => {
    expect(typedNumberOf(6.5)).toBe(6.5);
    expect(typedNumberOf('6.50')).toBe(6.5);
    expect(typedNumberOf('0.0')).toBe(0);
    expect(typedNumberOf('')).toBeNull();
    expect(typedNumberOf(null)).toBeNull();
    for (const halfTyped of ['6.', '-', '.', '6,5', 'six', '1e3']) {
      expect(typedNumberOf(halfTyped), halfTyped).toBeUndefined();
    }
    expect(typedNumberOf(Number.NaN)).toBeUndefined();
  });
});
