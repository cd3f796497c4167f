import { recordAudits } from '../audit/record.ts';
import type { Actor } from '../auth/actor.ts';
import type { AppContext } from '../context.ts';
import type { Queryable } from '../db/client.ts';
import { withUniqueConflicts } from '../db/unique-violations.ts';
import { HttpError } from '../http/errors.ts';
import type { PatientFile } from './patient-file.ts';
import {
  type FileTarget,
  type FileWriteOptions,
  type WrittenFile,
  writePatientFileIn,
} from './patient-file-write.ts';
import type { DeferredWork } from './patient-write.ts';
import { refreshReadModel } from './read-model/projection.ts';

/** A transaction that writes many patients' files (`writePatientFiles`). */
export interface PatientFileGroup {
  /** The group's transaction, for what the caller writes beside the files (an import's rows). */
  readonly tx: Queryable;
  /**
   * Writes one patient's whole file in a savepoint of its own (`writePatientFile`): a file the rules
   * refuse rolls back that savepoint alone, and its refusal is answered rather than thrown.
   */
  write(target: FileTarget, file: PatientFile, options: FileWriteOptions): Promise<WrittenFile | HttpError>;
}

/**
 * Writes many patients' files in one transaction (an import's apply): each file whole or not at all, in
 * its own savepoint, through the same frame and rules as one file alone; then, once, the read model of
 * every patient written and their audit trail: what a transaction pays once — its commit, the read
 * model's statements — is paid once per group rather than once per patient. A server stopped under the
 * group leaves none of its patients written.
 */
export function writePatientFiles<T>(
  ctx: AppContext,
  actor: Actor,
  work: (group: PatientFileGroup) => Promise<T>,
): Promise<T> {
  return ctx.db.transaction(async (tx) => {
    const done: DeferredWork = { patientIds: new Set(), audits: [] };
    const result = await work({
      tx,
      async write(target, file, options) {
        const own: DeferredWork = { patientIds: new Set(), audits: [] };
        try {
          const written = await withUniqueConflicts(() =>
            tx.transaction((savepoint) => writePatientFileIn(savepoint, actor, target, file, options, own)),
          );
          for (const id of own.patientIds) {
            done.patientIds.add(id);
          }
          done.audits.push(...own.audits);
          return written;
        } catch (error) {
          if (error instanceof HttpError) {
            return error;
          }
          throw error;
        }
      },
    });
    await refreshReadModel(tx, [...done.patientIds]);
    await recordAudits(tx, actor, done.audits);
    return result;
  });
}
