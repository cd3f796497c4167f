import {
  AGE_BANDS,
  COMPLETENESS_FIELDS,
  type FollowUpDueQuery,
  type FollowUpRow,
  type GroupBy,
  type Incidence,
  type IncidenceQuery,
  type OutcomeFilters,
  type Summary,
  type SummaryQuery,
  type Survival,
  type SurvivalQuery,
  seesAdminFields,
} from '@registry/shared';
import type { SQL } from 'drizzle-orm';
import { created, recordAudit } from '../../audit/record.ts';
import type { Actor } from '../../auth/actor.ts';
import type { AppContext } from '../../context.ts';
import { cancellable } from '../../db/cancellable.ts';
import type { Queryable } from '../../db/client.ts';
import { RefusedError } from '../../http/errors.ts';
import { type Page, toPage } from '../../http/paging.ts';
import { viewerOf } from '../patient-access.ts';
import { todayOf } from '../patient-rules.ts';
import {
  cumulativeIncidence,
  kaplanMeier,
  logRank,
  medianFollowUp,
  type Observation,
  survivalMedian,
} from './estimators/index.ts';
import { cohortSql, followUpCountSql, followUpDueSql, summarySql } from './outcomes-sql.ts';

/**
 * Follow-up and outcomes (docs/product-rules.md#outcomes): the cohort comes from the list's read model
 * in one statement, the numbers from the estimators, which match R's survival package. Every call is
 * audited as a read, with its filters.
 */

interface CohortRow {
  key: string | number | null;
  hasOrigin: boolean;
  osTime: number;
  osEvent: boolean;
  rfsTime: number;
  rfsEvent: boolean;
  cirTime: number;
  cirStatus: 0 | 1 | 2;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

async function rows<T>(db: Queryable, query: SQL): Promise<T[]> {
  return rowsOf<T>(await db.execute(query));
}

/** Group keys in ascending order, the patients without one last; age bands in their own order. */
function compareKeys(groupBy: GroupBy) {
  const rank = (key: string | number | null) =>
    groupBy === 'ageBand' ? (AGE_BANDS as readonly unknown[]).indexOf(key) : key;
  return (a: string | number | null, b: string | number | null): number => {
    if (a === b) {
      return 0;
    }
    if (a === null) {
      return 1;
    }
    if (b === null) {
      return -1;
    }
    const [x, y] = [rank(a), rank(b)] as [string | number, string | number];
    if (x < y) {
      return -1;
    }
    return x > y ? 1 : 0;
  };
}

/** The cohort's rows with an origin, by group, in the groups' order; and how many were left out. */
function grouped(cohort: readonly CohortRow[], groupBy: GroupBy) {
  const groups = new Map<string | number | null, CohortRow[]>();
  let noDiagnosisDate = 0;
  for (const row of cohort) {
    if (!row.hasOrigin) {
      noDiagnosisDate++;
      continue;
    }
    const members = groups.get(row.key);
    if (members) {
      members.push(row);
    } else {
      groups.set(row.key, [row]);
    }
  }
  const keys = [...groups.keys()].sort(compareKeys(groupBy));
  return { noDiagnosisDate, groups: keys.map((key) => ({ key, rows: groups.get(key) ?? [] })) };
}

/** Grouping by institution shows codes across institutions: admins only. */
function assertMayGroup(actor: Actor, groupBy: GroupBy): void {
  if (groupBy === 'institution' && !seesAdminFields(actor.principal)) {
    throw new RefusedError(403);
  }
}

async function audit(ctx: AppContext, actor: Actor, action: string, asked: object): Promise<void> {
  await recordAudit(ctx.db, actor, { action, entityType: 'outcomes', changes: created({ query: asked }) });
}

async function readCohort(
  ctx: AppContext,
  actor: Actor,
  filters: OutcomeFilters,
  groupBy: GroupBy,
  signal?: AbortSignal,
) {
  return cancellable(ctx.db, signal, (db) =>
    rows<CohortRow>(db, cohortSql(viewerOf(actor.principal), filters, groupBy)),
  );
}

/** Overall or relapse-free survival by Kaplan–Meier, per group, with the log-rank test between groups. */
export async function survival(
  ctx: AppContext,
  actor: Actor,
  query: SurvivalQuery,
  signal?: AbortSignal,
): Promise<Survival> {
  assertMayGroup(actor, query.groupBy);
  const { endpoint, groupBy, ...filters } = query;
  const cohort = await readCohort(ctx, actor, filters, groupBy, signal);
  const { noDiagnosisDate, groups } = grouped(cohort, groupBy);
  const observations = groups.map(({ key, rows: members }) => ({
    key,
    observations: members.map(
      (row): Observation =>
        endpoint === 'os'
          ? { time: row.osTime, event: row.osEvent }
          : { time: row.rfsTime, event: row.rfsEvent },
    ),
  }));
  await audit(ctx, actor, 'outcomes.survival', query);
  return {
    endpoint,
    groupBy,
    excluded: { noDiagnosisDate },
    groups: observations.map(({ key, observations: members }) => {
      const curve = kaplanMeier(members);
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
    logRank: groups.length < 2 ? null : toLogRank(logRank(observations.map((group) => group.observations))),
  };
}

function toLogRank(test: ReturnType<typeof logRank>): Survival['logRank'] {
  return test ? { chisq: test.chisq, df: test.df, p: test.p } : null;
}

/** The cumulative incidence of relapse, death without relapse competing, per group. */
export async function relapseIncidence(
  ctx: AppContext,
  actor: Actor,
  query: IncidenceQuery,
  signal?: AbortSignal,
): Promise<Incidence> {
  assertMayGroup(actor, query.groupBy);
  const { groupBy, ...filters } = query;
  const { noDiagnosisDate, groups } = grouped(
    await readCohort(ctx, actor, filters, groupBy, signal),
    groupBy,
  );
  await audit(ctx, actor, 'outcomes.relapse_incidence', query);
  return {
    groupBy,
    excluded: { noDiagnosisDate },
    groups: groups.map(({ key, rows: members }) => {
      const curve = cumulativeIncidence(members.map((row) => ({ time: row.cirTime, status: row.cirStatus })));
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
        })),
      };
    }),
  };
}

