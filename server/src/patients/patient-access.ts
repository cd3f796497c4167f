import { isBiobank, mayWrite, type PatientCapability } from '@registry/shared';
import type { Principal } from '../auth/principal.ts';
import type { Queryable } from '../db/client.ts';
import { notFound, RefusedError } from '../http/errors.ts';
import { createPatientsRepository, type PatientHead } from './patients.repository.ts';

/**
 * Who may see and write which patient (docs/product-rules.md#roles). Which patients a caller sees is
 * decided here, for one patient, and in the read model's list conditions, for many; what a caller may
 * write and which fields they see come from the shared patient policy, which the web app mirrors.
 */

/** Who is reading: admins see every patient and the admin-only fields; a doctor their own patients. */
export interface Viewer {
  readonly isAdmin: boolean;
  readonly doctorId: string | null;
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

/** Refuses (403) a write the caller's role does not allow on a patient the caller sees. */
export function assertMay(principal: Principal, head: PatientHead, capability: PatientCapability): void {
  const user = { isAdmin: principal.isAdmin, isDoctor: principal.doctor !== null };
  if (!mayWrite(user, capability, isBiobank(head.institutionType))) {
    throw new RefusedError(403, head.id);
  }
}
