import type { Incidence, IncidenceQuery, Survival, SurvivalQuery } from '@registry/shared';
import type { Actor } from '../../auth/actor.ts';
import type { AppContext } from '../../context.ts';
import { assertMayGroup, audit, byGroup, groupKeyOf, observe, readEndpoint, survivalOf } from './cohort.ts';
import { INCIDENCE_ENDPOINTS, SURVIVAL_ENDPOINTS } from './endpoints.ts';
import {
  atLandmark,
  type CompetingObservation,
  cumulativeIncidence,
  grayTest,
  kaplanMeier,
  logRankOrReason,
  type Observation,
  survivalMedian,
} from './estimators/index.ts';

/** Survival of an endpoint by Kaplan–Meier, per group, with the log-rank test between the groups. */
export async function survival(
  ctx: AppContext,
  actor: Actor,
  query: SurvivalQuery,
  signal?: AbortSignal,
): Promise<Survival> {
  assertMayGroup(actor, query.groupBy);
  const { endpoint, groupBy, landmark, ...filters } = query;
  const observed = observe(
    await readEndpoint(ctx, actor, filters, groupBy, SURVIVAL_ENDPOINTS[endpoint], signal),
  );
  const excluded = { ...observed.excluded, beforeLandmark: 0 };
  const entered: { key: string | number | null; observation: Observation }[] = [];
  for (const row of observed.entries) {
    // At a landmark, only the patients still at risk then, their times from it.
    const observation = survivalOf(row);
    const [kept] = landmark ? atLandmark([observation], landmark) : [observation];
    if (!kept) {
      excluded.beforeLandmark += row.n;
      continue;
    }
    entered.push({ key: groupKeyOf(row, groupBy, landmark ?? null), observation: kept });
  }
  const groups = byGroup(entered, (member) => member.key, groupBy).map(({ key, members }) => ({
    key,
    observations: members.map((member) => member.observation),
  }));
  await audit(ctx, actor, 'outcomes.survival', query);
  return {
    endpoint,
    groupBy,
    landmark: landmark ?? null,
    excluded,
    groups: groups.map(({ key, observations }) => {
      const curve = kaplanMeier(observations);
      const median = survivalMedian(curve.steps);
      return {
        key,
        n: curve.n,
        events: curve.events,
        median: median.median,
        medianLower: median.lower,
        medianUpper: median.upper,
        steps: [...curve.steps],
      };
    }),
    ...logRankOf(groups.map((group) => group.observations)),
  };
}

/** The log-rank test of the groups, or why there is none, as the answer carries them. */
function logRankOf(groups: readonly (readonly Observation[])[]): Pick<Survival, 'logRank' | 'noLogRank'> {
  const test = logRankOrReason(groups);
  return typeof test === 'string'
    ? { logRank: null, noLogRank: test }
    : { logRank: { chisq: test.chisq, df: test.df, p: test.p }, noLogRank: null };
}

/**
 * The cumulative incidence of relapse from the diagnosis or from the first CR, death without relapse
 * competing (its incidence is the non-relapse mortality), per group, with Gray's tests between groups.
 */
export async function relapseIncidence(
  ctx: AppContext,
  actor: Actor,
  query: IncidenceQuery,
  signal?: AbortSignal,
): Promise<Incidence> {
  assertMayGroup(actor, query.groupBy);
  const { groupBy, from, ...filters } = query;
  const observed = observe(
    await readEndpoint(ctx, actor, filters, groupBy, INCIDENCE_ENDPOINTS[from], signal),
  );
  const excluded = { ...observed.excluded, beforeLandmark: 0 };
  const groups = byGroup(observed.entries, (row) => groupKeyOf(row, groupBy, null), groupBy).map(
    ({ key, members }) => ({
      key,
      observations: members.map(
        (row): CompetingObservation => ({ time: row.time, status: row.status, n: row.n }),
      ),
    }),
  );
  await audit(ctx, actor, 'outcomes.relapse_incidence', query);
  const observations = groups.map((group) => group.observations);
  const test = (cause: 1 | 2) => (groups.length >= 2 ? grayTest(observations, cause) : null);
  return {
    groupBy,
    from,
    excluded,
    groups: groups.map(({ key, observations: members }) => {
      const curve = cumulativeIncidence(members);
      return {
        key,
        n: curve.n,
        relapses: curve.events,
        competingDeaths: curve.competing,
        steps: curve.steps.map((step) => ({
          time: step.time,
          atRisk: step.atRisk,
          relapses: step.events,
          deaths: step.competing,
          censored: step.censored,
          incidence: step.incidence,
          incidenceLower: step.incidenceLower,
          incidenceUpper: step.incidenceUpper,
          nrm: step.nrm,
          nrmLower: step.nrmLower,
          nrmUpper: step.nrmUpper,
        })),
      };
    }),
    grayTest: test(1),
    grayTestNrm: test(2),
  };
}
