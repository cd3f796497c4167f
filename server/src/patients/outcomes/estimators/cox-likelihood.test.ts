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

/**
 * Efron's likelihood written out one event at a time, as the textbooks give it (Therneau & Grambsch,
 * Modeling Survival Data, 2000, §3.3): at a day with d deaths, the k-th (k = 0…d−1) sees the risk set
 * less k/d of the dying patients' share. Its score and information by the same sums, term by term.
 */
function efronOneAtATime(
  rows: readonly { time: number; event: boolean; x: readonly number[] }[],
  beta: readonly number[],
) {
  const p = beta.length;
  const score = new Array<number>(p).fill(0);
  const information = Array.from({ length: p }, () => new Array<number>(p).fill(0));
  let loglik = 0;
  const risk = (x: readonly number[]) =>
    Math.exp(x.reduce((sum, value, i) => sum + value * (beta[i] ?? 0), 0));
  for (const day of new Set(rows.filter((row) => row.event).map((row) => row.time))) {
    const atRisk = rows.filter((row) => row.time >= day);
    const dying = atRisk.filter((row) => row.time === day && row.event);
    const d = dying.length;
    for (const row of dying) {
      loglik += Math.log(risk(row.x));
      row.x.forEach((value, i) => {
        score[i] = (score[i] ?? 0) + value;
      });
    }
    for (let k = 0; k < d; k++) {
      const share = (row: { time: number; event: boolean }) =>
        row.time === day && row.event ? 1 - k / d : 1;
      const weight = atRisk.map((row) => share(row) * risk(row.x));
      const total = weight.reduce((sum, value) => sum + value, 0);
      const mean = Array.from(
        { length: p },
        (_, i) => atRisk.reduce((sum, row, r) => sum + (weight[r] ?? 0) * (row.x[i] ?? 0), 0) / total,
      );
      loglik -= Math.log(total);
      for (let i = 0; i < p; i++) {
        score[i] = (score[i] ?? 0) - (mean[i] ?? 0);
        for (let j = 0; j < p; j++) {
          const second =
            atRisk.reduce((sum, row, r) => sum + (weight[r] ?? 0) * (row.x[i] ?? 0) * (row.x[j] ?? 0), 0) /
            total;
          const cell = information[i] ?? [];
          cell[j] = (cell[j] ?? 0) + second - (mean[i] ?? 0) * (mean[j] ?? 0);
        }
      }
    }
  }
  return { loglik, score, information };
}

describe('Efron’s sums over a day’s tied events', () => {
  it('equal the events taken one at a time, on days with many deaths and with one', () => {
    // 120 patients over 6 days: up to a few dozen deaths on a day, censored patients on the same days.
    let seed = 11;
    const random = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    const rows = Array.from({ length: 120 }, (_, k) => ({
      time: k < 4 ? 10 + k : Math.floor(random() * 6),
      event: random() < 0.7,
      x: [random() < 0.4 ? 1 : 0, random() * 3 - 1.5],
    }));
    const beta = [0.4, -0.7];
    const order = [...rows.keys()].sort((a, b) => (rows[a]?.time ?? 0) - (rows[b]?.time ?? 0));
    const sorted = order.map((index) => rows[index] as (typeof rows)[number]);
    const pass = likelihoodPass(
      {
        time: Float64Array.from(sorted, (row) => row.time),
        event: Uint8Array.from(sorted, (row) => (row.event ? 1 : 0)),
        width: 2,
        covariates: Float64Array.from(sorted.flatMap((row) => row.x)),
      },
      Float64Array.from(beta),
    );
    const expected = efronOneAtATime(rows, beta);
    const close = (actual: number, wanted: number) =>
      expect(Math.abs(actual - wanted)).toBeLessThanOrEqual(1e-12 * Math.max(1, Math.abs(wanted)));
    close(pass.loglik, expected.loglik);
    for (let i = 0; i < 2; i++) {
      close(pass.score[i] ?? Number.NaN, expected.score[i] ?? 0);
      for (let j = i; j < 2; j++) {
        close(pass.information.get(i, j), expected.information[i]?.[j] ?? 0);
      }
    }
  });
});
