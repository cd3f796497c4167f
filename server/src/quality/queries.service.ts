import {
  type AnswerQueryInput,
  type BulkQueryCount,
  type BulkQueryInput,
  type CloseQueryInput,
  type OpenQueryInput,
  type QualityRuleId,
  type Query,
  type QueryCorrection,
  type QueryEventKind,
  type QueryListQuery,
  type QueryStatus,
  qualityRule,
} from '@registry/shared';
import { type SQL, sql } from 'drizzle-orm';
import { recordAudit } from '../audit/record.ts';
import type { Actor } from '../auth/actor.ts';
import type { AppContext } from '../context.ts';
import type { Queryable } from '../db/client.ts';
import { conflict, HttpError, notFound, RefusedError, unprocessable } from '../http/errors.ts';
import { matchesVersion } from '../http/if-match.ts';
import { type Page, toPage } from '../http/paging.ts';
import { loadVisiblePatient, type Viewer, viewerOf } from '../patients/patient-access.ts';
import { ofInstitutionCode, whereOf } from '../patients/read-model/list-sql.ts';
import { createReadModelRepository } from '../patients/read-model/read-model.repository.ts';
import { notifyLater } from './notifications.service.ts';

/**
 * Queries to doctors (CONTRACT §13, docs/api-quality.md), as REDCap's data resolution workflow: an admin
 * opens one on a patient (or one of its fields), the owning doctor answers, the admin closes or reopens
 * it. Each step is one transaction that locks the query, checks `If-Match` against its version, appends
 * the step to the thread, moves the version on, records the step in the audit trail and marks the
 * recipient for a notification mail. A doctor sees only the queries of their own patients (404 else).
 */

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

interface QueryRow {
  id: string;
  patientId: string;
  identification: string;
  doctorId: string;
  doctorUserId: string;
  field: string | null;
  ruleId: string | null;
  status: QueryStatus;
  version: number;
  openedAt: string;
  openedById: string;
  openedByName: string;
  updatedAt: string;
}

interface EventRow {
  queryId: string;
  field: string | null;
  at: string;
  byId: string;
  byName: string;
  kind: QueryEventKind;
  text: string | null;
  /** An answer's changes in the audit trail: `{ entityType, changes }` of each write that came with it. */
  writes: { entityType: string | null; changes: Record<string, { old: unknown; new: unknown }> }[] | null;
}

const iso = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** A user's name as a thread shows it: a doctor's full name, else the nickname. */
const nameOf = (alias: string) =>
  sql.raw(
    `coalesce((select d.first_name || ' ' || d.last_name from doctors d where d.user_id = ${alias}.id), ${alias}.nickname)`,
  );

const QUERY_COLUMNS = sql`q.id as "id", q.patient_id as "patientId", p.identification as "identification",
  p.doctor_id as "doctorId", (select d.user_id from doctors d where d.id = p.doctor_id) as "doctorUserId",
  q.field as "field", q.rule_id as "ruleId", q.status as "status", q.version as "version",
  ${iso('q.opened_at')} as "openedAt", ou.id as "openedById", ${nameOf('ou')} as "openedByName",
  ${iso('q.updated_at')} as "updatedAt"`;
const QUERY_FROM = sql`from data_queries q join patients p on p.id = q.patient_id join users ou on ou.id = q.opened_by`;

/** The conditions that keep a doctor to the queries of their own patients. */
function sightOf(viewer: Viewer): SQL[] {
  if (viewer.isAdmin) {
    return [];
  }
  return [viewer.doctorId ? sql`p.doctor_id = ${viewer.doctorId}` : sql`false`];
}

async function threadsOf(db: Queryable, ids: readonly string[]): Promise<Map<string, EventRow[]>> {
  const threads = new Map<string, EventRow[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) {
    return threads;
  }
  // An answer's writes: what its doctor changed in the patient between the query's step before it and
  // the answer, read from the audit trail. Each step writes one event and one audit entry in one
  // transaction, so the query's n-th event and its n-th audit entry are the same step, and the entries'
  // order (not their times, which one transaction shares) bounds the writes between two steps.
  const list = `{${ids.join(',')}}`;
  const events = rowsOf<EventRow>(
    await db.execute(sql`with steps as (
        select a.entity_id::uuid as query_id, a.id,
          row_number() over (partition by a.entity_id order by a.id) as n
        from audit_events a
        where a.entity_type = 'query' and a.entity_id = any (${list}::text[]) and a.outcome = 'ok'
      ), events as (
        select e.*, row_number() over (partition by e.query_id order by e.id) as n
        from data_query_events e where e.query_id = any (${list}::uuid[])
      )
      select e.query_id as "queryId", q.field as "field", ${iso('e.at')} as "at",
        u.id as "byId", ${nameOf('u')} as "byName", e.kind as "kind", e.text as "text",
        case when e.kind = 'answer' then (
          select jsonb_agg(jsonb_build_object('entityType', a.entity_type, 'changes', a.changes) order by a.id)
          from audit_events a
          where a.patient_id = q.patient_id and a.actor_user_id = e.by_user_id and a.outcome = 'ok'
            and a.changes is not null and a.entity_type is distinct from 'query'
            and a.id > (select s.id from steps s where s.query_id = e.query_id and s.n = e.n - 1)
            and a.id < (select s.id from steps s where s.query_id = e.query_id and s.n = e.n)
        ) end as "writes"
      from events e join data_queries q on q.id = e.query_id join users u on u.id = e.by_user_id
      order by e.query_id, e.id`),
  );
  for (const event of events) {
    threads.get(event.queryId)?.push(event);
  }
  return threads;
}

