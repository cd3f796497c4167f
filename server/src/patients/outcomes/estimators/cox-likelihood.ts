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
 * The sums over the d tied events of one day that Efron's approximation adds (R `survival`'s `coxfit6`
 * and `zph1` add them one event at a time): the k-th event (k = 1…d) sees the risk set without the
 * dying patients and w_k = k/d of their share, D_k = denom + w_k · denom2, so that its mean of a
 * covariate is (a + w_k · a2) / D_k and its information (c + w_k · c2) / D_k minus the product of the
 * means. Summed over k, each is a combination of a, a2, c and c2 with these scalar sums as weights:
 * O(d) work for the day and O(p²) once, where the events one at a time cost O(d · p²) — on a day with
 * thirty deaths, most of a pass. The sums are R's to rounding (the fixtures hold them to 1e-6).
 */
export interface EfronSums {
  /** Σ log D_k. */
  readonly logs: number;
  /** Σ 1/D_k and Σ w_k/D_k: the weights of a and a2 in the summed means (of c and c2 in the information). */
  readonly s0: number;
  readonly s1: number;
  /** Σ 1/D_k², Σ w_k/D_k² and Σ w_k²/D_k²: the weights of a·aᵀ, a·a2ᵀ + a2·aᵀ and a2·a2ᵀ. */
  readonly t0: number;
  readonly t1: number;
  readonly t2: number;
}

export function efronSums(denom: number, denom2: number, deaths: number): EfronSums {
  let logs = 0;
  let s0 = 0;
  let s1 = 0;
  let t0 = 0;
  let t1 = 0;
  let t2 = 0;
  for (let k = 1; k <= deaths; k++) {
    const w = k / deaths;
    const d = denom + w * denom2;
    logs += Math.log(d);
    const inverse = 1 / d;
    const square = inverse * inverse;
    s0 += inverse;
    s1 += w * inverse;
    t0 += square;
    t1 += w * square;
    t2 += w * w * square;
  }
  return { logs, s0, s1, t0, t1, t2 };
}

/**
 * The information one day's events add to entry (i, j), from the risk set's sums without them (a, c)
 * and the dying patients' (a2, c2): Σ_k [(c + w_k c2) / D_k − (a_i + w_k a2_i)(a_j + w_k a2_j) / D_k²].
 */
export function efronInformation(
  sums: EfronSums,
  c: number,
  c2: number,
  ai: number,
  aj: number,
  a2i: number,
  a2j: number,
): number {
  return (
    c * sums.s0 + c2 * sums.s1 - (ai * aj * sums.t0 + (ai * a2j + a2i * aj) * sums.t1 + a2i * a2j * sums.t2)
  );
}

/**
 * Walks the patients from the last time to the first, so the risk set grows by the patients of each
 * time. At a time with d tied events, Efron's approximation removes the dying patients' share from the
 * risk set one d-th at a time (`efronSums`); a single event is Breslow's term, added as R adds it.
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
  const nonzero = nonzeroOf(x, p);

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
      // The row's nonzero covariates only: a zero adds exactly nothing to these sums.
      const last = nonzero.start[person + 1] ?? 0;
      for (let at = nonzero.start[person] ?? 0; at < last; at++) {
        const i = nonzero.index[at] ?? 0;
        const xi = x[row + i] ?? 0;
        if (dies) {
          score[i] = (score[i] ?? 0) + patients * xi;
        }
        sums[i] = (sums[i] ?? 0) + risk * xi;
        const weighted = risk * xi;
        for (let other = nonzero.start[person] ?? 0; other <= at; other++) {
          const j = nonzero.index[other] ?? 0;
          squares[i * p + j] = (squares[i * p + j] ?? 0) + weighted * (x[row + j] ?? 0);
        }
      }
    }
    if (deaths === 0) {
      continue;
    }
    if (deaths === 1) {
      // One death: its term exactly as R adds it, so that a fit at the edge of what rounding allows (a
      // covariate that separates the events) fails as R's does.
      denom += denom2;
      loglik -= Math.log(denom);
      for (let i = 0; i < p; i++) {
        a[i] = (a[i] ?? 0) + (a2[i] ?? 0);
        const mean = (a[i] ?? 0) / denom;
        score[i] = (score[i] ?? 0) - mean;
        for (let j = 0; j <= i; j++) {
          cmat[i * p + j] = (cmat[i * p + j] ?? 0) + (cmat2[i * p + j] ?? 0);
          information[j * p + i] =
            (information[j * p + i] ?? 0) + ((cmat[i * p + j] ?? 0) - mean * (a[j] ?? 0)) / denom;
        }
      }
      a2.fill(0);
      cmat2.fill(0);
      continue;
    }
    const efron = efronSums(denom, denom2, deaths);
    loglik -= efron.logs;
    for (let i = 0; i < p; i++) {
      const ai = a[i] ?? 0;
      const a2i = a2[i] ?? 0;
      score[i] = (score[i] ?? 0) - (ai * efron.s0 + a2i * efron.s1);
      for (let j = 0; j <= i; j++) {
        const cell = i * p + j;
        information[j * p + i] =
          (information[j * p + i] ?? 0) +
          efronInformation(efron, cmat[cell] ?? 0, cmat2[cell] ?? 0, ai, a[j] ?? 0, a2i, a2[j] ?? 0);
      }
    }
    // The day's events join the risk set of the earlier times.
    denom += denom2;
    for (let i = 0; i < p; i++) {
      a[i] = (a[i] ?? 0) + (a2[i] ?? 0);
      for (let j = 0; j <= i; j++) {
        cmat[i * p + j] = (cmat[i * p + j] ?? 0) + (cmat2[i * p + j] ?? 0);
      }
    }
    a2.fill(0);
    cmat2.fill(0);
  }
  return { loglik, score, information: new SquareMatrix(p, information) };
}

/** Each row's nonzero covariates: row k's indices, ascending, at [start[k], start[k + 1]) of `index`. */
interface Nonzero {
  readonly start: Uint32Array;
  readonly index: Uint16Array;
}

/** The nonzero covariates of each design, found once for all the passes over it. */
const nonzeros = new WeakMap<Float64Array, Nonzero>();

/**
 * The nonzero covariates of each row. A factor's columns are 0 or 1 and never centred (`prepare`), so a
 * row of a model on a factor of five levels, another of three and the age has at most three of seven
 * nonzero: the risk set's sums of squares, the bulk of a pass, take a fifth of the products. Skipping a
 * zero changes no sum by a bit (adding ±0 leaves a number as it is), so the pass is R's as before.
 */
function nonzeroOf(x: Float64Array, p: number): Nonzero {
  const known = nonzeros.get(x);
  if (known) {
    return known;
  }
  const rows = p > 0 ? x.length / p : 0;
  const start = new Uint32Array(rows + 1);
  let total = 0;
  for (let cell = 0; cell < x.length; cell++) {
    total += x[cell] === 0 ? 0 : 1;
  }
  const index = new Uint16Array(total);
  let at = 0;
  for (let row = 0; row < rows; row++) {
    start[row] = at;
    for (let i = 0; i < p; i++) {
      if (x[row * p + i] !== 0) {
        index[at++] = i;
      }
    }
  }
  start[rows] = at;
  const found = { start, index };
  nonzeros.set(x, found);
  return found;
}
