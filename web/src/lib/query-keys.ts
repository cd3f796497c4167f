import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * The roots of the query keys that a write makes stale. The patients feature reads a patient and the
 * list; the outcomes feature reads the curves, the summary and the follow-up list, all computed over
 * many patients; the quality feature reads the queries, the menu's notifications (its badge counts the
 * follow-ups due), the coordinator's view and the patients a rule flags. Features do not import each
 * other, so the roots live here and every write goes through `invalidatePatientData` or
 * `invalidateQueryData`.
 */

/** Every page of the patient list lives under this key. */
export const patientListQueryKey = ['patients', 'list'] as const;

/** Every query about one patient (the file, its history) starts with this key. */
export const patientQueryKey = (patientId: string) => ['patients', 'detail', patientId] as const;

/** Every query of the outcomes and of the follow-up list starts with this key. */
export const outcomesQueryKey = ['outcomes'] as const;

/** Every query of data quality starts with this key. */
const qualityQueryKey = ['quality'] as const;

/** The quality rules: fixed in the code, so no write makes them stale. */
export const qualityRulesQueryKey = [...qualityQueryKey, 'rules'] as const;

/** Every list of queries: the queries screen and a patient's threads. */
export const queriesQueryKey = [...qualityQueryKey, 'queries'] as const;

/** The menu's notifications and badge: the queries waiting and, for a doctor, the follow-ups due. */
export const notificationsQueryKey = [...qualityQueryKey, 'notifications'] as const;

/** The coordinator's view (`/quality`), per institution or per doctor. */
export const qualityOverviewQueryKey = [...qualityQueryKey, 'overview'] as const;

/** How many patients a rule flags, and how many a bulk opening would reach. */
export const bulkCountQueryKey = [...qualityQueryKey, 'bulk-count'] as const;

async function invalidate(queryClient: QueryClient, keys: readonly (QueryKey | undefined)[]): Promise<void> {
  await Promise.all(
    keys.map((queryKey) => (queryKey ? queryClient.invalidateQueries({ queryKey }) : undefined)),
  );
}

/**
 * After any write to a patient (created, edited, a record saved or deleted, a death, a follow-up, a code):
 * reads again the patient, if named, the patient list, the outcomes, and what data quality counts of the
 * patients: the coordinator's view, the notifications, the queries (they name the patient) and the
 * patients a rule flags. Resolves once the queries on screen are fresh, so that the next write names the
 * patient's new version.
 */
export async function invalidatePatientData(queryClient: QueryClient, patientId?: string): Promise<void> {
  await invalidate(queryClient, [
    patientId ? patientQueryKey(patientId) : undefined,
    patientListQueryKey,
    outcomesQueryKey,
    qualityOverviewQueryKey,
    notificationsQueryKey,
    queriesQueryKey,
    bulkCountQueryKey,
  ]);
}

/**
 * After a query is opened, answered, closed or reopened: reads again the queries, the notifications, the
 * coordinator's view, the patients a rule would reach, and the patient list (its `query=` filter). A query
 * changes no patient record: a correction goes through the patient's own writes.
 */
export async function invalidateQueryData(queryClient: QueryClient): Promise<void> {
  await invalidate(queryClient, [
    queriesQueryKey,
    notificationsQueryKey,
    qualityOverviewQueryKey,
    bulkCountQueryKey,
    patientListQueryKey,
  ]);
}