/** The audit trail's entity type of each kind of record a query's field can name. */
const ENTITY_OF_COLLECTION: Record<string, string> = {
  samples: 'sample',
  diagnostics: 'diagnostic',
  treatments: 'treatment',
  reports: 'labReport',
};

/**
 * The corrections an answer shows: the changes of its writes to the query's field (`diagnostics.0.dxDate`
 * matches a diagnostic's `dxDate`; a top-level field, the patient's), or every change for a query on the
 * whole patient, named `entityType.field`.
 */
export function correctionsOf(field: string | null, writes: EventRow['writes']): QueryCorrection[] {
  const corrections: QueryCorrection[] = [];
  const parts = field?.split('.') ?? [];
  const name = parts.at(-1);
  const entity = parts.length > 1 ? ENTITY_OF_COLLECTION[parts[0] ?? ''] : 'patient';
  for (const write of writes ?? []) {
    for (const [key, change] of Object.entries(write.changes)) {
      if (field === null) {
        corrections.push({
          field: `${write.entityType ?? 'patient'}.${key}`,
          old: change.old,
          new: change.new,
        });
      } else if (key === name && write.entityType === entity) {
        corrections.push({ field, old: change.old, new: change.new });
      }
    }
  }
  return corrections;
}

function toQuery(row: QueryRow, thread: readonly EventRow[]): Query {
  return {
    id: row.id,
    patientId: row.patientId,
    identification: row.identification,
    field: row.field,
    ruleId: row.ruleId as Query['ruleId'],
    status: row.status,
    version: row.version,
    openedAt: row.openedAt,
    openedBy: { id: row.openedById, name: row.openedByName },
    updatedAt: row.updatedAt,
    thread: thread.map((event) => ({
      at: event.at,
      by: { id: event.byId, name: event.byName },
      kind: event.kind,
      text: event.text,
      corrections: event.kind === 'answer' ? correctionsOf(event.field, event.writes) : [],
    })),
  };
}

async function loadQuery(
  db: Queryable,
  viewer: Viewer,
  id: string,
  { lock = false }: { lock?: boolean } = {},
): Promise<QueryRow | null> {
  const [row] = rowsOf<QueryRow>(
    await db.execute(
      sql`select ${QUERY_COLUMNS} ${QUERY_FROM} ${whereOf([sql`q.id = ${id}`, ...sightOf(viewer)])}
        ${lock ? sql`for update of q` : sql``}`,
    ),
  );
  return row ?? null;
}

async function render(db: Queryable, viewer: Viewer, id: string): Promise<Query> {
  const row = await loadQuery(db, viewer, id);
  if (!row) {
    throw notFound();
  }
  const threads = await threadsOf(db, [id]);
  return toQuery(row, threads.get(id) ?? []);
}

const COLLECTIONS = new Set(['samples', 'diagnostics', 'treatments', 'reports']);
const TOP_FIELDS = new Set([
  'identification',
  'codeOP',
  'demography',
  'riskLevel',
  'deathDate',
  'deathCause',
  'lastContactDate',
  'eln2022',
  'eln2024',
  'course',
]);

/**
 * Refuses (422, with a field message) a field that names nothing of the patient's document: an unknown
 * part, or a record past the last (`diagnostics.3` of a patient with one diagnostic).
 */
async function checkField(tx: Queryable, actor: Actor, patientId: string, field: string): Promise<void> {
  const [head = '', index, ...rest] = field.split('.');
  if (TOP_FIELDS.has(head)) {
    return;
  }
  const refuse = () => unprocessable('RULE_BROKEN', { field: 'validation.unknownField' });
  if (!COLLECTIONS.has(head) || index === undefined || !/^\d+$/.test(index)) {
    throw refuse();
  }
  const part = head as 'samples' | 'diagnostics' | 'treatments' | 'reports';
  const records = await createReadModelRepository(tx).records(viewerOf(actor.principal), patientId, part);
  if (Number(index) >= records.length) {
    throw refuse();
  }
  if (rest.length > 0 && !(rest[0] && rest[0] in (records[Number(index)] ?? {}))) {
    throw refuse();
  }
}

