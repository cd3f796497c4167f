import { changesOf, created, removed } from '../../audit/record.ts';
import type { Actor } from '../../auth/actor.ts';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import { viewerOf } from '../patient-access.ts';
import { type PatientWrite, writePatient } from '../patient-write.ts';
import type { RecordPart, RecordParts } from '../read-model/patient-document.ts';
import { createReadModelRepository } from '../read-model/read-model.repository.ts';

/** A written record as the patient file shows it, with the patient's version after the write. */
export interface Written<T> {
  readonly data: T;
  readonly version: number;
}

/** What the create and update frames need of a kind of record held one row per record. */
export interface RecordKind<Values extends Record<string, unknown>, P extends RecordPart> {
  /** The audit trail's name for it: `sample` gives `sample.create` and `sample.update`. */
  readonly entityType: string;
  /** Where the patient file shows it. */
  readonly part: P;
  readonly repository: (db: Queryable) => {
    patientOf(id: string): Promise<string | null>;
    find(id: string): Promise<Values | null>;
    insert(patientId: string, values: Values): Promise<string>;
    update(id: string, values: Partial<Values>): Promise<void>;
    /** Removes the record; answers whether it was there. */
    remove?(id: string): Promise<boolean>;
  };
}

/** One kind of a patient's records as the caller sees them on the patient file. */
export function readRecords<P extends RecordPart>(
  db: Queryable,
  actor: Actor,
  patientId: string,
  part: P,
): Promise<RecordParts[P]> {
  return createReadModelRepository(db).records(viewerOf(actor.principal), patientId, part);
}

async function shown<P extends RecordPart>(
  ctx: AppContext,
  actor: Actor,
  patientId: string,
  part: P,
  id: string,
): Promise<RecordParts[P][number]> {
  const found = (await readRecords(ctx.db, actor, patientId, part)).find((item) => item.id === id);
  if (!found) {
    throw notFound();
  }
  return found;
}

/** Adds a record within a write already open: audited with every value set. Answers its id. */
export async function insertRecordIn<Values extends Record<string, unknown>, P extends RecordPart>(
  write: PatientWrite,
  kind: RecordKind<Values, P>,
  values: Values,
): Promise<string> {
  const recordId = await kind.repository(write.tx).insert(write.head.id, values);
  write.record({
    action: `${kind.entityType}.create`,
    entityType: kind.entityType,
    entityId: recordId,
    changes: created(values),
  });
  return recordId;
}

/**
 * Changes a record of the patient within a write already open: `prepare` gets the stored values and
 * answers the values to store after the record's rules; only what differs is written and audited.
 * `inserted`: the record's values as this write has just inserted them, which need not be read again.
 */
export async function updateRecordIn<Values extends Record<string, unknown>, P extends RecordPart>(
  write: PatientWrite,
  kind: RecordKind<Values, P>,
  id: string,
  prepare: (write: PatientWrite, before: Values) => Promise<Partial<Values>>,
  inserted?: Values,
): Promise<void> {
  const repository = kind.repository(write.tx);
  const before =
    inserted ?? ((await repository.patientOf(id)) === write.head.id ? await repository.find(id) : null);
  if (!before) {
    throw notFound();
  }
  const values = await prepare(write, before);
  const changes = changesOf(before, values);
  if (Object.keys(changes).length > 0) {
    await repository.update(id, values);
    write.record({ action: `${kind.entityType}.update`, entityType: kind.entityType, entityId: id, changes });
  }
}

/** Removes a record of the patient within a write already open; audited with the values it held. */
export async function deleteRecordIn<Values extends Record<string, unknown>, P extends RecordPart>(
  write: PatientWrite,
  kind: RecordKind<Values, P>,
  id: string,
): Promise<void> {
  const repository = kind.repository(write.tx);
  const before = (await repository.patientOf(id)) === write.head.id ? await repository.find(id) : null;
  if (!before || !repository.remove || !(await repository.remove(id))) {
    throw notFound();
  }
  write.record({
    action: `${kind.entityType}.delete`,
    entityType: kind.entityType,
    entityId: id,
    changes: removed(before),
  });
}

/**
 * Adds a record to a patient on the write frame: `prepare` applies the record's rules and answers the
 * values to store; the creation is audited with every value set.
 */
export async function createRecord<Values extends Record<string, unknown>, P extends RecordPart>(
  ctx: AppContext,
  actor: Actor,
  kind: RecordKind<Values, P>,
  target: { patientId: string; ifMatch: string | undefined },
  prepare: (write: PatientWrite) => Promise<Values>,
): Promise<Written<RecordParts[P][number]>> {
  const { result: id, version } = await writePatient(
    ctx,
    actor,
    target.patientId,
    { ifMatch: target.ifMatch, capabilities: ['clinical'] },
    async (write) => insertRecordIn(write, kind, await prepare(write)),
  );
  return { data: await shown(ctx, actor, target.patientId, kind.part, id), version };
}

/**
 * Changes a record on the write frame: `prepare` gets the stored values and answers the values to
 * store after the record's rules; only what differs is written and audited.
 */
export async function updateRecord<Values extends Record<string, unknown>, P extends RecordPart>(
  ctx: AppContext,
  actor: Actor,
  kind: RecordKind<Values, P>,
  target: { id: string; ifMatch: string | undefined },
  prepare: (write: PatientWrite, before: Values) => Promise<Partial<Values>>,
): Promise<Written<RecordParts[P][number]>> {
  const patientId = await kind.repository(ctx.db).patientOf(target.id);
  if (!patientId) {
    throw notFound();
  }
  const { version } = await writePatient(
    ctx,
    actor,
    patientId,
    { ifMatch: target.ifMatch, capabilities: ['clinical'] },
    (write) => updateRecordIn(write, kind, target.id, prepare),
  );
  return { data: await shown(ctx, actor, patientId, kind.part, target.id), version };
}
