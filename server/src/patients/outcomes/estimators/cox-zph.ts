import { type ChiSquareTest, chiSquareTest } from './chi-square.ts';
import type { CoxModel, CoxObservation } from './cox.ts';
import { type CoxData, coxDataOf } from './cox-data.ts';
import { efronInformation, efronSums } from './cox-likelihood.ts';
import { dot, SquareMatrix, solveLinear, vectorOf } from './linear-algebra.ts';

/**
 * The global test of proportional hazards exactly as R `survival` 3.5 gives it in the `GLOBAL` row of
 * `cox.zph(fit)` with its defaults (`transform = "km"`, `terms = TRUE`, `global = TRUE`), for a model
 * fitted by `coxph` with Efron's ties: the score test, at the fitted beta, of adding g(t)·x for every
 * column x, where g is one minus the left-continuous Kaplan–Meier curve of all patients, centred on its
 * mean over the events (`cox.zph.R` and the C routine `zph1.c`). The degrees of freedom are the model's
 * columns; `terms = TRUE` only groups the per-term rows, which are not computed here.
 */

/**
 * The test for the patients the model was fitted to, with the model's coefficients. `null` where R's
 * `solve` stops because the information matrix is singular: every event on one day, so that g(t) is
 * the same for all of them and carries no information about time. A row may stand for several patients
 * who share it (`n`): it adds what they would, one by one.
 */
