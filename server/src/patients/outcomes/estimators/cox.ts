import { type ChiSquareTest, chiSquareTest, chiSquareUpperTail } from './chi-square.ts';
import { choleskyFactor, choleskySolve } from './cholesky.ts';
import { type CoxData, coxDataOf } from './cox-data.ts';
import { COX_CONTROL, newtonRaphson, type Prepared, prepare } from './cox-fit.ts';
import type { Observation } from './kaplan-meier.ts';
import { dot, entry, type SquareMatrix } from './linear-algebra.ts';
import { Z_95 } from './log-interval.ts';

export { COX_CONTROL } from './cox-fit.ts';

/**
 * The Cox proportional-hazards model exactly as R `survival` 3.5 fits it with
 * `coxph(Surv(time, status) ~ x1 + x2 + …, ties = "efron")` and the defaults of `coxph.control()`
 * (eps 1e-9, toler.chol = .Machine$double.eps^0.75, iter.max 20, toler.inf = sqrt(eps)): the
 * iterations of `coxfit6.c` (in `cox-fit.ts`), then what `coxph.fit` and `coxph` make of them (the
 * checks for NA and infinite coefficients, the Wald test at the estimate, the score test at beta = 0),
 * and per term `summary.coxph`'s columns: p = pchisq(z², 1, lower.tail = FALSE) (= 2·pnorm(−|z|)) and a
 * 95% interval exp(coef ± qnorm(0.975)·se). Where R warns or gives NA, this throws a `CoxModelError`.
 */

/** One patient: follow-up in whole days, the event, and the row of the design matrix. */
export interface CoxObservation extends Observation {
  readonly covariates: readonly number[];
}

/** One column of the design: its coefficient and what R's `summary` prints beside it. */
export interface CoxCoefficient {
  readonly coef: number;
  readonly se: number;
  /** exp(coef), the hazard ratio, with its 95% interval. */
  readonly hr: number;
  readonly hrLower: number;
  readonly hrUpper: number;
  readonly z: number;
  readonly p: number;
}

/** A fitted model: what `summary(coxph(...))` reports. */
export interface CoxModel {
  readonly n: number;
  readonly events: number;
  /** In the order of the design's columns. */
  readonly coefficients: readonly CoxCoefficient[];
  /** The log partial likelihood at beta = 0 and at the estimate. */
  readonly loglik: readonly [number, number];
  readonly tests: {
    readonly likelihoodRatio: ChiSquareTest;
    readonly wald: ChiSquareTest;
    readonly score: ChiSquareTest;
  };
  /** Newton–Raphson iterations, as R's `fit$iter`. */
  readonly iterations: number;
}

/** Why a model cannot be fitted. */
export type CoxFailure = 'noEvents' | 'tooManyTerms' | 'singular' | 'infinite' | 'notConverged';

/**
 * A model that cannot be reported: `columns` are the design's columns at fault (0-based), for
 * `singular` those R gives NA, for `infinite` those of R's "Loglik converged before variable …;
 * coefficient may be infinite".
 */
export class CoxModelError extends Error {
  override name = 'CoxModelError';

  constructor(
    readonly reason: CoxFailure,
    readonly columns: readonly number[],
    message: string,
  ) {
    super(message);
  }
}

/**
 * Fits the model, to patients one object each or in checked columns (`sortedCoxData`). Throws a
 * RangeError for malformed input (a time that is not whole days, rows of unequal width, a value that
 * is not finite, no column; for columns, `sortedCoxData` has refused these) and a `CoxModelError` for data the model cannot
 * be fitted to: no events; more terms than events or at least as many terms as patients; collinear
 * columns (R: NA); an estimate that runs off to infinity (a group without events); no convergence.
 */