async function appendEvent(
  tx: Queryable,
  queryId: string,
  actor: Actor,
  kind: QueryEventKind,
  text: string | null,
): Promise<void> {
  await tx.execute(sql`insert into data_query_events (query_id, at, by_user_id, kind, text)
    values (${queryId}, ${actor.now.toISOString()}, ${actor.principal.userId}, ${kind}, ${text})`);
}

/** `POST /api/queries`: an admin opens a query on a patient; 404 for an unknown patient. */
export async function openQuery(ctx: AppContext, actor: Actor, input: OpenQueryInput): Promise<Query> {
  const field = input.field ?? null;
  const id = await ctx.db.transaction(async (tx) => {
    const patient = await loadVisiblePatient(tx, actor.principal, input.patientId);
    if (field) {
      // In the transaction: the embedded database has one connection, which the transaction holds.
      await checkField(tx, actor, patient.id, field);
    }
    const [created] = rowsOf<{ id: string }>(
      await tx.execute(sql`insert into data_queries (patient_id, field, status, version, opened_at, opened_by, updated_at)
        values (${patient.id}, ${field}, 'open', 1, ${actor.now.toISOString()}, ${actor.principal.userId},
          ${actor.now.toISOString()}) returning id`),
    );
    const queryId = created?.id as string;
    await appendEvent(tx, queryId, actor, 'open', input.text);
    await recordAudit(tx, actor, {
      action: 'query.open',
      entityType: 'query',
      entityId: queryId,
      patientId: patient.id,
      changes: { status: { old: null, new: 'open' }, field: { old: null, new: field } },
    });
    await notifyLater(tx, [await doctorUserOf(tx, patient.id)], actor.now);
    return queryId;
  });
  return render(ctx.db, viewerOf(actor.principal), id);
}

async function doctorUserOf(tx: Queryable, patientId: string): Promise<string> {
  const [row] = rowsOf<{ userId: string }>(
    await tx.execute(
      sql`select d.user_id as "userId" from patients p join doctors d on d.id = p.doctor_id where p.id = ${patientId}`,
    ),
  );
  return row?.userId as string;
}

/** Which step moves a query from which state to which, and who is told. */
const STEPS: Record<
  Exclude<QueryEventKind, 'open'>,
  { from: readonly QueryStatus[]; to: QueryStatus; action: string; notify: 'doctor' | 'opener' | null }
> = {
  answer: { from: ['open', 'answered'], to: 'answered', action: 'query.answer', notify: 'opener' },
  close: { from: ['open', 'answered'], to: 'closed', action: 'query.close', notify: null },
  reopen: { from: ['closed'], to: 'open', action: 'query.reopen', notify: 'doctor' },
};

/**
 * A step of a query's life: the owning doctor answers, an admin closes or reopens (the route's access
 * says who). 404 when the caller may not see the query, 412 when `If-Match` names an older version,
 * 409 when the query's state does not allow the step.
 */
export async function stepQuery(
  ctx: AppContext,
  actor: Actor,
  id: string,
  kind: Exclude<QueryEventKind, 'open'>,
  input: AnswerQueryInput | CloseQueryInput,
  ifMatch: string | undefined,
): Promise<Query> {
  const step = STEPS[kind];
  const viewer = viewerOf(actor.principal);
  await ctx.db.transaction(async (tx) => {
    const row = await loadQuery(tx, viewer, id, { lock: true });
    if (!row) {
      const exists = rowsOf(await tx.execute(sql`select 1 from data_queries where id = ${id}`)).length > 0;
      throw exists ? new RefusedError(404) : notFound();
    }
    if (!matchesVersion(ifMatch, row.version)) {
      throw new HttpError(412, 'STALE_VERSION', undefined, { etag: `"${row.version}"` });
    }
    if (!step.from.includes(row.status)) {
      throw conflict('QUERY_STATE');
    }
    await tx.execute(sql`update data_queries set status = ${step.to}, version = version + 1,
      updated_at = ${actor.now.toISOString()} where id = ${id}`);
    await appendEvent(tx, id, actor, kind, input.text ?? null);
    await recordAudit(tx, actor, {
      action: step.action,
      entityType: 'query',
      entityId: id,
      patientId: row.patientId,
      changes: {
        status: { old: row.status, new: step.to },
        version: { old: row.version, new: row.version + 1 },
      },
    });
    if (step.notify) {
      await notifyLater(tx, [step.notify === 'doctor' ? row.doctorUserId : row.openedById], actor.now);
    }
  });
  return render(ctx.db, viewer, id);
}