export function coxZph(input: readonly CoxObservation[] | CoxData, model: CoxModel): ChiSquareTest | null {
  const p = model.coefficients.length;
  const data = coxDataOf(input);
  if (data.width !== p) {
    throw new RangeError(`Every row of the design needs the model's ${p} columns.`);
  }
  const { time, event, count } = data;
  // n rows for `patients` patients.
  const n = time.length;
  let patients = 0;
  const beta = model.coefficients.map((coefficient) => coefficient.coef);
  // zph1 recentres every column on its plain mean; the risk scores come from the model's linear
  // predictor, centred so that exp cannot overflow (the centring cancels in every ratio).
  const x = data.covariates.slice();
  const eta = new Float64Array(n);
  const means = new Float64Array(p);
  for (let k = 0; k < n; k++) {
    patients += count[k] ?? 1;
    for (let i = 0; i < p; i++) {
      const value = x[k * p + i] ?? 0;
      means[i] = (means[i] ?? 0) + (count[k] ?? 1) * value;
      eta[k] = (eta[k] ?? 0) + value * (beta[i] ?? 0);
    }
  }
  const centre = eta.reduce((sum, value, k) => sum + (count[k] ?? 1) * value, 0) / patients;
  const risk = eta.map((value) => Math.exp(value - centre));
  for (let cell = 0; cell < n * p; cell++) {
    x[cell] = (x[cell] ?? 0) - (means[cell % p] ?? 0) / patients;
  }
  const g = timeTransform(time, event, count);

  // The score of the 2p-column model (x, g·x) at (beta, 0) and its information (upper triangle of
  // each block, [row · 2p + column]), accumulated from the last time backwards, Efron's way at tied
  // events, as zph1 does. a and cmat (lower triangle) are the risk set's sums, a2 and cmat2 the deaths'.
  const q = 2 * p;
  const u = new Float64Array(q);
  const imat = new Float64Array(q * q);
  let denom = 0;
  const a = new Float64Array(p);
  const cmat = new Float64Array(p * p);
  const a2 = new Float64Array(p);
  const cmat2 = new Float64Array(p * p);
  let person = n - 1;
  while (person >= 0) {
    const now = time[person];
    const weight = g[person] ?? 0;
    let deaths = 0;
    let denom2 = 0;
    for (; person >= 0 && time[person] === now; person--) {
      const share = count[person] ?? 1;
      const r = share * (risk[person] ?? 0);
      const dies = event[person] === 1;
      if (dies) {
        deaths += share;
        denom2 += r;
      } else {
        denom += r;
      }
      const sums = dies ? a2 : a;
      const squares = dies ? cmat2 : cmat;
      const row = person * p;
      for (let i = 0; i < p; i++) {
        const xi = x[row + i] ?? 0;
        if (dies) {
          u[i] = (u[i] ?? 0) + share * xi;
          u[i + p] = (u[i + p] ?? 0) + share * weight * xi;
        }
        const weighted = r * xi;
        sums[i] = (sums[i] ?? 0) + weighted;
        for (let j = 0; j <= i; j++) {
          squares[i * p + j] = (squares[i * p + j] ?? 0) + weighted * (x[row + j] ?? 0);
        }
      }
    }
    if (deaths === 1) {
      // One death: its terms exactly as zph1 adds them.
      denom += denom2;
      for (let i = 0; i < p; i++) {
        a[i] = (a[i] ?? 0) + (a2[i] ?? 0);
        const mean = (a[i] ?? 0) / denom;
        u[i] = (u[i] ?? 0) - mean;
        u[i + p] = (u[i + p] ?? 0) - weight * mean;
        for (let j = 0; j <= i; j++) {
          cmat[i * p + j] = (cmat[i * p + j] ?? 0) + (cmat2[i * p + j] ?? 0);
          const term = ((cmat[i * p + j] ?? 0) - mean * (a[j] ?? 0)) / denom;
          imat[j * q + i] = (imat[j * q + i] ?? 0) + term;
          imat[j * q + i + p] = (imat[j * q + i + p] ?? 0) + weight * term;
          imat[(j + p) * q + i + p] = (imat[(j + p) * q + i + p] ?? 0) + weight * weight * term;
        }
      }
      a2.fill(0);
      cmat2.fill(0);
      continue;
    }
    if (deaths > 0) {
      // The day's events, Efron's way (`efronSums`): each event's mean and information, summed; g(t)
      // is the same for all of them.
      const efron = efronSums(denom, denom2, deaths);
      for (let i = 0; i < p; i++) {
        const ai = a[i] ?? 0;
        const a2i = a2[i] ?? 0;
        const means = ai * efron.s0 + a2i * efron.s1;
        u[i] = (u[i] ?? 0) - means;
        u[i + p] = (u[i + p] ?? 0) - weight * means;
        for (let j = 0; j <= i; j++) {
          const cell = i * p + j;
          const term = efronInformation(
            efron,
            cmat[cell] ?? 0,
            cmat2[cell] ?? 0,
            ai,
            a[j] ?? 0,
            a2i,
            a2[j] ?? 0,
          );
          imat[j * q + i] = (imat[j * q + i] ?? 0) + term;
          imat[j * q + i + p] = (imat[j * q + i + p] ?? 0) + weight * term;
          imat[(j + p) * q + i + p] = (imat[(j + p) * q + i + p] ?? 0) + weight * weight * term;
        }
      }
    }
    // The day's patients who died join the risk set of the earlier times.
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
  const information = new SquareMatrix(q, imat);
  // zph1's fill of the symmetric rest.
  for (let i = 0; i < p; i++) {
    for (let j = 0; j < i; j++) {
      information.set(i, j, information.get(j, i));
      information.set(i, j + p, information.get(j, i + p));
      information.set(i + p, j + p, information.get(j + p, i + p));
    }
  }
  for (let i = 0; i < p; i++) {
    for (let j = 0; j < p; j++) {
      information.set(i + p, j, information.get(j, i + p));
    }
  }

  // The global test: the first p scores are 0 at the fitted beta (R sets them so).
  const score = vectorOf(q, (i) => (i < p ? 0 : (u[i] ?? 0)));
  const solution = solveLinear(information, score);
  return solution ? chiSquareTest(dot(solution, score), p) : null;
}

/**
 * transform = "km": 1 − S(t−), S the Kaplan–Meier curve of all patients just before each patient's
 * time (`kaplan-meier.ts`'s product, over the patients already in time order), minus its mean over the
 * patients with an event.
 */
function timeTransform(time: Float64Array, event: Uint8Array, count: Float64Array): Float64Array {
  const n = time.length;
  const transformed = new Float64Array(n);
  let atRisk = 0;
  for (let k = 0; k < n; k++) {
    atRisk += count[k] ?? 1;
  }
  let sum = 0;
  let events = 0;
  let before = 1;
  let k = 0;
  // One step per distinct time: its patients get the curve before it, then the curve takes the step.
  while (k < n) {
    const now = time[k];
    let died = 0;
    let leaving = 0;
    for (; k < n && time[k] === now; k++) {
      transformed[k] = 1 - before;
      leaving += count[k] ?? 1;
      if (event[k] === 1) {
        died += count[k] ?? 1;
        sum += (count[k] ?? 1) * (1 - before);
        events += count[k] ?? 1;
      }
    }
    if (died > 0) {
      before *= (atRisk - died) / atRisk;
    }
    atRisk -= leaving;
  }
  const mean = sum / events;
  return transformed.map((value) => value - mean);
}
