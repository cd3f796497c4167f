import { describe, expect, it } from 'vitest';
import { chiSquareTest, chiSquareUpperTail } from './chi-square.ts';

// R 4.2: print(pchisq(c(3.84, 400, 1000, 12.5, 0.01), c(1, 1, 3, 7, 4), lower.tail = FALSE), digits = 17)
const R_TAILS: [number, number, number][] = [
  [3.84, 1, 0.050043521248705224],
  [400, 1, 5.5072482372124689e-89],
  [1000, 3, 1.7994208765314476e-216],
  [12.5, 7, 0.08526927515826925],
  [0.01, 4, 0.99998754158864567],
];

describe('the chi-square upper tail', () => {
  it.each(R_TAILS)('equals R pchisq(%d, %d, lower.tail = FALSE) to 1e-12 relative', (x, df, expected) => {
    const tail = chiSquareUpperTail(x, df);
    expect(Math.abs(tail - expected)).toBeLessThanOrEqual(1e-12 * expected);
  });

  it('keeps a tiny p that 1 − cdf would lose', () => {
    expect(chiSquareUpperTail(400, 1)).toBeGreaterThan(0);
  });

  it('is 1 at a statistic of 0 and refuses degrees of freedom of 0', () => {
    expect(chiSquareTest(0, 2)).toEqual({ chisq: 0, df: 2, p: 1 });
    expect(() => chiSquareUpperTail(1, 0)).toThrow(RangeError);
  });
});
