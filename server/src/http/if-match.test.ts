import { describe, expect, it } from 'vitest';
import { HttpError } from './errors.ts';
import { assertVersion, matchesVersion } from './if-match.ts';

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

  it('refuses a stale version with 412 STALE_VERSION and the current version as ETag', () => {
    expect(() => assertVersion('"7"', 7)).not.toThrow();
    expect(() => assertVersion(undefined, 7)).not.toThrow();
    let refused: unknown;
    try {
      assertVersion('"6"', 7);
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused).toMatchObject({ statusCode: 412, code: 'STALE_VERSION', headers: { etag: '"7"' } });
  });
});
