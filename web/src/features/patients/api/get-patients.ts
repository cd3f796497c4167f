import { type PatientListQuery, pageOf, patientRowSchema } from '@registry/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { patientListQueryKey } from '../../../lib/query-keys.ts';
import { toQueryString } from '../../../lib/query-string.ts';

const patientsPageSchema = pageOf(patientRowSchema);
export type PatientsPage = z.infer<typeof patientsPageSchema>;

export async function getPatients(query: PatientListQuery, signal?: AbortSignal): Promise<PatientsPage> {
  return api(`/patients/list${toQueryString(query)}`, patientsPageSchema, { signal });
}

export const patientsQueryOptions = (query: PatientListQuery) =>
  queryOptions({
    queryKey: [...patientListQueryKey, query],
    queryFn: ({ signal }) => getPatients(query, signal),
    // A page loaded just before it is shown (see usePageChange) is not asked for twice.
    staleTime: 10_000,
  });

/** One page of patients; while another page, filter or sort loads, the rows shown stay. */
export function usePatients(query: PatientListQuery) {
  return useQuery({ ...patientsQueryOptions(query), placeholderData: keepPreviousData });
}
