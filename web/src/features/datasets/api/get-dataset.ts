import { type Dataset, dataOf, datasetSchema } from '@registry/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { BUILD_POLL_MS, datasetsQueryKey, isBuilding } from './keys.ts';

/** `GET /api/datasets/{id}`: the request, where its build stands, and the zip's figures once ready. */
export async function getDataset(id: string, signal?: AbortSignal): Promise<Dataset> {
  return (await api(`/datasets/${encodeURIComponent(id)}`, dataOf(datasetSchema), { signal })).data;
}

export const datasetQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...datasetsQueryKey, 'detail', id],
    queryFn: ({ signal }) => getDataset(id, signal),
    // Asked again every second while it is being built, so that its progress moves; then no more.
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status && isBuilding(status) && query.state.status !== 'error' ? BUILD_POLL_MS : false;
    },
  });

/** One dataset; while it is built, its progress is read again every second. */
export function useDataset(id: string) {
  return useQuery(datasetQueryOptions(id));
}