/** `GET /api/queries`: newest change first, as the caller may see them. */
export async function listQueries(
  ctx: AppContext,
  actor: Actor,
  query: QueryListQuery,
): Promise<Page<Query>> {
  const viewer = viewerOf(actor.principal);
  const conditions = [...sightOf(viewer)];
  if (query.patientId) {
    conditions.push(sql`q.patient_id = ${query.patientId}`);
  }
  if (query.status) {
    conditions.push(sql`q.status = ${query.status}`);
  }
  if (query.institutionCode) {
    conditions.push(ofInstitutionCode(sql.raw('p.institution_id'), query.institutionCode));
  }
  const where = whereOf(conditions);
  const direction = query.order === 'asc' ? sql.raw('asc') : sql.raw('desc');
  const [rows, [count]] = await Promise.all([
    ctx.db.execute(sql`select ${QUERY_COLUMNS} ${QUERY_FROM} ${where}
      order by q.updated_at ${direction}, q.id ${direction} limit ${query.size} offset ${query.page * query.size}`),
    ctx.db
      .execute(sql`select count(*)::int as "total" ${QUERY_FROM} ${where}`)
      .then((r) => rowsOf<{ total: number }>(r)),
  ]);
  const page = rowsOf<QueryRow>(rows);
  const threads = await threadsOf(
    ctx.db,
    page.map((row) => row.id),
  );
  return toPage(
    page.map((row) => toQuery(row, threads.get(row.id) ?? [])),
    count?.total ?? 0,
    query.page,
    query.size,
  );
}

/** The patients a rule flags, from the list's read model: the two rules kept apart, and the document's. */
function flaggedBy(ruleId: QualityRuleId): SQL {
  if (ruleId === 'possibleDuplicate') {
    return sql`l.quality_duplicate`;
  }
  if (ruleId === 'followUpOverdue') {
    return sql`l.quality_overdue_from <= current_date`;
  }
  return sql`l.quality_rules @> array[${ruleId}]::text[]`;
}

/**
 * `GET /api/queries/bulk/count`: how many patients a rule flags, and how many of them a bulk opening would
 * reach now (the same rule of "no second query" as `openBulk`). Counts only: it names no patient, so it
 * is not audited.
 */
export async function countBulk(ctx: AppContext, ruleId: QualityRuleId): Promise<BulkQueryCount> {
  const rule = qualityRule(ruleId);
  const [row] = rowsOf<BulkQueryCount>(
    await ctx.db.execute(sql`select count(*)::int as "flagged",
        count(*) filter (where not exists (select 1 from data_queries q
          where q.patient_id = l.patient_id and q.rule_id = ${rule.id} and q.status <> 'closed'))::int as "reached"
      from patient_list l where ${flaggedBy(rule.id)}`),
  );
  return row ?? { flagged: 0, reached: 0 };
}

/**
 * `POST /api/queries/bulk`: the same query for every patient a rule flags, in one transaction; a
 * patient with a query of that rule that is not closed gets no second one (a unique index holds it,
 * also against two bulk openings at once). Answers how many were opened.
 */
export async function openBulk(ctx: AppContext, actor: Actor, input: BulkQueryInput): Promise<number> {
  const rule = qualityRule(input.ruleId);
  const flagged = flaggedBy(rule.id);
  return ctx.db.transaction(async (tx) => {
    const opened = rowsOf<{ id: string; patientId: string; doctorUserId: string }>(
      await tx.execute(sql`with flagged as (
          select l.patient_id from patient_list l where ${flagged}
        ), inserted as (
          insert into data_queries (patient_id, field, rule_id, status, version, opened_at, opened_by, updated_at)
          select f.patient_id, null, ${rule.id}, 'open', 1, ${actor.now.toISOString()}, ${actor.principal.userId},
            ${actor.now.toISOString()}
          from flagged f
          on conflict (patient_id, rule_id) where rule_id is not null and status <> 'closed' do nothing
          returning id, patient_id
        )
        select i.id as "id", i.patient_id as "patientId", d.user_id as "doctorUserId"
        from inserted i join patients p on p.id = i.patient_id join doctors d on d.id = p.doctor_id`),
    );
    if (opened.length === 0) {
      return 0;
    }
    const ids = `{${opened.map((row) => row.id).join(',')}}`;
    await tx.execute(sql`insert into data_query_events (query_id, at, by_user_id, kind, text)
      select unnest(${ids}::uuid[]), ${actor.now.toISOString()}, ${actor.principal.userId}, 'open', ${input.text}`);
    for (const row of opened) {
      await recordAudit(tx, actor, {
        action: 'query.open',
        entityType: 'query',
        entityId: row.id,
        patientId: row.patientId,
        changes: { status: { old: null, new: 'open' }, ruleId: { old: null, new: rule.id } },
      });
    }
    await notifyLater(tx, [...new Set(opened.map((row) => row.doctorUserId))], actor.now);
    return opened.length;
  });
}
