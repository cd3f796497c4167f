import { dataOf, type Survival, type SurvivalQuery, survivalSchema } from '@registry/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { outcomesQueryKey } from '../../../lib/query-keys.ts';
import { toQueryString } from '../../../lib/query-string.ts';

/** `GET /api/outcomes/survival`: overall or relapse-free survival of the filtered cohort, by group. */
export async function getSurvival(query: SurvivalQuery, signal?: AbortSignal): Promise<Survival> {
  return (await api(`/outcomes/survival${toQueryString(query)}`, dataOf(survivalSchema), { signal })).data;
}

export const survivalQueryOptions = (query: SurvivalQuery) =>
  queryOptions({
    queryKey: [...outcomesQueryKey, 'survival', query],
    queryFn: ({ signal }) => getSurvival(query, signal),
    staleTime: 60_000,
  });

/** The curves; while other filters load, the ones shown stay (the screen says it is updating). */
export function useSurvival(query: SurvivalQuery, enabled: boolean) {
  return useQuery({ ...survivalQueryOptions(query), enabled, placeholderData: keepPreviousData });
}
