import { choleskyFactor, choleskyInvert, choleskySolve } from './cholesky.ts';
import type { CoxData } from './cox-data.ts';
import { likelihoodPass } from './cox-likelihood.ts';
import { dot, entry, type SquareMatrix } from './linear-algebra.ts';

/**
 * The iterations of R `survival` 3.5's `coxfit6.c` for `coxph(..., ties = "efron")` without strata,
 * weights or offset (a row may stand for `n` patients who share it, as `n` rows would): the columns that are not all −1/0/1 centred and scaled (`nocenter = c(-1, 0, 1)`),
 * Newton–Raphson from beta = 0 with its step halving and convergence on the relative change of the log
 * likelihood, the score test at beta = 0, and the inverse information at the estimate.
 */

/** `coxph.control()`'s defaults. */
export const COX_CONTROL = {
  eps: 1e-9,
  tolerChol: Number.EPSILON ** 0.75,
  iterMax: 20,
  tolerInf: Math.sqrt(1e-9),
} as const;

/** The data in time order, and what `coxfit6` does to the columns before iterating. */
export interface Prepared extends CoxData {
  readonly n: number;
  readonly p: number;
  readonly events: number;
  /** The columns as given, row by row in time order; `covariates` are centred and scaled. */
  readonly original: Float64Array;
  /** What was subtracted from each column (0 for a −1/0/1 column) and what it was multiplied by. */
  readonly means: Float64Array;
  readonly scale: Float64Array;
}

/** Centres and scales the columns of the data (in time order) as `coxfit6` does. */
export function prepare(data: CoxData): Prepared {
  const { width: p, count, event } = data;
  const length = data.time.length;
  const covariates = data.covariates.slice();
  let n = 0;
  let events = 0;
  for (let k = 0; k < length; k++) {
    n += count[k] ?? 1;
    events += (event[k] ?? 0) * (count[k] ?? 1);
  }
  const means = new Float64Array(p);
  const scale = new Float64Array(p).fill(1);
  for (let i = 0; i < p; i++) {
    let sum = 0;
    let binary = true;
    for (let k = 0; k < length; k++) {
      const value = covariates[k * p + i] ?? 0;
      binary &&= value === -1 || value === 0 || value === 1;
      sum += (count[k] ?? 1) * value;
    }
    if (binary) {
      continue;
    }
    const mean = sum / n;
    let spread = 0;
    for (let k = 0; k < length; k++) {
      const centred = (covariates[k * p + i] ?? 0) - mean;
      covariates[k * p + i] = centred;
      spread += (count[k] ?? 1) * Math.abs(centred);
    }
    const factor = spread > 0 ? n / spread : 1;
    for (let k = 0; k < length; k++) {
      covariates[k * p + i] = (covariates[k * p + i] ?? 0) * factor;
    }
    means[i] = mean;
    scale[i] = factor;
  }
  return { ...data, covariates, original: data.covariates, n, p, events, means, scale };
}

export interface Fit {
  /** On the caller's scale. */
  readonly beta: Float64Array;
  readonly variance: SquareMatrix;
  /** The score at the estimate, on the caller's scale. */
  readonly score: Float64Array;
  readonly loglik: [number, number];
  readonly scoreTest: number;
  /** The rank of the information matrix at the last step (R's `flag`). */
  readonly rank: number;
  readonly iterations: number;
  readonly converged: boolean;
}

/** `coxfit6`'s main loop, on the centred and scaled columns. */
export function newtonRaphson(data: Prepared): Fit {
  const { p, scale } = data;
  const { eps, tolerChol, iterMax } = COX_CONTROL;
  let beta = new Float64Array(p);
  let pass = likelihoodPass(data, beta);
  const initial = pass.loglik;
  let rank = choleskyFactor(pass.information, tolerChol);
  const step = choleskySolve(pass.information, pass.score);
  const scoreTest = dot(pass.score, step);

  let best = initial;
  let next = beta.map((value, i) => value + entry(step, i));
  let halving = 0;
  for (let iteration = 1; iteration <= iterMax; iteration++) {
    pass = likelihoodPass(data, next);
    rank = choleskyFactor(pass.information, tolerChol);
    const finite =
      Number.isFinite(pass.loglik) &&
      pass.score.every(Number.isFinite) &&
      pass.information.rows().every((row) => row.every(Number.isFinite));
    if (finite && Math.abs(1 - best / pass.loglik) <= eps) {
      return finish(next, pass, [initial, pass.loglik], iteration, true);
    }
    if (!finite || pass.loglik < best) {
      // Not improving: step back towards the last good beta, harder each time.
      halving++;
      next = next.map((value, i) => (value + halving * entry(beta, i)) / (halving + 1));
    } else {
      halving = 0;
      best = pass.loglik;
      const move = choleskySolve(pass.information, pass.score);
      beta = next;
      next = next.map((value, i) => value + entry(move, i));
    }
  }
  // Out of iterations: R recomputes the likelihood at the last good beta (and, as coxfit6 does, inverts
  // its information matrix without factoring it; the numbers only serve the test for infinity).
  pass = likelihoodPass(data, beta);
  return finish(beta, pass, [initial, pass.loglik], iterMax, false);

  function finish(
    estimate: Float64Array,
    last: ReturnType<typeof likelihoodPass>,
    loglik: [number, number],
    iterations: number,
    converged: boolean,
  ): Fit {
    const variance = last.information;
    choleskyInvert(variance);
    for (let i = 0; i < p; i++) {
      for (let j = 0; j < p; j++) {
        variance.set(i, j, variance.get(i, j) * entry(scale, i) * entry(scale, j));
      }
    }
    return {
      beta: estimate.map((value, i) => value * entry(scale, i)),
      variance,
      score: last.score.map((value, i) => value / entry(scale, i)),
      loglik,
      scoreTest,
      rank,
      iterations,
      converged,
    };
  }
}
