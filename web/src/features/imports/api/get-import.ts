import { dataOf, IMPORT_RUNNING, type Import, importSchema } from '@registry/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { importQueryKey } from './keys.ts';

export const importAnswerSchema = dataOf(importSchema);

/** How often an import the server is working on is read again. */
export const IMPORT_POLL_MS = 1_000;

/** `GET /api/imports/{id}`: the import, its state and its progress. */
export async function getImport(importId: string, signal?: AbortSignal): Promise<Import> {
  const answer = await api(`/imports/${encodeURIComponent(importId)}`, importAnswerSchema, { signal });
  return answer.data;
}

export const importQueryOptions = (importId: string) =>
  queryOptions({
    queryKey: importQueryKey(importId),
    queryFn: ({ signal }) => getImport(importId, signal),
  });

/**
 * The import, read again every second while the server checks or applies it: the work goes on on the
 * server, so a page opened again after its tab was closed shows where it has got to.
 */
export function useImport(importId: string) {
  return useQuery({
    ...importQueryOptions(importId),
    refetchInterval: (query) =>
      query.state.data && IMPORT_RUNNING.includes(query.state.data.status) ? IMPORT_POLL_MS : false,
  });
}
