import { pageOf, patientHistoryEntrySchema } from '@registry/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { patientQueryKey } from '../../../lib/query-keys.ts';
import { toQueryString } from '../../../lib/query-string.ts';

const historyPageSchema = pageOf(patientHistoryEntrySchema);
export type PatientHistoryPage = z.infer<typeof historyPageSchema>;

/** Entries per page of a patient's history; the header's last change is the first entry of page 0. */
export const HISTORY_PAGE_SIZE = 10;

export async function getPatientHistory(
  patientId: string,
  page: number,
  signal?: AbortSignal,
): Promise<PatientHistoryPage> {
  return api(
    `/patients/${patientId}/history${toQueryString({ page, size: HISTORY_PAGE_SIZE })}`,
    historyPageSchema,
    { signal },
  );
}

/** Under the patient's key: every write to the patient, which invalidates it, refreshes the history too. */
export const patientHistoryQueryOptions = (patientId: string, page: number) =>
  queryOptions({
    queryKey: [...patientQueryKey(patientId), 'history', page],
    queryFn: ({ signal }) => getPatientHistory(patientId, page, signal),
    staleTime: 10_000,
  });

/** A page of the patient's history, newest first; while another page loads, the entries shown stay. */
export function usePatientHistory(patientId: string, page: number) {
  return useQuery({ ...patientHistoryQueryOptions(patientId, page), placeholderData: keepPreviousData });
}
