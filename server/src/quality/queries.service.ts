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
import { recordAudit } from '../audit/record.ts';
import type { Actor } from '../auth/actor.ts';
import type { AppContext } from '../context.ts';
import type { Queryable } from '../db/client.ts';
import { conflict, notFound, RefusedError, unprocessable } from '../http/errors.ts';
import { assertVersion } from '../http/if-match.ts';
import { type Page, toPage } from '../http/paging.ts';
import { loadVisiblePatient, type RecordPart, recordsOf, type Viewer, viewerOf } from '../patients/index.ts';
import { createQualityRepository, type EventRow, type QueryRow, type Step } from './quality.repository.ts';

/**
 * Queries to doctors (CONTRACT §13, docs/api-quality.md), as REDCap's data resolution workflow: an admin
 * opens one on a patient (or one of its fields), the owning doctor answers, the admin closes or reopens
 * it. Each step is one transaction that locks the query, checks `If-Match` against its version, appends
 * the step to the thread, moves the version on, records the step in the audit trail and marks the
 * recipient for a notification mail. A doctor sees only the queries of their own patients (404 else).
 */

/** The audit trail's entity type of each kind of record a query's field can name. */
const ENTITY_OF_PART: Record<RecordPart, string> = {
  samples: 'sample',
  diagnostics: 'diagnostic',
  treatments: 'treatment',
  reports: 'labReport',
};

const isRecordPart = (name: string): name is RecordPart => Object.hasOwn(ENTITY_OF_PART, name);

/** The audit trail's entity type a field's changes are recorded under: its record's, or the patient's. */
function entityOf(parts: readonly string[]): string | undefined {
  if (parts.length <= 1) {
    return 'patient';
  }
  const head = parts[0] ?? '';
  return isRecordPart(head) ? ENTITY_OF_PART[head] : undefined;
}

/**
 * The corrections an answer shows: the changes of its writes to the query's field (`diagnostics.0.dxDate`
 * matches a diagnostic's `dxDate`; a top-level field, the patient's), or every change for a query on the
 * whole patient, named `entityType.field`.
 */
export function correctionsOf(field: string | null, writes: EventRow['writes']): QueryCorrection[] {
  const corrections: QueryCorrection[] = [];
  const parts = field?.split('.') ?? [];
  const name = parts.at(-1);
  const entity = entityOf(parts);
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
    ruleId: row.ruleId,
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

async function render(db: Queryable, viewer: Viewer, id: string): Promise<Query> {
  const queries = createQualityRepository(db);
  const row = await queries.find(viewer, id);
  if (!row) {
    throw notFound();
  }
  const threads = await queries.threads([id]);
  return toQuery(row, threads.get(id) ?? []);
}

/** The patient's own fields a query may name, beside its records (`diagnostics.0.dxDate`). */
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
async function checkField(tx: Queryable, viewer: Viewer, patientId: string, field: string): Promise<void> {
  const [head = '', index, ...rest] = field.split('.');
  if (TOP_FIELDS.has(head)) {
    return;
  }
  const refuse = () => unprocessable('RULE_BROKEN', { field: 'validation.unknownField' });
  if (!isRecordPart(head) || index === undefined || !/^\d+$/.test(index)) {
    throw refuse();
  }
  const records = await recordsOf(tx, viewer, patientId, head);
  if (Number(index) >= records.length) {
    throw refuse();
  }
  if (rest.length > 0 && !(rest[0] && rest[0] in (records[Number(index)] ?? {}))) {
    throw refuse();
  }
}

const stepOf = (actor: Actor): Step => ({ userId: actor.principal.userId, at: actor.now });

/** `POST /api/queries`: an admin opens a query on a patient; 404 for an unknown patient. */
export async function openQuery(ctx: AppContext, actor: Actor, input: OpenQueryInput): Promise<Query> {
  const field = input.field ?? null;
  const viewer = viewerOf(actor.principal);
  const id = await ctx.db.transaction(async (tx) => {
    const queries = createQualityRepository(tx);
    const patient = await loadVisiblePatient(tx, actor.principal, input.patientId);
    if (field) {
      // In the transaction: the embedded database has one connection, which the transaction holds.
      await checkField(tx, viewer, patient.id, field);
    }
    const queryId = await queries.open(patient.id, field, input.text, stepOf(actor));
    await recordAudit(tx, actor, {
      action: 'query.open',
      entityType: 'query',
      entityId: queryId,
      patientId: patient.id,
      changes: { status: { old: null, new: 'open' }, field: { old: null, new: field } },
    });
    await queries.notifyLater([await queries.doctorUserOf(patient.id)], actor.now);
    return queryId;
  });
  return render(ctx.db, viewer, id);
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
    const queries = createQualityRepository(tx);
    const row = await queries.find(viewer, id, { lock: true });
    if (!row) {
      throw (await queries.exists(id)) ? new RefusedError(404) : notFound();
    }
    assertVersion(ifMatch, row.version);
    if (!step.from.includes(row.status)) {
      throw conflict('QUERY_STATE');
    }
    await queries.moveTo(id, step.to, kind, input.text ?? null, stepOf(actor));
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
      await queries.notifyLater([step.notify === 'doctor' ? row.doctorUserId : row.openedById], actor.now);
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
  const queries = createQualityRepository(ctx.db);
  const { rows, total } = await queries.page(viewerOf(actor.principal), query);
  const threads = await queries.threads(rows.map((row) => row.id));
  return toPage(
    rows.map((row) => toQuery(row, threads.get(row.id) ?? [])),
    total,
    query.page,
    query.size,
  );
}

/**
 * `GET /api/queries/bulk/count`: how many patients a rule flags, and how many of them a bulk opening would
 * reach now (the same rule of "no second query" as `openBulk`). Counts only: it names no patient, so it
 * is not audited.
 */
export async function countBulk(ctx: AppContext, ruleId: QualityRuleId): Promise<BulkQueryCount> {
  return createQualityRepository(ctx.db).countFlagged(qualityRule(ruleId).id);
}

/**
 * `POST /api/queries/bulk`: the same query for every patient a rule flags, in one transaction; a
 * patient with a query of that rule that is not closed gets no second one. Answers how many were opened.
 */
export async function openBulk(ctx: AppContext, actor: Actor, input: BulkQueryInput): Promise<number> {
  const rule = qualityRule(input.ruleId);
  return ctx.db.transaction(async (tx) => {
    const queries = createQualityRepository(tx);
    const opened = await queries.openFlagged(rule.id, input.text, stepOf(actor));
    for (const row of opened) {
      await recordAudit(tx, actor, {
        action: 'query.open',
        entityType: 'query',
        entityId: row.id,
        patientId: row.patientId,
        changes: { status: { old: null, new: 'open' }, ruleId: { old: null, new: rule.id } },
      });
    }
    await queries.notifyLater([...new Set(opened.map((row) => row.doctorUserId))], actor.now);
    return opened.length;
  });
}
