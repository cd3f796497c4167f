import { describe, expect, it } from 'vitest';
import { SquareMatrix, solveFullRank, solveLinear } from './linear-algebra.ts';

const A = [
  [4, 2, 0.6],
  [2, 5, 1],
  [0.6, 1, 3],
];
/** A times x, for checking a solution. */
const times = (rows: number[][], x: ArrayLike<number>) =>
  rows.map((row) => row.reduce((sum, a, j) => sum + a * (x[j] ?? 0), 0));

describe('the general solvers', () => {
  it('solve a well-posed system', () => {
    const b = [1, -2, 0.5];
    for (const x of [solveLinear(SquareMatrix.of(A), b), solveFullRank(SquareMatrix.of(A), b)]) {
      expect(x).not.toBeNull();
      times(A, x ?? []).forEach((value, i) => {
        expect(value).toBeCloseTo(b[i] ?? 0, 12);
      });
    }
  });

  it('refuse a singular system, as R solve and the rank of qr() do', () => {
    const singular = SquareMatrix.of([
      [1, 2],
      [2, 4],
    ]);
    expect(solveLinear(singular, [1, 2])).toBeNull();
    expect(solveFullRank(singular, [1, 2])).toBeNull();
    // Dependent to 1e-9 of its norm: below qr()'s tolerance of 1e-7.
    expect(
      solveFullRank(
        SquareMatrix.of([
          [1, 1],
          [1, 1 + 1e-9],
        ]),
        [1, 1],
      ),
    ).toBeNull();
  });

  it('refuses rows of the wrong length', () => {
    expect(() => SquareMatrix.of([[1, 2], [3]])).toThrow(RangeError);
  });
});
