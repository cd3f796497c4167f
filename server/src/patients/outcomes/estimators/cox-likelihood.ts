import { SquareMatrix } from './linear-algebra.ts';

/**
 * The Cox partial likelihood with Efron's handling of tied events, its score and its information
 * matrix: one pass of R `survival` 3.5's `coxfit6_iter` (`coxfit6.c`) without strata, weights or offset.
 * A row may stand for several patients who share it (`count`): it adds what they would, one by one.
 * It runs once per Newton step over every patient, so it works on flat typed arrays.
 */

/** The patients sorted by ascending time, with their covariates row by row. */
export interface SortedData {
  readonly time: Float64Array;
  readonly event: Uint8Array;
  /** The number of covariates. */
  readonly width: number;
  /** Patient k's covariates at [k·width, (k + 1)·width). */
  readonly covariates: Float64Array;
  /** How many patients row k stands for; 1 each when absent. */
  readonly count?: Float64Array;
}

/** The log partial likelihood at a beta, its gradient (the score) and minus its Hessian. */
export interface LikelihoodPass {
  readonly loglik: number;
  readonly score: Float64Array;
  /** The information matrix, filled in its upper triangle only, as `choleskyFactor` reads it. */
  readonly information: SquareMatrix;
}

/**
 * Walks the patients from the last time to the first, so the risk set grows by the patients of each
 * time. At a time with d tied events, Efron's approximation removes the dying patients' share from the
 * risk set one d-th at a time; the sums are added in the order R adds them.
 */
export function likelihoodPass(data: SortedData, beta: Float64Array): LikelihoodPass {
  const { time, event, covariates: x, count } = data;
  const p = data.width;
  const score = new Float64Array(p);
  // Upper triangle: [j·p + i] for j ≤ i.
  const information = new Float64Array(p * p);
  // The risk set's sums (denom, a, cmat: lower triangle [i·p + j], j ≤ i) and the same sums over the
  // deaths of the current time (denom2, a2, cmat2).
  let denom = 0;
  const a = new Float64Array(p);
  const cmat = new Float64Array(p * p);
  const a2 = new Float64Array(p);
  const cmat2 = new Float64Array(p * p);
  let loglik = 0;

  let person = time.length - 1;
  while (person >= 0) {
    const now = time[person];
    let deaths = 0;
    let denom2 = 0;
    for (; person >= 0 && time[person] === now; person--) {
      const row = person * p;
      let zbeta = 0;
      for (let i = 0; i < p; i++) {
        zbeta += (beta[i] ?? 0) * (x[row + i] ?? 0);
      }
      const patients = count ? (count[person] ?? 1) : 1;
      const risk = patients * Math.exp(zbeta);
      const dies = event[person] === 1;
      if (dies) {
        deaths += patients;
        denom2 += risk;
        loglik += patients * zbeta;
      } else {
        denom += risk;
      }
      const sums = dies ? a2 : a;
      const squares = dies ? cmat2 : cmat;
      for (let i = 0; i < p; i++) {
        const xi = x[row + i] ?? 0;
        if (dies) {
          score[i] = (score[i] ?? 0) + patients * xi;
        }
        sums[i] = (sums[i] ?? 0) + risk * xi;
        const weighted = risk * xi;
        for (let j = 0; j <= i; j++) {
          squares[i * p + j] = (squares[i * p + j] ?? 0) + weighted * (x[row + j] ?? 0);
        }
      }
    }
    if (deaths === 0) {
      continue;
    }
    // One death is Breslow's term; d tied deaths are d terms, adding a d-th of their sums each time.
    for (let k = 0; k < deaths; k++) {
      denom += denom2 / deaths;
      loglik -= Math.log(denom);
      for (let i = 0; i < p; i++) {
        a[i] = (a[i] ?? 0) + (a2[i] ?? 0) / deaths;
        const mean = (a[i] ?? 0) / denom;
        score[i] = (score[i] ?? 0) - mean;
        for (let j = 0; j <= i; j++) {
          cmat[i * p + j] = (cmat[i * p + j] ?? 0) + (cmat2[i * p + j] ?? 0) / deaths;
          information[j * p + i] =
            (information[j * p + i] ?? 0) + ((cmat[i * p + j] ?? 0) - mean * (a[j] ?? 0)) / denom;
        }
      }
    }
    a2.fill(0);
    cmat2.fill(0);
  }
  return { loglik, score, information: new SquareMatrix(p, information) };
}
