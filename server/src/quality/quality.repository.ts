import type {
  BulkQueryCount,
  Language,
  Notifications,
  QualityRuleId,
  QueryEventKind,
  QueryListQuery,
  QueryStatus,
} from '@registry/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { rowsOf, whereOf } from '../db/statements.ts';
import { flaggedBy, ofInstitutionCode, type Viewer } from '../patients/index.ts';

/**
 * The queries to doctors and the notifications' recipients (`data_queries`, `data_query_events`,
 * `notification_recipients`). A doctor's sight is limited here to the queries of their own patients.
 */

/** A query as the services read it: its patient's doctor (as a user) is who answers it. */
export interface QueryRow {
  id: string;
  patientId: string;
  identification: string;
  doctorId: string;
  doctorUserId: string;
  field: string | null;
  ruleId: QualityRuleId | null;
  status: QueryStatus;
  version: number;
  openedAt: string;
  openedById: string;
  openedByName: string;
  updatedAt: string;
}

/** A step of a query's thread; an answer's `writes` are the audit trail's changes that came with it. */
export interface EventRow {
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

/** Someone owed a mail, with what their sight of the queries needs. */
export interface Recipient extends Viewer {
  userId: string;
  email: string;
  language: Language;
}

/** Who takes a step, and when. */
export interface Step {
  readonly userId: string;
  readonly at: Date;
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

/** The conditions that keep a doctor to the queries of their own patients (`p`). */
function sightOf(viewer: Viewer): SQL[] {
  if (viewer.isAdmin) {
    return [];
  }
  return [viewer.doctorId ? sql`p.doctor_id = ${viewer.doctorId}` : sql`false`];
}

const uuids = (ids: readonly string[]) => `{${ids.join(',')}}`;

export function createQualityRepository(db: Queryable) {
  const appendEvent = async (queryId: string, kind: QueryEventKind, text: string | null, step: Step) => {
    await db.execute(sql`insert into data_query_events (query_id, at, by_user_id, kind, text)
      values (${queryId}, ${step.at.toISOString()}, ${step.userId}, ${kind}, ${text})`);
  };

  return {
    /** A query the viewer sees, or null; `lock` holds it for the step that follows. */
    async find(
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
    },

    /** Whether a query exists, whoever may see it. */
    async exists(id: string): Promise<boolean> {
      return rowsOf(await db.execute(sql`select 1 from data_queries where id = ${id}`)).length > 0;
    },

    /** A page of the queries the viewer sees, newest change first (or oldest), and how many there are. */
    async page(viewer: Viewer, query: QueryListQuery): Promise<{ rows: QueryRow[]; total: number }> {
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
        db
          .execute(sql`select ${QUERY_COLUMNS} ${QUERY_FROM} ${where}
            order by q.updated_at ${direction}, q.id ${direction} limit ${query.size} offset ${query.page * query.size}`)
          .then((result) => rowsOf<QueryRow>(result)),
        db
          .execute(sql`select count(*)::int as "total" ${QUERY_FROM} ${where}`)
          .then((result) => rowsOf<{ total: number }>(result)),
      ]);
      return { rows, total: count?.total ?? 0 };
    },

    /**
     * The threads of some queries, oldest step first. An answer's writes: what its doctor changed in the
     * patient between the query's step before it and the answer, read from the audit trail. Each step
     * writes one event and one audit entry in one transaction, so the query's n-th event and its n-th
     * audit entry are the same step, and the entries' order (not their times, which one transaction
     * shares) bounds the writes between two steps.
     */
    async threads(ids: readonly string[]): Promise<Map<string, EventRow[]>> {
      const threads = new Map<string, EventRow[]>(ids.map((id) => [id, []]));
      if (ids.length === 0) {
        return threads;
      }
      const list = uuids(ids);
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
    },

    /** Opens a query (version 1) with its first step; answers its id. */
    async open(patientId: string, field: string | null, text: string, step: Step): Promise<string> {
      const [created] = rowsOf<{ id: string }>(
        await db.execute(sql`insert into data_queries (patient_id, field, status, version, opened_at, opened_by, updated_at)
          values (${patientId}, ${field}, 'open', 1, ${step.at.toISOString()}, ${step.userId},
            ${step.at.toISOString()}) returning id`),
      );
      const id = created?.id as string;
      await appendEvent(id, 'open', text, step);
      return id;
    },

    /** Moves a query to a state, and its version on, with the step in its thread. */
    async moveTo(id: string, status: QueryStatus, kind: QueryEventKind, text: string | null, step: Step) {
      await db.execute(sql`update data_queries set status = ${status}, version = version + 1,
        updated_at = ${step.at.toISOString()} where id = ${id}`);
      await appendEvent(id, kind, text, step);
    },

    /** The user of the doctor a patient belongs to: who answers its queries. */
    async doctorUserOf(patientId: string): Promise<string> {
      const [row] = rowsOf<{ userId: string }>(
        await db.execute(
          sql`select d.user_id as "userId" from patients p join doctors d on d.id = p.doctor_id where p.id = ${patientId}`,
        ),
      );
      return row?.userId as string;
    },

    /**
     * How many patients a rule flags, and how many of them have no query of that rule that is not closed
     * (whom a bulk opening would reach).
     */
    async countFlagged(ruleId: QualityRuleId): Promise<BulkQueryCount> {
      const [row] = rowsOf<BulkQueryCount>(
        await db.execute(sql`select count(*)::int as "flagged",
            count(*) filter (where not exists (select 1 from data_queries q
              where q.patient_id = l.patient_id and q.rule_id = ${ruleId} and q.status <> 'closed'))::int as "reached"
          from patient_list l where ${flaggedBy(ruleId)}`),
      );
      return row ?? { flagged: 0, reached: 0 };
    },

