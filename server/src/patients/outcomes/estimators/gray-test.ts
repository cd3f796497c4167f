import { chiSquareUpperTail } from './chi-square.ts';
import type { CompetingObservation } from './cumulative-incidence.ts';
import { entry, SquareMatrix, solveFullRank } from './linear-algebra.ts';
import { endOfTime, type Tally, tallyGroups } from './tally.ts';

/**
 * Gray's test (Gray 1988, Ann Stat 16:1141) that the cumulative incidence of one cause is the same in
 * every group, exactly as R `cmprsk` 2.2-11 gives it in `cuminc(ftime, fstatus, group, rho = 0)$Tests`
 * without strata: the score and its variance of the Fortran routine `crstm`/`crst`, step by step, and
 * the statistic sᵀ V⁻¹ s on groups − 1 degrees of freedom. The p-value is the chi-square upper tail
 * computed directly; `cuminc` prints `1 - pchisq(stat, df)`, which is the same number until it rounds
 * to 0 below 1e-16.
 */

/** The statistic, its degrees of freedom and p-value (cuminc's `stat`, `df` and `pv`). */
export interface GrayTest {
  readonly stat: number;
  readonly df: number;
  readonly p: number;
}

/**
 * Compares the groups' cumulative incidence of `cause` (1 relapse, 2 death without relapse), the other
 * cause competing. Empty groups are left out, as `cuminc` drops unused levels. `null` where `cuminc`
 * has no test: fewer than two groups with patients, no event of that cause in any group (no row for
 * it), or a variance of less than full rank (cuminc's statistic −1).
 */
export function grayTest(
  groups: readonly (readonly CompetingObservation[])[],
  cause: 1 | 2,
): GrayTest | null {
  return grayTestOf(
    tallyGroups(groups, (observation) => observation.status),
    cause,
  );
}

/** The same for the groups of a tally (a group without entries is left out). */
export function grayTestOf(entries: Tally, cause: 1 | 2): GrayTest | null {
  // The groups with patients, renumbered 0 … ng − 1 in their order.
  const present = new Int32Array(entries.groups).fill(-1);
  let ng = 0;
  entries.size.forEach((patients, group) => {
    if (patients > 0) {
      present[group] = ng++;
    }
  });
  // crst's coding: 1 the cause of interest, 2 the competing one, 0 censored.
  const [ofCause, ofOther] =
    cause === 1 ? [entries.events, entries.competing] : [entries.competing, entries.events];
  if (ng < 2 || !ofCause.some((count) => count > 0)) {
    return null;
  }
  const { score, variance } = scoreAndVariance(entries, present, ng, ofCause, ofOther);
  const solution = solveFullRank(variance, score);
  if (!solution) {
    return null;
  }
  const stat = solution.reduce((sum, value, i) => sum + value * entry(score, i), 0);
  if (!Number.isFinite(stat)) {
    return null;
  }
  return { stat, df: ng - 1, p: chiSquareUpperTail(stat, ng - 1) };
}

/**
 * crst with rho = 0: the score of the first ng − 1 groups and its variance, `present` numbering each
 * group of the tally among those with patients, `ofCause` and `ofOther` each entry's events of the
 * cause and of the other.
 */
