import {
  AGE_BANDS,
  ELN2022_CATEGORIES,
  type GroupBy,
  type OutcomeFilters,
  type Risk,
  type SurvivalEndpoint,
  seesAdminFields,
} from '@registry/shared';
import type { SQL } from 'drizzle-orm';
import { created, recordAudit } from '../../audit/record.ts';
import type { Actor } from '../../auth/actor.ts';
import type { AppContext } from '../../context.ts';
import { cancellable } from '../../db/cancellable.ts';
import type { Queryable } from '../../db/client.ts';
import { RefusedError } from '../../http/errors.ts';
import { viewerOf } from '../patient-access.ts';
import {
  lacksResponseDate,
  mrdGroup,
  originOf,
  type PatientDays,
  survivalObservation,
  transplantGroup,
} from './endpoints.ts';
import type { Observation } from './estimators/index.ts';
import { cohortSql } from './outcomes-sql.ts';

/**
 * The cohort of an outcomes call (docs/product-rules.md#outcomes): one statement over the list's read
 * model, under the list's own conditions, then the patients by group in the groups' order.
 */

/** A patient of the cohort as `cohortSql` answers it. */
export interface CohortRow extends PatientDays {
  readonly key: string | number | null;
  readonly hasOrigin: boolean;
  readonly mrdNegativeInCR: boolean | null;
  readonly transplantType: string | null;
  readonly transplantDay: number | null;
  readonly firstResponse: string | null;
  readonly age: number | null;
  readonly eln2022: string;
  readonly dx: string | null;
  readonly patientFit: string | null;
  readonly gender: string | null;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export async function rows<T>(db: Queryable, query: SQL): Promise<T[]> {
  return rowsOf<T>(await db.execute(query));
}

/**
 * Groups whose values have an order of their own come in it: age bands from the youngest, risk from
 * low to high then the unassessed, the ELN 2022 categories from favorable to adverse then the
 * unclassified, transplants allogeneic, autologous, none; MRD negative then positive; the others in
 * ascending order of their key. Patients without a value come last.
 */
const ORDERED_GROUPS: Partial<Record<GroupBy, readonly string[]>> = {
  ageBand: AGE_BANDS,
  riskLevel: ['Bajo', 'Medio', 'Alto', 'N/R', 'N/A'] satisfies readonly Risk[],
  eln2022: ELN2022_CATEGORIES,
  transplant: ['allo', 'auto', 'none'],
  mrd: ['negative', 'positive'],
};

export function compareKeys(groupBy: GroupBy) {
  const order = ORDERED_GROUPS[groupBy];
  const rank = (key: string | number | null) => (order ? order.indexOf(key as string) : key);
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

/**
 * The key of a patient's group. Transplant and MRD are judged here: the transplant at the landmark
 * when one is given, counted from the endpoint's origin.
 */
export function groupKeyOf(row: CohortRow, groupBy: GroupBy, origin: number, landmark: number | null) {
  if (groupBy === 'transplant') {
    return transplantGroup({ type: row.transplantType, day: row.transplantDay }, origin, landmark);
  }
  if (groupBy === 'mrd') {
    return mrdGroup(row.mrdNegativeInCR);
  }
  return row.key;
}

/** The patients of a cohort an endpoint observes, and those it leaves out, counted. */
export interface Observed {
  readonly excluded: { noDiagnosisDate: number; noResponseDate: number };
  readonly entries: { readonly row: CohortRow; readonly observation: Observation; readonly origin: number }[];
}

/**
 * Each patient's observation of a survival endpoint: without a diagnosis date, or (from CR) with a CR
 * of no date, a patient is left out and counted; without a first CR it does not enter `rfsCR`.
 */
export function observe(cohort: readonly CohortRow[], endpoint: SurvivalEndpoint): Observed {
  const excluded = { noDiagnosisDate: 0, noResponseDate: 0 };
  const entries: Observed['entries'][number][] = [];
  for (const row of cohort) {
    if (!row.hasOrigin) {
      excluded.noDiagnosisDate++;
      continue;
    }
    if (lacksResponseDate(endpoint, row)) {
      excluded.noResponseDate++;
      continue;
    }
    const observation = survivalObservation(endpoint, row);
    const origin = originOf(endpoint, row);
    if (observation !== null && origin !== null) {
      entries.push({ row, observation, origin });
    }
  }
  return { excluded, entries };
}

/** Members by key, in the groups' order. */
export function byGroup<T>(
  members: readonly T[],
  keyOf: (member: T) => string | number | null,
  groupBy: GroupBy,
): { key: string | number | null; members: T[] }[] {
  const groups = new Map<string | number | null, T[]>();
  for (const member of members) {
    const key = keyOf(member);
    const list = groups.get(key);
    if (list) {
      list.push(member);
    } else {
      groups.set(key, [member]);
    }
  }
  return [...groups.keys()]
    .sort(compareKeys(groupBy))
    .map((key) => ({ key, members: groups.get(key) ?? [] }));
}

/** Grouping by institution shows codes across institutions: admins only. */
export function assertMayGroup(actor: Actor, groupBy: GroupBy): void {
  if (groupBy === 'institution' && !seesAdminFields(actor.principal)) {
    throw new RefusedError(403);
  }
}

/** Every outcomes call is audited as a read, with what was asked. */
export async function audit(ctx: AppContext, actor: Actor, action: string, asked: object): Promise<void> {
  await recordAudit(ctx.db, actor, { action, entityType: 'outcomes', changes: created({ query: asked }) });
}

/** The cohort of a call: every patient the caller sees that matches the filters. */
export async function readCohort(
  ctx: AppContext,
  actor: Actor,
  filters: OutcomeFilters,
  groupBy: GroupBy,
  signal?: AbortSignal,
): Promise<CohortRow[]> {
  return cancellable(ctx.db, signal, (db) =>
    rows<CohortRow>(db, cohortSql(viewerOf(actor.principal), filters, groupBy)),
  );
}
