import {
  COMPLETENESS_FIELDS,
  type FollowUpDueQuery,
  type FollowUpRow,
  type GroupBy,
  type Summary,
  type SummaryQuery,
  seesAdminFields,
} from '@registry/shared';
import type { Actor } from '../../auth/actor.ts';
import type { AppContext } from '../../context.ts';
import { cancellable } from '../../db/cancellable.ts';
import { type Page, toPage } from '../../http/paging.ts';
import { viewerOf } from '../patient-access.ts';
import { todayOf } from '../patient-rules.ts';
import { audit, cohortColumns, compareKeys, type EndpointRow, rows, tallyByGroup } from './cohort.ts';
import { SURVIVAL_ENDPOINTS } from './endpoints.ts';
import { medianFollowUpOf } from './estimators/index.ts';
import {
  cohortSql,
  endpointColumns,
  followUpCountSql,
  followUpDueSql,
  groupingOf,
  type SummarySet,
  summarySql,
} from './outcomes-sql.ts';

/**
 * Follow-up and the cohort's summary (docs/product-rules.md#outcomes): counts from the list's read model
 * in one statement, the median follow-up from the estimators. Every call is audited as a read, with its
 * filters. The curves are in `survival.service.ts`, the comparisons in `comparisons.service.ts`.
 */

interface SummaryRow extends Record<`present:${(typeof COMPLETENESS_FIELDS)[number]}`, number> {
  set: number;
  subtype: string | null;
  dx: string | null;
  institution: string | null;
  dxYear: number | null;
  riskLevel: string | null;
  eln2022: string | null;
  eln2024: string | null;
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
  // Two statements, each on a connection of its own: the counts, and the overall survival's cohort for
  // the median follow-up.
  const os = cohortSql(viewer, query, 'none', endpointColumns(SURVIVAL_ENDPOINTS.os));
  const [counts, cohort] = await Promise.all([
    cancellable(ctx.db, signal, (db) => rows<SummaryRow>(db, summarySql(viewer, query))),
    cancellable(ctx.db, signal, (db) => cohortColumns<EndpointRow>(db, os)),
  ]);
  const bySet = (set: SummarySet, key: (row: SummaryRow) => string | number | null, groupBy: GroupBy) =>
    counts
      .filter((row) => row.set === groupingOf(set))
      .map((row) => ({ key: key(row), n: row.n }))
      .sort((a, b) => compareKeys(groupBy)(a.key, b.key));
  const total = counts.find((row) => row.set === groupingOf('total'));
  // One group, 0, of every patient observed (none when the cohort is empty: no follow-up then).
  const followUp = medianFollowUpOf(tallyByGroup(cohort, 'none', null).entries, 0);
  await audit(ctx, actor, 'outcomes.summary', query);
  return {
    patients: total?.n ?? 0,
    bySubtype: bySet('subtype', (row) => row.subtype, 'subtype'),
    byDx: bySet('dx', (row) => row.dx, 'dx'),
    ...(seesAdminFields(viewer)
      ? { byInstitution: bySet('institution', (row) => row.institution, 'institution') }
      : {}),
    byDxYear: bySet('dxYear', (row) => row.dxYear, 'dxYear'),
    byRiskLevel: bySet('riskLevel', (row) => row.riskLevel, 'riskLevel'),
    byEln2022: bySet('eln2022', (row) => row.eln2022, 'eln2022'),
    byEln2024: bySet('eln2024', (row) => row.eln2024, 'eln2024'),
    relapses: total?.relapses ?? 0,
    deaths: total?.deaths ?? 0,
    followUp,
    completeness: COMPLETENESS_FIELDS.map((field) => ({
      field,
      n: total?.[`present:${field}`] ?? 0,
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

/**
 * How many patients are due for follow-up (CONTRACT §9): the menu's badge. It names no patient, so it is
 * not audited (the list is).
 */
export async function followUpDueCount(ctx: AppContext, actor: Actor, months: number): Promise<number> {
  const [count] = await rows<{ total: number }>(
    ctx.db,
    followUpCountSql(viewerOf(actor.principal), todayOf(actor.now), months),
  );
  return count?.total ?? 0;
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