function scoreAndVariance(
  entries: Tally,
  present: Int32Array,
  ng: number,
  ofCause: Float64Array,
  ofOther: Float64Array,
): { score: Float64Array; variance: SquareMatrix } {
  const ng1 = ng - 1;
  const atRisk = new Float64Array(ng);
  entries.size.forEach((patients, group) => {
    const index = entry(present, group);
    if (index >= 0) {
      atRisk[index] = patients;
    }
  });
  const score = new Float64Array(ng1);
  const v = new SquareMatrix(ng1);
  // Per group: the cumulative incidence and the all-cause Kaplan–Meier just before (f1m, skmm) and just
  // after (f1, skm) the current time.
  const f1m = new Float64Array(ng);
  const f1 = new Float64Array(ng);
  const skmm = new Float64Array(ng).fill(1);
  const skm = new Float64Array(ng).fill(1);
  const v3 = new Float64Array(ng);
  // ng − 1 rows used.
  const v2 = new SquareMatrix(ng);
  const c = new SquareMatrix(ng);
  const a = new SquareMatrix(ng);
  let fm = 0;
  let f = 0;
  const d1 = new Float64Array(ng);
  const d2 = new Float64Array(ng);
  // Group k's column of crst's t1 at one time, for i < ng − 1.
  const w = new Float64Array(ng1);
  for (let from = 0; from < entries.length; ) {
    const to = endOfTime(entries, from);
    d1.fill(0);
    d2.fill(0);
    for (let at = from; at < to; at++) {
      const group = entry(present, entry(entries.group, at));
      d1[group] = entry(d1, group) + entry(ofCause, at);
      d2[group] = entry(d2, group) + entry(ofOther, at);
    }
    const nd1 = d1.reduce((sum, value) => sum + value, 0);
    const nd2 = d2.reduce((sum, value) => sum + value, 0);
    if (nd1 > 0 || nd2 > 0) {
      let tr = 0;
      let tq = 0;
      for (let i = 0; i < ng; i++) {
        const rs = entry(atRisk, i);
        if (rs <= 0) {
          continue;
        }
        skm[i] = (entry(skmm, i) * (rs - entry(d1, i) - entry(d2, i))) / rs;
        f1[i] = entry(f1m, i) + (entry(skmm, i) * entry(d1, i)) / rs;
        tr += rs / entry(skmm, i);
        tq += (rs * (1 - entry(f1m, i))) / entry(skmm, i);
      }
      f = fm + nd1 / tr;
      for (let i = 0; i < ng; i++) {
        for (let j = i; j < ng; j++) {
          a.set(i, j, 0);
        }
        const rs = entry(atRisk, i);
        if (rs <= 0) {
          continue;
        }
        const t1 = rs / entry(skmm, i);
        a.set(i, i, t1 * (1 - t1 / tr));
        c.add(i, i, (a.get(i, i) * nd1) / (tr * (1 - fm)));
        for (let j = i + 1; j < ng; j++) {
          if (entry(atRisk, j) <= 0) {
            continue;
          }
          a.set(i, j, (-t1 * entry(atRisk, j)) / (entry(skmm, j) * tr));
          c.add(i, j, (a.get(i, j) * nd1) / (tr * (1 - fm)));
        }
      }
      for (let i = 1; i < ng; i++) {
        for (let j = 0; j < i; j++) {
          a.set(i, j, a.get(j, i));
          c.set(i, j, c.get(j, i));
        }
      }
      for (let i = 0; i < ng1; i++) {
        const rs = entry(atRisk, i);
        if (rs > 0) {
          score[i] =
            entry(score, i) + (entry(d1, i) - (nd1 * rs * (1 - entry(f1m, i))) / (entry(skmm, i) * tq));
        }
      }
      if (nd1 > 0) {
        for (let k = 0; k < ng; k++) {
          const rs = entry(atRisk, k);
          if (rs <= 0) {
            continue;
          }
          const t4 = entry(skm, k) > 0 ? 1 - (1 - f) / entry(skm, k) : 1;
          const t5 = nd1 > 1 ? 1 - (nd1 - 1) / (tr * entry(skmm, k) - 1) : 1;
          const t3 = (t5 * entry(skmm, k) * nd1) / (tr * rs);
          v3[k] = entry(v3, k) + t4 * t4 * t3;
          for (let i = 0; i < ng1; i++) {
            w[i] = a.get(i, k) - t4 * c.get(i, k);
          }
          addOuter(v, v2, w, k, t4, t3);
        }
      }
      if (nd2 > 0) {
        for (let k = 0; k < ng; k++) {
          const rs = entry(atRisk, k);
          const deaths = entry(d2, k);
          if (entry(skm, k) <= 0 || deaths <= 0) {
            continue;
          }
          const t4 = (1 - f) / entry(skm, k);
          const t5 = deaths > 1 ? 1 - (deaths - 1) / (rs - 1) : 1;
          const t3 = (t5 * (entry(skmm, k) ** 2 * deaths)) / rs ** 2;
          v3[k] = entry(v3, k) + t4 * t4 * t3;
          for (let i = 0; i < ng1; i++) {
            w[i] = t4 * c.get(i, k);
          }
          addOuter(v, v2, w, k, -t4, t3);
        }
      }
    }
    for (let at = from; at < to; at++) {
      const group = entry(present, entry(entries.group, at));
      atRisk[group] =
        entry(atRisk, group) - entry(ofCause, at) - entry(ofOther, at) - entry(entries.censored, at);
    }
    from = to;
    fm = f;
    f1m.set(f1);
    skmm.set(skm);
  }

  for (let i = 0; i < ng1; i++) {
    for (let j = 0; j <= i; j++) {
      for (let k = 0; k < ng; k++) {
        v.add(i, j, c.get(i, k) * c.get(j, k) * entry(v3, k));
        v.add(i, j, c.get(i, k) * v2.get(j, k));
        v.add(i, j, c.get(j, k) * v2.get(i, k));
      }
      v.set(j, i, v.get(i, j));
    }
  }
  return { score, variance: v };
}

/**
 * crst's update of the variance by group k's column `w` at one time: v2[i, k] += w_i · t4 · t3 (t4
 * negated by the caller for the competing cause) and the lower triangle of v += w wᵀ · t3, each term
 * multiplied in crst's own order.
 */
function addOuter(
  v: SquareMatrix,
  v2: SquareMatrix,
  w: Float64Array,
  k: number,
  t4: number,
  t3: number,
): void {
  for (let i = 0; i < w.length; i++) {
    const t1 = entry(w, i);
    v2.add(i, k, t1 * t4 * t3);
    for (let j = 0; j <= i; j++) {
      v.add(i, j, t1 * entry(w, j) * t3);
    }
  }
}