    /**
     * Opens a query of a rule, with its first step, for every patient the rule flags but one with a query
     * of that rule that is not closed (a unique index holds it, also against two bulk openings at once).
     * Answers the queries opened, with their patients' doctors' users.
     */
    async openFlagged(
      ruleId: QualityRuleId,
      text: string,
      step: Step,
    ): Promise<{ id: string; patientId: string; doctorUserId: string }[]> {
      const opened = rowsOf<{ id: string; patientId: string; doctorUserId: string }>(
        await db.execute(sql`with flagged as (
            select l.patient_id from patient_list l where ${flaggedBy(ruleId)}
          ), inserted as (
            insert into data_queries (patient_id, field, rule_id, status, version, opened_at, opened_by, updated_at)
            select f.patient_id, null, ${ruleId}, 'open', 1, ${step.at.toISOString()}, ${step.userId},
              ${step.at.toISOString()}
            from flagged f
            on conflict (patient_id, rule_id) where rule_id is not null and status <> 'closed' do nothing
            returning id, patient_id
          )
          select i.id as "id", i.patient_id as "patientId", d.user_id as "doctorUserId"
          from inserted i join patients p on p.id = i.patient_id join doctors d on d.id = p.doctor_id`),
      );
      if (opened.length > 0) {
        await db.execute(sql`insert into data_query_events (query_id, at, by_user_id, kind, text)
          select unnest(${uuids(opened.map((row) => row.id))}::uuid[]), ${step.at.toISOString()}, ${step.userId},
            'open', ${text}`);
      }
      return opened;
    },

    /** The queries not closed that the viewer sees, open and answered. */
    async pendingCounts(viewer: Viewer): Promise<{ open: number; answered: number }> {
      const [counts] = rowsOf<{ open: number; answered: number }>(
        await db.execute(sql`select count(*) filter (where q.status = 'open')::int as "open",
            count(*) filter (where q.status = 'answered')::int as "answered"
          from data_queries q join patients p on p.id = q.patient_id
          ${whereOf([sql`q.status <> 'closed'`, ...sightOf(viewer)])}`),
      );
      return counts ?? { open: 0, answered: 0 };
    },

    /** The newest queries of a state that the viewer sees, as the notifications list them. */
    async newest(viewer: Viewer, status: QueryStatus, limit: number): Promise<Notifications['queries']> {
      return rowsOf<Notifications['queries'][number]>(
        await db.execute(sql`select q.id as "id", q.patient_id as "patientId", p.identification as "identification",
            q.field as "field", q.status as "status", ${iso('q.updated_at')} as "updatedAt"
          from data_queries q join patients p on p.id = q.patient_id
          ${whereOf([sql`q.status = ${status}`, ...sightOf(viewer)])}
          order by q.updated_at desc, q.id desc limit ${limit}`),
      );
    },

    /** How many queries of a state the viewer sees. */
    async countOf(viewer: Viewer, status: QueryStatus): Promise<number> {
      const [count] = rowsOf<{ n: number }>(
        await db.execute(sql`select count(*)::int as "n" from data_queries q join patients p on p.id = q.patient_id
          ${whereOf([sql`q.status = ${status}`, ...sightOf(viewer)])}`),
      );
      return count?.n ?? 0;
    },

    /** Marks users as owed a mail, since `at` unless they already were. */
    async notifyLater(userIds: readonly string[], at: Date): Promise<void> {
      const ids = userIds.filter(Boolean);
      if (ids.length === 0) {
        return;
      }
      await db.execute(sql`insert into notification_recipients (user_id, pending_since)
        select unnest(${uuids(ids)}::uuid[]), ${at.toISOString()}
        on conflict (user_id) do update set pending_since = coalesce(notification_recipients.pending_since, excluded.pending_since)`);
    },

    /** Keeps the language a user last used the registry in, for their mails. */
    async rememberLanguage(userId: string, language: Language): Promise<void> {
      await db.execute(sql`insert into notification_recipients (user_id, language) values (${userId}, ${language})
        on conflict (user_id) do update set language = excluded.language
        where notification_recipients.language <> excluded.language`);
    },

    /** Active users owed a mail whose last one was sent before `lastSentBefore` (or never), oldest news first. */
    async recipientsDue(lastSentBefore: Date): Promise<Recipient[]> {
      return rowsOf<Recipient>(
        await db.execute(sql`select n.user_id as "userId", u.email as "email", n.language as "language",
            u.is_admin as "isAdmin", d.id as "doctorId"
          from notification_recipients n join users u on u.id = n.user_id left join doctors d on d.user_id = u.id
          where n.pending_since is not null and u.is_active
            and (n.last_sent_at is null or n.last_sent_at <= ${lastSentBefore.toISOString()})
          order by n.pending_since limit 500`),
      );
    },

    /**
     * Clears a recipient's news if still owed and due, and, when `sentAt` is given, records the mail as
     * sent then. Answers whether this call claimed it (another server may have first).
     */
    async claim(userId: string, lastSentBefore: Date, sentAt: Date | null): Promise<boolean> {
      const claimed = rowsOf(
        await db.execute(sql`update notification_recipients set pending_since = null,
            last_sent_at = ${sentAt ? sql`${sentAt.toISOString()}::timestamptz` : sql`last_sent_at`}
          where user_id = ${userId} and pending_since is not null
            and (last_sent_at is null or last_sent_at <= ${lastSentBefore.toISOString()})
          returning user_id`),
      );
      return claimed.length > 0;
    },

    /** A mail not sent: the recipient is owed it again from `at`. */
    async release(userId: string, at: Date): Promise<void> {
      await db.execute(sql`update notification_recipients set pending_since = ${at.toISOString()}, last_sent_at = null
        where user_id = ${userId}`);
    },
  };
}
