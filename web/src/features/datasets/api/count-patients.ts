import { type DatasetFilters, dataOf, summarySchema } from '@registry/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { outcomesQueryKey } from '../../../lib/query-keys.ts';
import { toQueryString } from '../../../lib/query-string.ts';

const countSchema = dataOf(summarySchema.pick({ patients: true }));

/**
 * How many patients a dataset of these filters holds: `GET /api/outcomes/summary` takes exactly the
 * dataset's filters (the list's and the diagnosis dates) and counts its patients as the outcomes do.
 */
export async function countPatients(filters: DatasetFilters, signal?: AbortSignal): Promise<number> {
  return (await api(`/outcomes/summary${toQueryString(filters)}`, countSchema, { signal })).data.patients;
}

export const patientCountQueryOptions = (filters: DatasetFilters) =>
  queryOptions({
    // Under the outcomes' key: a patient written anywhere makes the count stale (lib/query-keys.ts).
    queryKey: [...outcomesQueryKey, 'dataset-count', filters],
    queryFn: ({ signal }) => countPatients(filters, signal),
    staleTime: 60_000,
  });

/** The patients the filters reach; while other filters are counted, the last count stays. */
export function usePatientCount(filters: DatasetFilters) {
  return useQuery({ ...patientCountQueryOptions(filters), placeholderData: keepPreviousData });
}
