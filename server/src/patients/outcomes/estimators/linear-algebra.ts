/**
 * The few dense-matrix operations the regression estimators need, on matrices a handful of terms wide:
 * a square matrix, and the solvers of R's `solve` and of the full-rank check of R's `qr()`. R
 * `survival`'s own Cholesky is in `cholesky.ts`.
 */

/** A square matrix of doubles, stored by rows. */
export class SquareMatrix {
  private readonly cells: Float64Array;

  /** A matrix of zeros, or one over `cells` (row by row, size² long), which it then owns. */
  constructor(
    readonly size: number,
    cells?: Float64Array,
  ) {
    if (cells && cells.length !== size * size) {
      throw new RangeError(`A ${size} × ${size} matrix needs ${size * size} cells; got ${cells.length}.`);
    }
    this.cells = cells ?? new Float64Array(size * size);
  }

  /** The matrix with these rows (each as long as there are rows). */
  static of(rows: readonly (readonly number[])[]): SquareMatrix {
    const matrix = new SquareMatrix(rows.length);
    rows.forEach((row, i) => {
      if (row.length !== rows.length) {
        throw new RangeError(
          `A square matrix needs ${rows.length} values in each row; row ${i} has ${row.length}.`,
        );
      }
      row.forEach((value, j) => {
        matrix.set(i, j, value);
      });
    });
    return matrix;
  }

  get(i: number, j: number): number {
    return this.cells[i * this.size + j] ?? Number.NaN;
  }

  set(i: number, j: number, value: number): void {
    this.cells[i * this.size + j] = value;
  }

  add(i: number, j: number, value: number): void {
    this.cells[i * this.size + j] = this.get(i, j) + value;
  }

  copy(): SquareMatrix {
    const copy = new SquareMatrix(this.size);
    copy.cells.set(this.cells);
    return copy;
  }

  /** The rows as plain arrays, for reading and for tests. */
  rows(): number[][] {
    return Array.from({ length: this.size }, (_, i) =>
      Array.from({ length: this.size }, (_, j) => this.get(i, j)),
    );
  }
}

/**
 * A vector of `length` values from a function of the index. A plain loop: `Float64Array.from` with a
 * mapping function takes V8's iterator path, several times slower on a cohort's columns.
 */
export function vectorOf(length: number, value: (index: number) => number): Float64Array {
  const vector = new Float64Array(length);
  for (let i = 0; i < length; i++) {
    vector[i] = value(i);
  }
  return vector;
}

/** The value at an index of a vector the caller sized; NaN (never silently 0) if it were missing. */
export const entry = (vector: ArrayLike<number>, index: number): number => vector[index] ?? Number.NaN;

/**
 * Solves A x = b by Gaussian elimination with partial pivoting, as R's `solve` (LAPACK `dgesv`) does;
 * `null` when A is singular to working precision, where R stops with "system is computationally
 * singular".
 */
export function solveLinear(matrix: SquareMatrix, b: ArrayLike<number>): Float64Array | null {
  const n = matrix.size;
  const a = matrix.copy();
  const x = vectorOf(n, (i) => entry(b, i));
  let scale = 0;
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      scale = Math.max(scale, Math.abs(a.get(i, j)));
    }
  }
  const tolerance = n * Number.EPSILON * scale;
  for (let column = 0; column < n; column++) {
    let pivotRow = column;
    for (let row = column + 1; row < n; row++) {
      if (Math.abs(a.get(row, column)) > Math.abs(a.get(pivotRow, column))) {
        pivotRow = row;
      }
    }
    const pivot = a.get(pivotRow, column);
    if (!(Math.abs(pivot) > tolerance)) {
      return null;
    }
    if (pivotRow !== column) {
      for (let j = 0; j < n; j++) {
        const swap = a.get(column, j);
        a.set(column, j, a.get(pivotRow, j));
        a.set(pivotRow, j, swap);
      }
      const swap = entry(x, column);
      x[column] = entry(x, pivotRow);
      x[pivotRow] = swap;
    }
    for (let row = column + 1; row < n; row++) {
      const factor = a.get(row, column) / pivot;
      if (factor === 0) {
        continue;
      }
      for (let j = column; j < n; j++) {
        a.add(row, j, -factor * a.get(column, j));
      }
      x[row] = entry(x, row) - factor * entry(x, column);
    }
  }
  for (let row = n - 1; row >= 0; row--) {
    let value = entry(x, row);
    for (let j = row + 1; j < n; j++) {
      value -= a.get(row, j) * entry(x, j);
    }
    x[row] = value / a.get(row, row);
  }
  return x;
}

/**
 * Solves A x = b through a QR decomposition, refusing (`null`) a matrix of less than full rank by the
 * rule of R's `qr()` (LINPACK `dqrdc2`, tolerance 1e-7): a column whose part orthogonal to the
 * columns before it has a norm below 1e-7 times its own norm is taken as dependent on them. The
 * decomposition is by modified Gram–Schmidt, which measures exactly that orthogonal part.
 */
export function solveFullRank(
  matrix: SquareMatrix,
  b: ArrayLike<number>,
  tolerance = 1e-7,
): Float64Array | null {
  const n = matrix.size;
  // q holds the orthonormal columns, r the upper triangle: A = Q R.
  const q = Array.from({ length: n }, (_, j) => vectorOf(n, (i) => matrix.get(i, j)));
  const r = new SquareMatrix(n);
  for (let j = 0; j < n; j++) {
    const column = q[j] ?? new Float64Array(n);
    const original = Math.hypot(...column);
    for (let k = 0; k < j; k++) {
      const basis = q[k] ?? new Float64Array(n);
      const projection = dot(basis, column);
      r.set(k, j, projection);
      for (let i = 0; i < n; i++) {
        column[i] = entry(column, i) - projection * entry(basis, i);
      }
    }
    const norm = Math.hypot(...column);
    if (!(norm >= tolerance * (original === 0 ? 1 : original)) || norm === 0) {
      return null;
    }
    r.set(j, j, norm);
    for (let i = 0; i < n; i++) {
      column[i] = entry(column, i) / norm;
    }
  }
  const x = vectorOf(n, (k) => dot(q[k] ?? new Float64Array(n), b));
  for (let row = n - 1; row >= 0; row--) {
    let value = entry(x, row);
    for (let j = row + 1; j < n; j++) {
      value -= r.get(row, j) * entry(x, j);
    }
    x[row] = value / r.get(row, row);
  }
  return x;
}

/** The inner product of two vectors of the same length. */
export function dot(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) {
    sum += entry(a, i) * entry(b, i);
  }
  return sum;
}
