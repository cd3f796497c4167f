import { describe, expect, it } from 'vitest';
import { choleskyFactor, choleskyInvert, choleskySolve } from './cholesky.ts';
import { SquareMatrix } from './linear-algebra.ts';

const A = [
  [4, 2, 0.6],
  [2, 5, 1],
  [0.6, 1, 3],
];
/** A times x, for checking a solution. */
const times = (rows: number[][], x: ArrayLike<number>) =>
  rows.map((row) => row.reduce((sum, a, j) => sum + a * (x[j] ?? 0), 0));

describe('the generalised Cholesky of R survival', () => {
  it('factors a positive-definite matrix to full rank and solves with it', () => {
    const factor = SquareMatrix.of(A);
    expect(choleskyFactor(factor, 1e-12)).toBe(3);
    const x = choleskySolve(factor, [1, 2, 3]);
    times(A, x).forEach((value, i) => {
      expect(value).toBeCloseTo([1, 2, 3][i] ?? 0, 12);
    });
  });

  it('inverts a positive-definite matrix, symmetric', () => {
    const inverse = SquareMatrix.of(A);
    choleskyFactor(inverse, 1e-12);
    choleskyInvert(inverse);
    const product = A.map((row) =>
      inverse.rows().map((column) => row.reduce((sum, a, k) => sum + a * (column[k] ?? 0), 0)),
    );
    product.forEach((row, i) => {
      row.forEach((value, j) => {
        expect(value).toBeCloseTo(i === j ? 1 : 0, 12);
      });
    });
    expect(inverse.get(0, 2)).toBe(inverse.get(2, 0));
  });

  it('marks a redundant column with a zero pivot, a zero solution and zero variance, as R does before its NA', () => {
    // The third column is the sum of the first two.
    const singular = [
      [2, 1, 3],
      [1, 2, 3],
      [3, 3, 6],
    ];
    const factor = SquareMatrix.of(singular);
    expect(choleskyFactor(factor, 1e-9)).toBe(2);
    expect(factor.get(2, 2)).toBe(0);
    expect(choleskySolve(factor, [1, 1, 2])[2]).toBe(0);
    choleskyInvert(factor);
    expect([factor.get(2, 0), factor.get(2, 1), factor.get(2, 2), factor.get(0, 2)]).toEqual([0, 0, 0, 0]);
  });
});
