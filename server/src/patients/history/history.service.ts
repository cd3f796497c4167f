import {
  ADMIN_ONLY_PATIENT_FIELDS,
  type PatientHistoryEntry,
  type PatientHistoryQuery,
  seesAdminFields,
} from '@registry/shared';
import { recordAudit } from '../../audit/record.ts';
import type { Actor } from '../../auth/actor.ts';
import type { AppContext } from '../../context.ts';
import { type Page, toPage } from '../../http/paging.ts';
import { loadVisiblePatient, viewerOf } from '../patient-access.ts';
import { createHistoryRepository } from './history.repository.ts';

/** An entry as a viewer may see it: a doctor's has no admin-only field of the patient. */
function shownTo(isAdmin: boolean, entry: PatientHistoryEntry): PatientHistoryEntry {
  if (seesAdminFields({ isAdmin }) || entry.entityType !== 'patient' || !entry.changes) {
    return entry;
  }
  const hidden = new Set<string>(ADMIN_ONLY_PATIENT_FIELDS);
  const changes = Object.fromEntries(Object.entries(entry.changes).filter(([field]) => !hidden.has(field)));
  return { ...entry, changes };
}

/**
 * A page of a patient's history, newest first, for a caller who sees the patient (404 otherwise). The
 * history shows past values of the file, so reading it is audited like a read of the file.
 */
export async function readHistory(
  ctx: AppContext,
  actor: Actor,
  patientId: string,
  query: PatientHistoryQuery,
): Promise<Page<PatientHistoryEntry>> {
  await loadVisiblePatient(ctx.db, actor.principal, patientId);
  const viewer = viewerOf(actor.principal);
  const { rows, total } = await createHistoryRepository(ctx.db).page(viewer, patientId, query);
  await recordAudit(ctx.db, actor, {
    action: 'patient.history',
    entityType: 'patient',
    entityId: patientId,
    patientId,
  });
  return toPage(
    rows.map((row) => shownTo(viewer.isAdmin, row)),
    total,
    query.page,
    query.size,
  );
}
