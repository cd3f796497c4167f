import type { AuditEvent, AuditFilters, AuditQuery } from '@registry/shared';
import { and, asc, count, desc, eq, gte, inArray, lt, type SQL } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { auditEvents, patients } from '../db/schema.ts';

export interface AuditEntry {
  readonly at?: Date;
  readonly actorUserId?: string | null;
  readonly actorEmail?: string | null;
  readonly action: string;
  readonly outcome?: 'ok' | 'denied' | 'failed';
  readonly entityType?: string;
  readonly entityId?: string;
  readonly patientId?: string;
  readonly changes?: Record<string, { old: unknown; new: unknown }>;
  readonly ip?: string;
  /** The import whose apply or undo made the change. */
  readonly importId?: string | null;
}

const rowOf = (entry: AuditEntry) => ({
  at: entry.at ?? new Date(),
  actorUserId: entry.actorUserId ?? null,
  actorEmail: entry.actorEmail ?? null,
  action: entry.action,
  outcome: entry.outcome ?? 'ok',
  entityType: entry.entityType ?? null,
  entityId: entry.entityId ?? null,
  patientId: entry.patientId ?? null,
  changes: entry.changes ?? null,
  ip: entry.ip ?? null,
  importId: entry.importId ?? null,
});

/** The append-only audit trail (docs/product-rules.md#audit). Pass the transaction of the change it records. */
export function createAuditRepository(db: Queryable) {
  return {
    async record(entry: AuditEntry): Promise<void> {
      await db.insert(auditEvents).values(rowOf(entry));
    },

    /** Several entries in one statement, in their order. */
    async recordMany(entries: readonly AuditEntry[]): Promise<void> {
      if (entries.length > 0) {
        await db.insert(auditEvents).values(entries.map(rowOf));
      }
    },

    /** A page of the trail, newest first unless asked otherwise; `to` is an inclusive UTC day. */
    async page(query: AuditQuery): Promise<{ rows: AuditEvent[]; total: number }> {
      const where = whereOf(db, query);
      const direction = query.order === 'asc' ? asc : desc;
      const rows = await db
        .select()
        .from(auditEvents)
        .where(where)
        .orderBy(direction(auditEvents.at), direction(auditEvents.id))
        .limit(query.size)
        .offset(query.page * query.size);
      const [total] = await db.select({ n: count() }).from(auditEvents).where(where);
      return { rows: rows.map(eventOf), total: total?.n ?? 0 };
    },

    /**
     * The entries that match, newest first, `limit` at a time: those before the entry `before` (its id),
     * or the newest. For the export, which reads the whole trail a batch at a time.
     */
    async batch(filters: AuditFilters, before: number | null, limit: number): Promise<AuditEvent[]> {
      const where = and(whereOf(db, filters), before === null ? undefined : lt(auditEvents.id, before));
      const rows = await db
        .select()
        .from(auditEvents)
        .where(where)
        .orderBy(desc(auditEvents.id))
        .limit(limit);
      return rows.map(eventOf);
    },
  };
}

type AuditRow = typeof auditEvents.$inferSelect;

function eventOf(row: AuditRow): AuditEvent {
  return {
    ...row,
    at: row.at.toISOString(),
    outcome: row.outcome as AuditEvent['outcome'],
    changes: row.changes as AuditEvent['changes'],
  };
}

/** The filters as one condition: patient (by id or code OP), user, action, and days (inclusive, UTC). */
function whereOf(db: Queryable, query: AuditFilters): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.patientId) {
    conditions.push(eq(auditEvents.patientId, query.patientId));
  }
  if (query.patientCode !== undefined) {
    const coded = db.select({ id: patients.id }).from(patients).where(eq(patients.codeOP, query.patientCode));
    conditions.push(inArray(auditEvents.patientId, coded));
  }
  if (query.userId) {
    conditions.push(eq(auditEvents.actorUserId, query.userId));
  }
  if (query.action) {
    conditions.push(eq(auditEvents.action, query.action));
  }
  if (query.from) {
    conditions.push(gte(auditEvents.at, new Date(`${query.from}T00:00:00Z`)));
  }
  if (query.to) {
    const end = new Date(`${query.to}T00:00:00Z`);
    end.setUTCDate(end.getUTCDate() + 1);
    conditions.push(lt(auditEvents.at, end));
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}
