import { dataOf, type ResponseQuery, type ResponseRates, responseSchema } from '@registry/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { outcomesQueryKey } from '../../../lib/query-keys.ts';
import { toQueryString } from '../../../lib/query-string.ts';

/** `GET /api/outcomes/response`: the response to the first line of the filtered cohort, by group. */
export async function getResponse(query: ResponseQuery, signal?: AbortSignal): Promise<ResponseRates> {
  return (await api(`/outcomes/response${toQueryString(query)}`, dataOf(responseSchema), { signal })).data;
}

export const responseQueryOptions = (query: ResponseQuery) =>
  queryOptions({
    queryKey: [...outcomesQueryKey, 'response', query],
    queryFn: ({ signal }) => getResponse(query, signal),
    staleTime: 60_000,
  });

/** The response table; while other filters load, the one shown stays. */
export function useResponse(query: ResponseQuery) {
  return useQuery({ ...responseQueryOptions(query), placeholderData: keepPreviousData });
}
