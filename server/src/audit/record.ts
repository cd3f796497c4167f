import type { FastifyRequest } from 'fastify';
import type { Actor } from '../auth/actor.ts';
import type { Queryable } from '../db/client.ts';
import { type AuditEntry, createAuditRepository } from './audit.repository.ts';

/**
 * The one way entries reach the audit trail (docs/product-rules.md#audit): who, when, from where,
 * what, and for changes each field's old and new value. Pass the transaction of the change recorded,
 * so that the entry commits or rolls back with it.
 */

/** A field's old and new value. */
export type Changes = Record<string, { old: unknown; new: unknown }>;

/** `{ field: { old, new } }` for the fields whose value changes; values compare as JSON. */
export function changesOf(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  prefix = '',
): Changes {
  const changes: Changes = {};
  for (const [field, value] of Object.entries(after)) {
    if (value === undefined) {
      continue;
    }
    const old = before[field] ?? null;
    if (JSON.stringify(old) !== JSON.stringify(value)) {
      changes[`${prefix}${field}`] = { old, new: value };
    }
  }
  return changes;
}

/** The changes of a record that came into being: every value that is set, from null. */
export function created(values: Record<string, unknown>, prefix = ''): Changes {
  return changesOf({}, values, prefix);
}

/** The changes of a record that was removed: every value it had, to null. */
export function removed(values: Record<string, unknown>): Changes {
  return Object.fromEntries(Object.entries(values).map(([field, old]) => [field, { old, new: null }]));
}

/** Who did something: a signed-in actor, or (sign-in, password reset) the account an email names. */
export type AuditBy =
  | Actor
  | {
      readonly userId: string | null;
      readonly email: string | null;
      readonly ip: string;
      readonly now: Date;
    };

/** What happened; the rest of the entry comes from `by`. */
export type AuditRecord = Pick<
  AuditEntry,
  'action' | 'outcome' | 'entityType' | 'entityId' | 'patientId' | 'changes'
>;

/** An entry as its actor makes it. */
function entryBy(by: AuditBy, entry: AuditRecord) {
  const who =
    'principal' in by
      ? { userId: by.principal.userId, email: by.principal.email }
      : { userId: by.userId, email: by.email };
  return {
    ...entry,
    at: by.now,
    actorUserId: who.userId,
    actorEmail: who.email,
    ip: by.ip,
    importId: 'importId' in by ? (by.importId ?? null) : null,
  };
}

/** Writes one entry of the audit trail. */
export async function recordAudit(db: Queryable, by: AuditBy, entry: AuditRecord): Promise<void> {
  await createAuditRepository(db).record(entryBy(by, entry));
}

/** Writes the entries of one change (a write's records), in one statement. */
export async function recordAudits(
  db: Queryable,
  by: AuditBy,
  entries: readonly AuditRecord[],
): Promise<void> {
  await createAuditRepository(db).recordMany(entries.map((entry) => entryBy(by, entry)));
}

/** A refused permission check: the route, and the patient when the refusal was about one. */
export async function recordRefusal(
  db: Queryable,
  request: FastifyRequest,
  now: Date,
  patientId: string | null,
): Promise<void> {
  const principal = request.principal;
  if (!principal) {
    return;
  }
  await recordAudit(
    db,
    { principal, ip: request.ip, now },
    {
      action: `${request.method} ${request.routeOptions.url ?? request.url}`,
      outcome: 'denied',
      ...(patientId ? { entityType: 'patient', entityId: patientId, patientId } : {}),
    },
  );
}
