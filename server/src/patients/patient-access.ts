import { BIOBANK } from '@registry/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type AuditEntry, createAuditRepository } from '../audit/audit.repository.ts';
import type { Principal } from '../auth/principal.ts';
import type { AppContext } from '../context.ts';
import type { Queryable } from '../db/client.ts';
import { uniqueViolation } from '../db/errors.ts';
import { conflict, HttpError, notFound } from '../http/errors.ts';
import type { Viewer } from './patient-sql.ts';
import { createPatientsRepository, type PatientHead } from './patients.repository.ts';

/**
 * Who may see and write which patient (CONTRACT.md §6), enforced here and nowhere else, and the frame
 * every write to a patient runs in: one transaction that locks the patient, checks its version, applies
 * the change, moves the version on and writes the audit trail.
 */

/** A refused permission check. It answers like any HttpError and is written to the audit trail. */
export class RefusedError extends HttpError {
  constructor(
    status: 403 | 404,
    readonly patientId: string | null,
  ) {
    super(status, status === 403 ? 'FORBIDDEN' : 'NOT_FOUND');
  }
}

/** The caller of a request, and when and where from, as the audit trail records it. */
export interface Actor {
  readonly principal: Principal;
  readonly ip: string;
  readonly now: Date;
}

export function actorOf(ctx: AppContext, principal: Principal, request: FastifyRequest): Actor {
  return { principal, ip: request.ip, now: ctx.now() };
}

export function viewerOf(principal: Principal): Viewer {
  return { isAdmin: principal.isAdmin, doctorId: principal.doctor?.id ?? null };
}

/** Admins see every patient; a doctor only the patients that doctor created. */
export function canSee(principal: Principal, head: Pick<PatientHead, 'doctorId'>): boolean {
  return principal.isAdmin || (principal.doctor !== null && principal.doctor.id === head.doctorId);
}

/** The patient, or 404 when it does not exist or the caller may not see it (ids cannot be probed). */
export async function loadVisiblePatient(
  db: Queryable,
  principal: Principal,
  id: string,
  options: { lock?: boolean } = {},
): Promise<PatientHead> {
  const head = await createPatientsRepository(db).findHead(id, options);
  if (!head) {
    throw notFound();
  }
  if (!canSee(principal, head)) {
    throw new RefusedError(404, id);
  }
  return head;
}

/**
 * What a write touches: `clinical` is every record a doctor keeps (admins are read-only there);
 * `codeOP` and `ngsOp` are the admin's; `labReports` are the doctor's entries, which biobank doctors
 * do not save.
 */
export type PatientCapability = 'clinical' | 'codeOP' | 'ngsOp' | 'labReports';

export function isBiobank(head: Pick<PatientHead, 'institutionType'>): boolean {
  return head.institutionType === BIOBANK;
}

/** Refuses (403) a write the caller's role does not allow on a patient the caller sees. */
export function assertMay(principal: Principal, head: PatientHead, capability: PatientCapability): void {
  const doctor = !principal.isAdmin && principal.doctor !== null;
  const allowed =
    capability === 'codeOP' || capability === 'ngsOp'
      ? principal.isAdmin
      : capability === 'labReports'
        ? doctor && !isBiobank(head)
        : doctor;
  if (!allowed) {
    throw new RefusedError(403, head.id);
  }
}

/** Whether `If-Match` (absent, `*`, `"3"`, `W/"3"` or a list) accepts the current version. */
export function matchesVersion(ifMatch: string | undefined, version: number): boolean {
  if (ifMatch === undefined) {
    return true;
  }
  return ifMatch.split(',').some((tag) => {
    const value = tag
      .trim()
      .replace(/^W\//, '')
      .replace(/^"(.*)"$/, '$1');
    return value === '*' || value === String(version);
  });
}

/** A change to record: the patient and the actor are added by the write frame. */
export type ChangeEntry = Pick<AuditEntry, 'action' | 'entityType' | 'entityId' | 'changes'>;

export interface PatientWrite {
  readonly tx: Queryable;
  readonly head: PatientHead;
  /** Records a change: each one lands in the audit trail, and any change moves the version on. */
  record(entry: ChangeEntry): void;
}

/** Turns a unique violation that passed the checks (two writes at once) into the contract's 409. */
export function mapUniqueViolation(error: unknown): unknown {
  const constraint = uniqueViolation(error);
  if (constraint === 'patients_identification_unique') {
    return conflict('PATIENT_IDENTIFICATION_EXISTS', { identification: 'validation.identificationExists' });
  }
  if (constraint === 'patients_code_op_unique') {
    return conflict('PATIENT_CODE_OP_EXISTS', { codeOP: 'validation.codeOPExists' });
  }
  return error;
}

/**
 * Runs a write to a patient: locks it, refuses what the caller may not see (404) or do (403), answers
 * 412 when `If-Match` names an older version, and commits the change together with its audit entries
 * and the new version. Answers the work's result and the patient's version after it.
 */
export async function writePatient<T>(
  ctx: AppContext,
  actor: Actor,
  patientId: string,
  options: { ifMatch?: string | undefined; capabilities: readonly PatientCapability[] },
  work: (write: PatientWrite) => Promise<T>,
): Promise<{ result: T; version: number }> {
  try {
    return await ctx.db.transaction(async (tx) => {
      const head = await loadVisiblePatient(tx, actor.principal, patientId, { lock: true });
      for (const capability of options.capabilities) {
        assertMay(actor.principal, head, capability);
      }
      if (!matchesVersion(options.ifMatch, head.version)) {
        throw new HttpError(412, 'STALE_VERSION', undefined, { etag: `"${head.version}"` });
      }
      const entries: ChangeEntry[] = [];
      const result = await work({ tx, head, record: (entry) => entries.push(entry) });
      if (entries.length === 0) {
        return { result, version: head.version };
      }
      const version = await createPatientsRepository(tx).bumpVersion(head.id);
      const audit = createAuditRepository(tx);
      for (const entry of entries) {
        await audit.record({ ...entry, ...auditActor(actor), patientId: head.id });
      }
      return { result, version };
    });
  } catch (error) {
    throw mapUniqueViolation(error);
  }
}

/** The actor's part of an audit entry. */
export function auditActor(actor: Actor) {
  return {
    at: actor.now,
    actorUserId: actor.principal.userId,
    actorEmail: actor.principal.email,
    ip: actor.ip,
  };
}

/**
 * Writes every refused permission check of a plugin's routes to the audit trail (CONTRACT.md §8).
 * It runs after the refused transaction has rolled back, so the entry stays.
 */
export function auditRefusals(app: FastifyInstance, ctx: AppContext): void {
  app.addHook('onError', async (request, _reply, error) => {
    if (!(error instanceof RefusedError) || !request.principal) {
      return;
    }
    await createAuditRepository(ctx.db).record({
      at: ctx.now(),
      actorUserId: request.principal.userId,
      actorEmail: request.principal.email,
      action: `${request.method} ${request.routeOptions.url ?? request.url}`,
      outcome: 'denied',
      entityType: 'patient',
      ...(error.patientId ? { entityId: error.patientId, patientId: error.patientId } : {}),
      ip: request.ip,
    });
  });
}
