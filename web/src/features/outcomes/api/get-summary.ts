import { dataOf, type Summary, type SummaryQuery, summarySchema } from '@registry/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { outcomesQueryKey } from '../../../lib/query-keys.ts';
import { toQueryString } from '../../../lib/query-string.ts';

/** `GET /api/outcomes/summary`: counts, relapses, deaths, median follow-up and completeness. */
export async function getSummary(query: SummaryQuery, signal?: AbortSignal): Promise<Summary> {
  return (await api(`/outcomes/summary${toQueryString(query)}`, dataOf(summarySchema), { signal })).data;
}

export const summaryQueryOptions = (query: SummaryQuery) =>
  queryOptions({
    queryKey: [...outcomesQueryKey, 'summary', query],
    queryFn: ({ signal }) => getSummary(query, signal),
    staleTime: 60_000,
  });

export function useSummary(query: SummaryQuery) {
  return useQuery({ ...summaryQueryOptions(query), placeholderData: keepPreviousData });
}
