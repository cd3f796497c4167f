import { dataOf } from '@registry/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api, apiBlob, saveBlob } from '../../../lib/api-client.ts';
import { qualityOverviewQueryKey } from '../../../lib/query-keys.ts';
import { toQueryString } from '../../../lib/query-string.ts';
import { type Overview, type OverviewQuery, overviewSchema } from './schemas.ts';

/**
 * `GET /api/quality/overview` (admins): per institution or per doctor, the patients, the completeness of
 * the key fields and of the ELN inputs, the findings, the queries, the follow-ups due and the delay of
 * registration, with the totals.
 */
export async function getOverview(query: OverviewQuery, signal?: AbortSignal): Promise<Overview> {
  const answer = await api(`/quality/overview${toQueryString({ ...query })}`, dataOf(overviewSchema), {
    signal,
  });
  return answer.data;
}

export const overviewQueryOptions = (query: OverviewQuery) =>
  queryOptions({
    queryKey: [...qualityOverviewQueryKey, query],
    queryFn: ({ signal }) => getOverview(query, signal),
    staleTime: 30_000,
  });

export function useOverview(query: OverviewQuery) {
  return useQuery({ ...overviewQueryOptions(query), placeholderData: keepPreviousData });
}

/** `GET /api/quality/overview/csv`: the same table, saved under the name the server gives it. */
export async function downloadOverview(query: OverviewQuery): Promise<string> {
  const { blob, filename } = await apiBlob(`/quality/overview/csv${toQueryString({ ...query })}`);
  saveBlob(blob, filename);
  return filename;
}

export function useDownloadOverview() {
  return useMutation({ mutationFn: downloadOverview });
}
