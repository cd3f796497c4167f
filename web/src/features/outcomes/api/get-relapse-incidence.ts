import { dataOf, type Incidence, type IncidenceQuery, incidenceSchema } from '@registry/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { outcomesQueryKey } from '../../../lib/query-keys.ts';
import { toQueryString } from '../../../lib/query-string.ts';

/** `GET /api/outcomes/relapse-incidence`: the cumulative incidence of relapse, by group. */
export async function getRelapseIncidence(query: IncidenceQuery, signal?: AbortSignal): Promise<Incidence> {
  return (
    await api(`/outcomes/relapse-incidence${toQueryString(query)}`, dataOf(incidenceSchema), { signal })
  ).data;
}

export const relapseIncidenceQueryOptions = (query: IncidenceQuery) =>
  queryOptions({
    queryKey: [...outcomesQueryKey, 'relapse-incidence', query],
    queryFn: ({ signal }) => getRelapseIncidence(query, signal),
    staleTime: 60_000,
  });

export function useRelapseIncidence(query: IncidenceQuery, enabled: boolean) {
  return useQuery({ ...relapseIncidenceQueryOptions(query), enabled, placeholderData: keepPreviousData });
}
