import { dataOf, type EarlyDeath, type EarlyDeathQuery, earlyDeathSchema } from '@registry/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { outcomesQueryKey } from '../../../lib/query-keys.ts';
import { toQueryString } from '../../../lib/query-string.ts';

/** `GET /api/outcomes/early-death`: deaths within each day count of the diagnosis, by group. */
export async function getEarlyDeath(query: EarlyDeathQuery, signal?: AbortSignal): Promise<EarlyDeath> {
  const { days, ...rest } = query;
  return (
    await api(
      `/outcomes/early-death${toQueryString({ ...rest, days: days.join(',') })}`,
      dataOf(earlyDeathSchema),
      { signal },
    )
  ).data;
}

export const earlyDeathQueryOptions = (query: EarlyDeathQuery) =>
  queryOptions({
    queryKey: [...outcomesQueryKey, 'early-death', query],
    queryFn: ({ signal }) => getEarlyDeath(query, signal),
    staleTime: 60_000,
  });

/** Early deaths; while other filters load, the ones shown stay. */
export function useEarlyDeath(query: EarlyDeathQuery) {
  return useQuery({ ...earlyDeathQueryOptions(query), placeholderData: keepPreviousData });
}