export function coxph(input: readonly CoxObservation[] | CoxData): CoxModel {
  const data = prepare(coxDataOf(input));
  const { n, p, events } = data;
  if (events === 0) {
    throw new CoxModelError('noEvents', [], 'There are no events, so no hazard ratio can be estimated.');
  }
  if (p > events || p >= n) {
    throw new CoxModelError(
      'tooManyTerms',
      [],
      `The model has ${p} terms for ${n} patients with ${events} events; it needs fewer terms than patients and no more terms than events.`,
    );
  }
  const fit = newtonRaphson(data);
  const { beta, variance, score, rank } = fit;

  // coxph.fit's test for an infinite estimate: the Newton step still left, |u · var|, is not
  // negligible beside the coefficient although the log likelihood stopped changing.
  const remaining = Array.from({ length: p }, (_, j) => {
    let sum = 0;
    for (let i = 0; i < p; i++) {
      sum += entry(score, i) * variance.get(i, j);
    }
    return Math.abs(sum);
  });
  if (!fit.converged) {
    const infinite =
      linearPredictorAbove(data, beta, 500) || remaining.some((value) => !Number.isFinite(value));
    throw infinite
      ? new CoxModelError('infinite', [], 'The estimates did not converge and may be infinite.')
      : new CoxModelError(
          'notConverged',
          [],
          `The estimates did not converge in ${COX_CONTROL.iterMax} iterations.`,
        );
  }
  // coxph.fit: a column whose variance is 0 after a rank-deficient factorisation is NA in R.
  const singular = rank < p ? columnsWhere(p, (i) => variance.get(i, i) === 0) : [];
  if (singular.length > 0) {
    throw new CoxModelError(
      'singular',
      singular,
      `Columns ${singular.join(', ')} are collinear with the others.`,
    );
  }
  const infinite = columnsWhere(
    p,
    (i) =>
      !Number.isFinite(entry(score, i)) ||
      (entry(remaining, i) > COX_CONTROL.eps &&
        entry(remaining, i) > COX_CONTROL.tolerInf * Math.abs(entry(beta, i))),
  );
  if (infinite.length > 0) {
    throw new CoxModelError(
      'infinite',
      infinite,
      `The estimates of columns ${infinite.join(', ')} run off to infinity (a group without events?).`,
    );
  }

  const coefficients = Array.from({ length: p }, (_, i): CoxCoefficient => {
    const coef = entry(beta, i);
    const se = Math.sqrt(variance.get(i, i));
    const z = coef / se;
    return {
      coef,
      se,
      hr: Math.exp(coef),
      hrLower: Math.exp(coef - Z_95 * se),
      hrUpper: Math.exp(coef + Z_95 * se),
      z,
      p: chiSquareUpperTail(z * z, 1),
    };
  });
  const [initial, final] = fit.loglik;
  return {
    n,
    events,
    coefficients,
    loglik: fit.loglik,
    tests: {
      likelihoodRatio: chiSquareTest(2 * (final - initial), p),
      wald: chiSquareTest(waldStatistic(variance, beta), p),
      score: chiSquareTest(fit.scoreTest, p),
    },
    iterations: fit.iterations,
  };
}

/** Whether a patient's linear predictor, centred on the columns' means, exceeds a bound. */
function linearPredictorAbove(data: Prepared, beta: Float64Array, bound: number): boolean {
  const { original, p } = data;
  const centre = dot(data.means, beta);
  for (let row = 0; row < data.time.length; row++) {
    let predictor = 0;
    for (let i = 0; i < p; i++) {
      predictor += (original[row * p + i] ?? 0) * (beta[i] ?? 0);
    }
    if (predictor - centre > bound) {
      return true;
    }
  }
  return false;
}

/** `coxph.wtest`: bᵀ V⁻¹ b through the same generalised Cholesky. */
function waldStatistic(variance: SquareMatrix, beta: Float64Array): number {
  const factor = variance.copy();
  choleskyFactor(factor, COX_CONTROL.tolerChol);
  return dot(beta, choleskySolve(factor, beta));
}

function columnsWhere(p: number, test: (column: number) => boolean): number[] {
  return Array.from({ length: p }, (_, i) => i).filter(test);
}
