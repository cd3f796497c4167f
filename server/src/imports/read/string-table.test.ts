import { describe, expect, it } from 'vitest';
import { StringTable } from './string-table.ts';

describe('the table of shared strings', () => {
  it('gives back every string it was given, across blocks, empty ones and any character', () => {
    const table = new StringTable();
    const strings = Array.from({ length: 10_000 }, (_, index) =>
      index % 7 === 0 ? '' : `${index % 5 === 0 ? '€ ’' : 'texto'} ${index}`,
    );
    for (const text of strings) {
      table.push(text);
    }
    expect(() => table.get(0)).toThrow();
    table.finish();
    expect(() => table.push('más')).toThrow();
    expect(table.size).toBe(10_000);
    for (const index of [9_999, 0, 4_095, 4_096, 8_191, 8_192, 12, 7]) {
      expect(table.get(index)).toBe(strings[index]);
    }
    expect(strings.every((text, index) => table.get(index) === text)).toBe(true);
  });

  it('answers nothing for an index that is not a string of it', () => {
    const table = new StringTable();
    table.push('uno');
    table.finish();
    for (const index of [1, -1, 0.5, Number.NaN]) {
      expect(table.get(index)).toBeUndefined();
    }
  });
});
