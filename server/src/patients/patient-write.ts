import type { PatientCapability } from '@registry/shared';
import { type AuditRecord, recordAudits } from '../audit/record.ts';
import type { Actor } from '../auth/actor.ts';
import type { AppContext } from '../context.ts';
import type { Queryable } from '../db/client.ts';
import { withUniqueConflicts } from '../db/unique-violations.ts';
import { assertVersion } from '../http/if-match.ts';
import { assertMay, loadVisiblePatient } from './patient-access.ts';
import { createPatientsRepository, type PatientHead } from './patients.repository.ts';
import { refreshReadModel } from './read-model/projection.ts';

/** A change to record: the patient and the actor are added by the write frame. */
export type ChangeEntry = Required<Pick<AuditRecord, 'action' | 'entityType' | 'entityId'>> &
  Pick<AuditRecord, 'changes'>;

export interface PatientWrite {
  readonly tx: Queryable;
  readonly head: PatientHead;
  /** Records a change: each one lands in the audit trail, and any change moves the version on. */
  record(entry: ChangeEntry): void;
}

/**
 * The one frame every write to a patient or its records runs in (docs/product-rules.md#versions): one
 * transaction that locks the patient, refuses what the caller may not see (404) or do (403), answers
 * 412 when `If-Match` names an older version, applies the change, moves the version on, brings the
 * patient's row of the list's read model up to date and writes the audit trail. Answers the work's result and the patient's version after it.
 */
export function writePatient<T>(
  ctx: AppContext,
  actor: Actor,
  patientId: string,
  options: { ifMatch?: string | undefined; capabilities: readonly PatientCapability[] },
  work: (write: PatientWrite) => Promise<T>,
): Promise<{ result: T; version: number }> {
  return withUniqueConflicts(() =>
    ctx.db.transaction((tx) => writePatientIn(tx, actor, patientId, options, work)),
  );
}

/**
 * What the writes of many patients in one transaction leave to its end (`writePatientFiles`): the
 * patients whose rows of the read model are built then, all at once, and the audit entries written
 * then in one statement.
 */
export interface DeferredWork {
  readonly patientIds: Set<string>;
  readonly audits: AuditRecord[];
}

/**
 * The write frame within a transaction already open (a whole patient file written at once). `created`:
 * the patient was inserted in this transaction without its read model, which the frame then builds.
 * `deferred`: the read model and the audit trail are left to the end of the caller's transaction.
 */
export async function writePatientIn<T>(
  tx: Queryable,
  actor: Actor,
  patientId: string,
  options: {
    ifMatch?: string | undefined;
    capabilities: readonly PatientCapability[];
    created?: boolean;
    deferred?: DeferredWork | undefined;
  },
  work: (write: PatientWrite) => Promise<T>,
): Promise<{ result: T; version: number }> {
  const head = await loadVisiblePatient(tx, actor.principal, patientId, { lock: true });
  for (const capability of options.capabilities) {
    assertMay(actor.principal, head, capability);
  }
  assertVersion(options.ifMatch, head.version);
  const entries: ChangeEntry[] = [];
  const result = await work({ tx, head, record: (entry) => entries.push(entry) });
  if (entries.length === 0) {
    if (options.created) {
      await refreshOrDefer(tx, head.id, options.deferred);
    }
    return { result, version: head.version };
  }
  const version = await createPatientsRepository(tx).bumpVersion(head.id);
  if (options.deferred) {
    options.deferred.patientIds.add(head.id);
    options.deferred.audits.push(...entries.map((entry) => ({ ...entry, patientId: head.id })));
    return { result, version };
  }
  // The stored records hold the records alone: a change to the patient itself leaves them be.
  await refreshReadModel(tx, [head.id], {
    records: options.created === true || entries.some((entry) => entry.entityType !== 'patient'),
  });
  await recordAudits(
    tx,
    actor,
    entries.map((entry) => ({ ...entry, patientId: head.id })),
  );
  return { result, version };
}

async function refreshOrDefer(tx: Queryable, patientId: string, deferred: DeferredWork | undefined) {
  if (deferred) {
    deferred.patientIds.add(patientId);
  } else {
    await refreshReadModel(tx, [patientId]);
  }
}
