import {
  AGE_BANDS,
  ELN2022_CATEGORIES,
  type GroupBy,
  type OutcomeFilters,
  type Risk,
  seesAdminFields,
  WBC_BANDS,
} from '@registry/shared';
import type { SQL } from 'drizzle-orm';
import { created, recordAudit } from '../../audit/record.ts';
import type { Actor } from '../../auth/actor.ts';
import type { AppContext } from '../../context.ts';
import { cancellable } from '../../db/cancellable.ts';
import type { Queryable } from '../../db/client.ts';
import { type Columns, columnsOf, executeGathered } from '../../db/columns.ts';
import { rowsOf } from '../../db/statements.ts';
import { RefusedError } from '../../http/errors.ts';
import { viewerOf } from '../patient-access.ts';
import { type EndpointSql, mrdGroup, transplantGroup } from './endpoints.ts';
import { fromLandmark, type Tally, tally } from './estimators/index.ts';
import { type CohortStatement, cohortSql, endpointColumns } from './outcomes-sql.ts';

/**
 * The cohort of an outcomes call (docs/product-rules.md#outcomes): one statement over the list's read
 * model, under the list's own conditions, read as columns: in counts of the patients who share what the
 * call reads where that takes a few values, a row per patient where it holds a time (`cohortSql`). An
 * endpoint's cohort is then tallied by group in the groups' order (`tallyByGroup`) for the estimators.
 */

/** Patients of the cohort who share their group's columns and what a call reads, and how many they are. */
export interface CountedRow {
  readonly key: string | number | null;
  /** Grouped by transplant (read only then): its kind, and its day after the endpoint's origin. */
  readonly transplantType?: string | null;
  readonly transplantDay?: number | null;
  /** Grouped by MRD (read only then): negative in the first CR. */
  readonly mrdNegativeInCR?: boolean | null;
  readonly n: number;
}

/** Patients of an endpoint's cohort (`endpointColumns`). */
export interface EndpointRow extends CountedRow {
  readonly excluded: 'noDiagnosisDate' | 'noResponseDate' | null;
  /** Null when the patient is left out or does not enter the endpoint. */
  readonly time: number | null;
  readonly status: 0 | 1 | 2 | null;
}

export async function rows<T>(db: Queryable, query: SQL): Promise<T[]> {
  return rowsOf<T>(await db.execute(query));
}

/**
 * Groups whose values have an order of their own come in it: age bands from the youngest, white-cell
 * counts from the lowest, risk from
 * low to high then the unassessed, the ELN 2022 categories from favorable to adverse then the
 * unclassified, transplants allogeneic, autologous, none; MRD negative then positive; the others in
 * ascending order of their key. Patients without a value come last.
 */
