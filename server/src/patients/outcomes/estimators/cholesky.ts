import { entry, type SquareMatrix, vectorOf } from './linear-algebra.ts';

/**
 * R `survival`'s own Cholesky routines (3.5: `cholesky2.c`, `chsolve2.c`, `chinv2.c`), not a textbook
 * factorisation: `coxph` decides which columns of a design are redundant by their pivot falling below
 * `toler.chol` times the largest diagonal, and reports those coefficients as NA. A general library's
 * Cholesky throws on a matrix that is not positive definite instead, so it could not say which column R
 * would drop; the routines are reproduced here, step by step.
 */

/**
 * R's `cholesky2`: factors a symmetric matrix, given by its upper triangle, as F D Fᵀ in place (F unit
 * lower triangular below the diagonal, D on the diagonal). A pivot below `tolerance` times the largest
 * diagonal (or not finite) marks its column as redundant: its diagonal is set to 0 and the column is
 * skipped. Answers the rank, negated when the matrix is not non-negative definite.
 */
export function choleskyFactor(matrix: SquareMatrix, tolerance: number): number {
  const n = matrix.size;
  let nonNegative = 1;
  let largest = 0;
  for (let i = 0; i < n; i++) {
    if (matrix.get(i, i) > largest) {
      largest = matrix.get(i, i);
    }
    for (let j = i + 1; j < n; j++) {
      matrix.set(j, i, matrix.get(i, j));
    }
  }
  const threshold = largest === 0 ? tolerance : largest * tolerance;
  let rank = 0;
  for (let i = 0; i < n; i++) {
    const pivot = matrix.get(i, i);
    if (!Number.isFinite(pivot) || pivot < threshold) {
      matrix.set(i, i, 0);
      if (pivot < -8 * threshold) {
        nonNegative = -1;
      }
      continue;
    }
    rank++;
    for (let j = i + 1; j < n; j++) {
      const ratio = matrix.get(j, i) / pivot;
      matrix.set(j, i, ratio);
      matrix.add(j, j, -ratio * ratio * pivot);
      for (let k = j + 1; k < n; k++) {
        matrix.add(k, j, -ratio * matrix.get(k, i));
      }
    }
  }
  return rank * nonNegative;
}

/**
 * R's `chsolve2`: solves A x = y from the factorisation of `choleskyFactor`. A redundant column gets
 * 0 in x (a generalised inverse), as R does.
 */
export function choleskySolve(factor: SquareMatrix, y: ArrayLike<number>): Float64Array {
  const n = factor.size;
  const x = vectorOf(n, (i) => entry(y, i));
  for (let i = 0; i < n; i++) {
    let value = entry(x, i);
    for (let j = 0; j < i; j++) {
      value -= entry(x, j) * factor.get(i, j);
    }
    x[i] = value;
  }
  for (let i = n - 1; i >= 0; i--) {
    if (factor.get(i, i) === 0) {
      x[i] = 0;
      continue;
    }
    let value = entry(x, i) / factor.get(i, i);
    for (let j = i + 1; j < n; j++) {
      value -= entry(x, j) * factor.get(j, i);
    }
    x[i] = value;
  }
  return x;
}

/**
 * R's `chinv2` followed by the symmetric fill `coxfit6` does: turns the factorisation of
 * `choleskyFactor` into the inverse of the original matrix, in place. The rows and columns of redundant
 * columns are 0, which is how R's variance matrix marks a coefficient it reports as NA.
 */
export function choleskyInvert(matrix: SquareMatrix): void {
  const n = matrix.size;
  for (let i = 0; i < n; i++) {
    if (matrix.get(i, i) > 0) {
      matrix.set(i, i, 1 / matrix.get(i, i));
      for (let j = i + 1; j < n; j++) {
        matrix.set(j, i, -matrix.get(j, i));
        for (let k = 0; k < i; k++) {
          matrix.add(j, k, matrix.get(j, i) * matrix.get(i, k));
        }
      }
    }
  }
  for (let i = 0; i < n; i++) {
    if (matrix.get(i, i) === 0) {
      for (let j = 0; j < i; j++) {
        matrix.set(j, i, 0);
      }
      for (let j = i; j < n; j++) {
        matrix.set(i, j, 0);
      }
      continue;
    }
    for (let j = i + 1; j < n; j++) {
      const value = matrix.get(j, i) * matrix.get(j, j);
      matrix.set(i, j, value);
      for (let k = i; k < j; k++) {
        matrix.add(i, k, value * matrix.get(j, k));
      }
    }
  }
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < i; j++) {
      matrix.set(i, j, matrix.get(j, i));
    }
  }
}
