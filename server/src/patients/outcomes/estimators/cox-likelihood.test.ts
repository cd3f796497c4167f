import { describe, expect, it } from 'vitest';
import { likelihoodPass } from './cox-likelihood.ts';

// Three patients: two die on day 1 (x = 1 and x = 0), the third on day 2 (x = 0).
const data = {
  time: Float64Array.of(1, 1, 2),
  event: Uint8Array.of(1, 1, 1),
  width: 1,
  covariates: Float64Array.of(1, 0, 0),
};

describe('one pass of the Cox partial likelihood', () => {
  it('counts two deaths on one day by Efron’s approximation, not Breslow’s', () => {
    // Efron at beta = 0: the second death's risk set holds half of each dying patient:
    // log L = −log 3 − log(3 − 1) − log 1 = −log 6 (Breslow: −2 log 3).
    expect(likelihoodPass(data, Float64Array.of(0)).loglik).toBeCloseTo(-Math.log(6), 14);
  });

  it('has the score and information of Efron’s likelihood at a beta', () => {
    const beta = 0.7;
    const r = Math.exp(beta);
    // log L(b) = b − log(r + 2) − log((r + 2) − (r + 1)/2), differentiated by hand.
    const mean1 = r / (r + 2);
    const mean2 = r / 2 / ((r + 3) / 2);
    const pass = likelihoodPass(data, Float64Array.of(beta));
    expect(pass.loglik).toBeCloseTo(beta - Math.log(r + 2) - Math.log((r + 3) / 2), 14);
    expect(pass.score[0]).toBeCloseTo(1 - mean1 - mean2, 14);
    expect(pass.information.get(0, 0)).toBeCloseTo(mean1 * (1 - mean1) + mean2 * (1 - mean2), 14);
  });
});
