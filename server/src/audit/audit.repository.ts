import type { Queryable } from '../db/client.ts';
import { auditEvents } from '../db/schema.ts';

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
}

/** The append-only audit trail (CONTRACT.md §8). Pass the transaction of the change it records. */
export function createAuditRepository(db: Queryable) {
  return {
    async record(entry: AuditEntry): Promise<void> {
      await db.insert(auditEvents).values({
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
      });
    },
  };
}
