import { describe, expect, it } from 'vitest';
import { type CoxObservation, coxph } from './cox.ts';
import { coxZph } from './cox-zph.ts';
import { type CompetingObservation, cumulativeIncidence } from './cumulative-incidence.ts';
import { medianFollowUp } from './follow-up.ts';
import { grayTest } from './gray-test.ts';
import { kaplanMeier, type Observation } from './kaplan-meier.ts';
import { atLandmark } from './landmark.ts';
import { logRankOrReason } from './log-rank.ts';

/**
 * A cohort read in counts (`n` patients share an observation) gives exactly the estimates of the same
 * patients one by one: the same curves, tests and medians, to the last bit, since each estimator only
 * ever adds whole counts; the Cox model's sums add n times a row's terms where the patients one by one
 * add the term n times, so it agrees to rounding.
 */

/** A small seeded generator (mulberry32), so that a failure names a cohort that can be made again. */
function generator(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4_294_967_296) * below);
  };
}

/** Counted observations of a few distinct values (many ties, as a registry in days has), and each one by one. */
function cohorts<T extends object>(seed: number, make: (random: (below: number) => number) => T) {
  const random = generator(seed);
  const counted = Array.from({ length: 1 + random(40) }, () => ({ ...make(random), n: 1 + random(6) }));
  const single = counted.flatMap(({ n, ...observation }) =>
    Array.from({ length: n }, () => observation as T),
  );
  return { counted, single };
}

const survivalOf = (random: (below: number) => number): Observation => ({
  time: random(30),
  event: random(3) > 0,
});
const competingOf = (random: (below: number) => number): CompetingObservation => ({
  time: random(30),
  status: random(3) as 0 | 1 | 2,
});

describe('observations in counts', () => {
  for (let seed = 1; seed <= 60; seed++) {
    it(`give the estimates of the patients one by one (cohort ${seed})`, () => {
      const groups = [0, 1, 2].map((group) => cohorts(seed * 10 + group, survivalOf));
      const [first] = groups;
      if (!first) {
        throw new Error('no cohort');
      }
      expect(kaplanMeier(first.counted)).toEqual(kaplanMeier(first.single));
      expect(medianFollowUp(first.counted)).toEqual(medianFollowUp(first.single));
      expect(kaplanMeier(atLandmark(first.counted, 5))).toEqual(kaplanMeier(atLandmark(first.single, 5)));
      expect(logRankOrReason(groups.map((group) => group.counted))).toEqual(
        logRankOrReason(groups.map((group) => group.single)),
      );
      const competing = [0, 1, 2].map((group) => cohorts(seed * 10 + group, competingOf));
      const [one] = competing;
      if (!one) {
        throw new Error('no cohort');
      }
      expect(cumulativeIncidence(one.counted)).toEqual(cumulativeIncidence(one.single));
      for (const cause of [1, 2] as const) {
        expect(
          grayTest(
            competing.map((group) => group.counted),
            cause,
          ),
        ).toEqual(
          grayTest(
            competing.map((group) => group.single),
            cause,
          ),
        );
      }
    });
  }
});

const coxOf = (random: (below: number) => number): CoxObservation => ({
  time: random(30),
  event: random(3) > 0,
  // A group (0/1, left as it is) and an age (centred and scaled), as the registry's models have.
  covariates: [random(2), 40 + random(40)],
});

/** The outcome of a fit: the model and its test of proportional hazards, or why it cannot be fitted. */
function fitted(observations: readonly CoxObservation[]) {
  try {
    const model = coxph(observations);
    return { model, zph: coxZph(observations, model) };
  } catch (error) {
    return { failure: (error as { reason?: string }).reason ?? String(error) };
  }
}

/** Every number of a fit's outcome, in order, to compare to rounding. */
function numbers(value: unknown): number[] {
  if (typeof value === 'number') {
    return [value];
  }
  if (value && typeof value === 'object') {
    return Object.values(value).flatMap(numbers);
  }
  return [];
}

describe('a Cox model of observations in counts', () => {
  for (let seed = 1; seed <= 40; seed++) {
    it(`is the model of the patients one by one (cohort ${seed})`, () => {
      const { counted, single } = cohorts(seed, coxOf);
      const [ofCounted, ofSingle] = [fitted(counted), fitted(single)];
      expect(ofCounted.failure).toBe(ofSingle.failure);
      if (ofSingle.model) {
        expect(ofCounted.model?.n).toBe(ofSingle.model.n);
        expect(ofCounted.model?.events).toBe(ofSingle.model.events);
        expect(ofCounted.model?.iterations).toBe(ofSingle.model.iterations);
      }
      const [a, b] = [numbers(ofCounted), numbers(ofSingle)];
      expect(a).toHaveLength(b.length);
      a.forEach((value, index) => {
        const expected = b[index] ?? Number.NaN;
        expect(Math.abs(value - expected)).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(expected)));
      });
    });
  }
});
