import { describe, expect, it } from 'vitest';
import { serialOf } from './xlsx-writer.ts';

describe("a spreadsheet's dates", () => {
  it('turns a date and a timestamp into Excel serials, and nothing else', () => {
    expect(serialOf('1900-01-01')).toBe(2);
    expect(serialOf('2024-03-05')).toBe(45356);
    expect(serialOf('2024-03-05T12:00:00.000Z')).toBe(45356.5);
    // A biobank's bare birth year is no date: it stays the year, not its 1 January.
    expect(serialOf('1960')).toBeNull();
    expect(serialOf('not a date')).toBeNull();
  });
});
