import { describe, expect, it } from 'vitest';
import { matchesVersion } from './if-match.ts';

describe('If-Match against a version', () => {
  it('accepts a write that names no version', () => {
    expect(matchesVersion(undefined, 7)).toBe(true);
  });

  it.each([
    ['"7"', true],
    ['W/"7"', true],
    ['7', true],
    ['*', true],
    ['"6"', false],
    ['"70"', false],
    ['', false],
  ])('judges %s against version 7: %s', (header, expected) => {
    expect(matchesVersion(header, 7)).toBe(expected);
  });

  it('accepts a list when any tag in it is the current version', () => {
    expect(matchesVersion('"5", "7"', 7)).toBe(true);
    expect(matchesVersion('"5", W/"6"', 7)).toBe(false);
  });
});
