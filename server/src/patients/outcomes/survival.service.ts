import type { Incidence, IncidenceQuery, Survival, SurvivalQuery } from '@registry/shared';
import type { Actor } from '../../auth/actor.ts';
import type { AppContext } from '../../context.ts';
import { assertMayGroup, audit, readEndpointColumns, tallyByGroup } from './cohort.ts';
import { INCIDENCE_ENDPOINTS, SURVIVAL_ENDPOINTS } from './endpoints.ts';
import {
  cumulativeIncidenceOf,
  grayTestOf,
  kaplanMeierOf,
  logRankOfTally,
  survivalMedian,
  type Tally,
  withoutGroup,
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
  const cohort = await readEndpointColumns(
    ctx,
    actor,
    filters,
    groupBy,
    SURVIVAL_ENDPOINTS[endpoint],
    signal,
  );
  const { keys, entries, excluded } = tallyByGroup(cohort, groupBy, landmark ?? null);
  await audit(ctx, actor, 'outcomes.survival', query);
  return {
    endpoint,
    groupBy,
    landmark: landmark ?? null,
    excluded,
    groups: keys.map((key, group) => {
      const curve = kaplanMeierOf(entries, group);
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
    ...logRankOf(testedGroups(keys, entries)),
  };
}

/**
 * What the tests between the groups compare (CONTRACT §9, amended 2026-11-29): the groups with a value.
 * The patients without one (key null, last) keep their curve but are left out of the log-rank and Gray's
 * tests, as R's `survdiff` and `cmprsk::cuminc` leave out a missing factor (`na.action = na.omit`); the
 * Cox model leaves them out as well (comparisons.service.ts).
 */
export function testedGroups(keys: readonly (string | number | null)[], entries: Tally): Tally {
  const unknown = keys.indexOf(null);
  return unknown < 0 ? entries : withoutGroup(entries, unknown);
}

/** The log-rank test of the groups, or why there is none, as the answer carries them. */
function logRankOf(entries: Tally): Pick<Survival, 'logRank' | 'noLogRank'> {
  const test = logRankOfTally(entries);
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
  const cohort = await readEndpointColumns(ctx, actor, filters, groupBy, INCIDENCE_ENDPOINTS[from], signal);
  const { keys, entries, excluded } = tallyByGroup(cohort, groupBy, null);
  await audit(ctx, actor, 'outcomes.relapse_incidence', query);
  const compared = testedGroups(keys, entries);
  const test = (cause: 1 | 2) => (keys.length >= 2 ? grayTestOf(compared, cause) : null);
  return {
    groupBy,
    from,
    excluded,
    groups: keys.map((key, group) => {
      const curve = cumulativeIncidenceOf(entries, group);
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