const ORDERED_GROUPS: Partial<Record<GroupBy, readonly string[]>> = {
  ageBand: AGE_BANDS,
  wbc: WBC_BANDS,
  riskLevel: ['Bajo', 'Medio', 'Alto', 'N/R', 'N/A'] satisfies readonly Risk[],
  eln2022: ELN2022_CATEGORIES,
  eln2024: ELN2022_CATEGORIES,
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
 * The key of the group of row `index` of a cohort in columns; transplant and MRD are judged here, the
 * transplant at the landmark when one is given.
 */
export function groupKeyAt(
  cohort: Columns<CountedRow>,
  index: number,
  groupBy: GroupBy,
  landmark: number | null,
) {
  if (groupBy === 'transplant') {
    const transplant = {
      type: cohort.transplantType?.[index] ?? null,
      day: cohort.transplantDay?.[index] ?? null,
    };
    return transplantGroup(transplant, landmark);
  }
  if (groupBy === 'mrd') {
    return mrdGroup(cohort.mrdNegativeInCR?.[index] ?? null);
  }
  return cohort.key[index] ?? null;
}

/** The patients an endpoint leaves out, counted by reason. */
export interface Excluded {
  noDiagnosisDate: number;
  noResponseDate: number;
}

/** Where a row of an endpoint's cohort goes: left out for a reason, observed, or not entering (null). */
function placeOf(
  excluded: EndpointRow['excluded'],
  time: number | null,
  status: number | null,
): keyof Excluded | 'observed' | null {
  return excluded ?? (time !== null && status !== null ? 'observed' : null);
}

/** An endpoint's cohort in columns: the indices of the rows it observes, and the patients it leaves out. */
export function observeColumns(cohort: Columns<EndpointRow>): {
  readonly excluded: Excluded;
  readonly entries: number[];
} {
  const excluded = { noDiagnosisDate: 0, noResponseDate: 0 };
  const entries: number[] = [];
  for (let index = 0; index < cohort.n.length; index++) {
    const place = placeOf(
      cohort.excluded[index] ?? null,
      cohort.time[index] ?? null,
      cohort.status[index] ?? null,
    );
    if (place === 'observed') {
      entries.push(index);
    } else if (place) {
      excluded[place] += cohort.n[index] ?? 0;
    }
  }
  return { excluded, entries };
}

/** An endpoint's cohort tallied by group (`tallyByGroup`). */
export interface GroupedTally {
  /** The groups' keys, in the groups' order: group g of the tally is `keys[g]`. */
  readonly keys: readonly (string | number | null)[];
  readonly entries: Tally;
  /** The patients left out, by reason, and those no longer at risk at the landmark. */
  readonly excluded: Excluded & { beforeLandmark: number };
}

/**
 * An endpoint's cohort in columns, its observed patients tallied by group in the groups' order (the
 * groups those entered make); at a landmark, only the patients still at risk then, their times from it.
 */
export function tallyByGroup(
  cohort: Columns<EndpointRow>,
  groupBy: GroupBy,
  landmark: number | null,
): GroupedTally {
  const observed = observeColumns(cohort);
  const excluded = { ...observed.excluded, beforeLandmark: 0 };
  const rows = cohort.n.length;
  const time = new Float64Array(rows);
  const status = new Uint8Array(rows);
  const group = new Int32Array(rows).fill(-1);
  // Each key's number in the order met, renumbered in the groups' order once all are known.
  const met = new Map<string | number | null, number>();
  for (const index of observed.entries) {
    const kept = landmark === null ? cohort.time[index] : fromLandmark(cohort.time[index] ?? 0, landmark);
    if (kept === null || kept === undefined) {
      excluded.beforeLandmark += cohort.n[index] ?? 0;
      continue;
    }
    const key = groupKeyAt(cohort, index, groupBy, landmark);
    let number = met.get(key);
    if (number === undefined) {
      number = met.size;
      met.set(key, number);
    }
    time[index] = kept;
    status[index] = cohort.status[index] ?? 0;
    group[index] = number;
  }
  const keys = [...met.keys()].sort(compareKeys(groupBy));
  const renumbered = new Int32Array(met.size);
  keys.forEach((key, g) => {
    renumbered[met.get(key) ?? 0] = g;
  });
  for (let index = 0; index < rows; index++) {
    const number = group[index] ?? -1;
    if (number >= 0) {
      group[index] = renumbered[number] ?? -1;
    }
  }
  return { keys, entries: tally({ time, status, n: cohort.n, group, groups: keys.length }), excluded };
}

/** Status 1 is a survival endpoint's event; 0 censored (and, for an incidence, 2 the competing death). */
export const isEvent = (status: number | null): boolean => status === 1;

/** Members by key, in the groups' order. */
function byGroup<T>(
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

/** Some rows of a cohort in columns by group, in the groups' order. */
export function groupsOf(
  cohort: Columns<CountedRow>,
  rows: readonly number[],
  groupBy: GroupBy,
): { key: string | number | null; members: number[] }[] {
  return byGroup(rows, (row) => groupKeyAt(cohort, row, groupBy, null), groupBy);
}

/** The rows of a cohort in columns that `matches` keeps. */
export function rowsWhere(cohort: Columns<CountedRow>, matches: (row: number) => boolean): number[] {
  const rows: number[] = [];
  for (let row = 0; row < cohort.n.length; row++) {
    if (matches(row)) {
      rows.push(row);
    }
  }
  return rows;
}

/** How many patients some rows of a cohort in columns stand for, those `matches` keeps. */
export function patientsOf(
  cohort: Columns<CountedRow>,
  rows: readonly number[],
  matches: (row: number) => boolean = () => true,
): number {
  let patients = 0;
  for (const row of rows) {
    patients += matches(row) ? (cohort.n[row] ?? 0) : 0;
  }
  return patients;
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

/** The columns of a cohort statement (`cohortSql`); an uncounted one's `n`, 1 for each patient. */
export async function cohortColumns<T extends { n: number }>(
  db: Queryable,
  { query, gathered }: CohortStatement,
): Promise<Columns<T>> {
  const result = gathered ? await executeGathered(db, query) : await db.execute(query);
  const columns = columnsOf<T>(result, gathered ?? undefined);
  if (columns.n !== undefined) {
    return columns;
  }
  const [first] = Object.values<readonly unknown[]>(columns);
  return { ...columns, n: new Array<number>(first?.length ?? 0).fill(1) };
}

/**
 * The cohort of a call in columns: every patient the caller sees that matches the filters, with the
 * days counted from `origin` and the `uncounted` columns a row per patient (`cohortSql`).
 */
export function readCohort<T extends CountedRow>(
  ctx: AppContext,
  actor: Actor,
  filters: OutcomeFilters,
  groupBy: GroupBy,
  columns: Readonly<Record<string, SQL>>,
  signal?: AbortSignal,
  origin?: SQL,
  uncounted?: ReadonlySet<string>,
): Promise<Columns<T>> {
  const viewer = viewerOf(actor.principal);
  return cancellable(ctx.db, signal, (db) =>
    cohortColumns<T>(db, cohortSql(viewer, filters, groupBy, columns, origin, uncounted)),
  );
}

/**
 * An endpoint's cohort in columns, with the columns `extra` besides: a row per patient, the time and
 * the `uncounted` columns gathered per combination of the others (`cohortSql`).
 */
export function readEndpointColumns<T extends EndpointRow = EndpointRow>(
  ctx: AppContext,
  actor: Actor,
  filters: OutcomeFilters,
  groupBy: GroupBy,
  endpoint: EndpointSql,
  signal?: AbortSignal,
  extra: Readonly<Record<string, SQL>> = {},
  uncounted?: ReadonlySet<string>,
): Promise<Columns<T>> {
  const columns = { ...endpointColumns(endpoint), ...extra };
  return readCohort<T>(ctx, actor, filters, groupBy, columns, signal, endpoint.origin, uncounted);
}
