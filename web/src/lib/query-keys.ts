import type { QueryClient } from '@tanstack/react-query';

/**
 * The roots of the query keys that a patient write makes stale. The patients feature reads a patient and
 * the list; the outcomes feature reads the curves, the summary and the follow-up list (with the menu's
 * badge), all computed over many patients. Features do not import each other, so the roots live here and
 * every patient write goes through `invalidatePatientData`.
 */

/** Every page of the patient list lives under this key. */
export const patientListQueryKey = ['patients', 'list'] as const;

/** Every query about one patient (the file, its history) starts with this key. */
export const patientQueryKey = (patientId: string) => ['patients', 'detail', patientId] as const;

/** Every query of the outcomes and of the follow-up list starts with this key. */
export const outcomesQueryKey = ['outcomes'] as const;

/**
 * After any write to a patient (created, edited, a record saved or deleted, a death, a follow-up, a code):
 * reads again the patient, if named, the patient list and the outcomes. Resolves once the queries on
 * screen are fresh, so that the next write names the patient's new version.
 */
export async function invalidatePatientData(queryClient: QueryClient, patientId?: string): Promise<void> {
  await Promise.all([
    patientId ? queryClient.invalidateQueries({ queryKey: patientQueryKey(patientId) }) : undefined,
    queryClient.invalidateQueries({ queryKey: patientListQueryKey }),
    queryClient.invalidateQueries({ queryKey: outcomesQueryKey }),
  ]);
}