interface SummaryRow
  extends Record<Exclude<(typeof COMPLETENESS_FIELDS)[number], 'riskLevel'> | 'riskLevelPresent', number> {
  set: number;
  subtype: string | null;
  dx: string | null;
  institution: string | null;
  dxYear: number | null;
  riskLevel: string | null;
  n: number;
  relapses: number;
  deaths: number;
}

/**
 * The cohort in counts: by subtype, stage, institution (admins), year of diagnosis and risk level; its
 * relapses and deaths; its median follow-up (reverse Kaplan–Meier); how many patients have each key field.
 */
export async function summary(
  ctx: AppContext,
  actor: Actor,
  query: SummaryQuery,
  signal?: AbortSignal,
): Promise<Summary> {
  const viewer = viewerOf(actor.principal);
  const [counts, cohort] = await cancellable(ctx.db, signal, async (db, ensureWanted) => {
    const grouping = await rows<SummaryRow>(db, summarySql(viewer, query));
    ensureWanted();
    return [grouping, await rows<CohortRow>(db, cohortSql(viewer, query, 'none'))] as const;
  });
  // grouping() sets a bit for every column a row is not grouped by: 0b01111 is by subtype alone, and so on.
  const bySet = (set: number, key: (row: SummaryRow) => string | number | null, groupBy: GroupBy) =>
    counts
      .filter((row) => row.set === set)
      .map((row) => ({ key: key(row), n: row.n }))
      .sort((a, b) => compareKeys(groupBy)(a.key, b.key));
  const total = counts.find((row) => row.set === 0b11111);
  const followUp = medianFollowUp(
    cohort.filter((row) => row.hasOrigin).map((row) => ({ time: row.osTime, event: row.osEvent })),
  );
  await audit(ctx, actor, 'outcomes.summary', query);
  return {
    patients: total?.n ?? 0,
    bySubtype: bySet(0b01111, (row) => row.subtype, 'subtype'),
    byDx: bySet(0b10111, (row) => row.dx, 'dx'),
    ...(seesAdminFields(viewer)
      ? { byInstitution: bySet(0b11011, (row) => row.institution, 'institution') }
      : {}),
    byDxYear: bySet(0b11101, (row) => row.dxYear, 'dxYear'),
    byRiskLevel: bySet(0b11110, (row) => row.riskLevel, 'riskLevel'),
    relapses: total?.relapses ?? 0,
    deaths: total?.deaths ?? 0,
    followUp,
    completeness: COMPLETENESS_FIELDS.map((field) => ({
      field,
      n: (field === 'riskLevel' ? total?.riskLevelPresent : total?.[field]) ?? 0,
    })),
  };
}

interface FollowUpDbRow {
  id: string;
  identification: string;
  lastKnownAlive: string | null;
  doctorId: string;
  doctorFirstName: string;
  doctorLastName: string;
}

/** The patients due for follow-up: alive, with no news for more than `months` months, oldest first. */
export async function followUpDue(
  ctx: AppContext,
  actor: Actor,
  query: FollowUpDueQuery,
): Promise<Page<FollowUpRow>> {
  const viewer = viewerOf(actor.principal);
  const today = todayOf(actor.now);
  const [page, [count]] = await Promise.all([
    rows<FollowUpDbRow>(ctx.db, followUpDueSql(viewer, today, query.months, query.page, query.size)),
    rows<{ total: number }>(ctx.db, followUpCountSql(viewer, today, query.months)),
  ]);
  await audit(ctx, actor, 'outcomes.follow_up_due', query);
  return toPage(
    page.map((row) => ({
      id: row.id,
      identification: row.identification,
      lastKnownAlive: row.lastKnownAlive,
      doctor: { id: row.doctorId, first_name: row.doctorFirstName, last_name: row.doctorLastName },
    })),
    count?.total ?? 0,
    query.page,
    query.size,
  );
}
