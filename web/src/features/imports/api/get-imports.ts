import { IMPORT_RUNNING, type ImportListQuery, importListItemSchema, pageOf } from '@registry/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { toQueryString } from '../../../lib/query-string.ts';
import { importListQueryKey } from './keys.ts';

const importsPageSchema = pageOf(importListItemSchema);
export type ImportsPage = z.infer<typeof importsPageSchema>;

/** `GET /api/imports`: the caller's imports (an admin: everyone's), newest first. */
export async function getImports(query: ImportListQuery, signal?: AbortSignal): Promise<ImportsPage> {
  return api(`/imports${toQueryString({ ...query })}`, importsPageSchema, { signal });
}

export const importsQueryOptions = (query: ImportListQuery) =>
  queryOptions({
    queryKey: [...importListQueryKey, query],
    queryFn: ({ signal }) => getImports(query, signal),
    staleTime: 5_000,
  });

/**
 * A page of the list; while the next page loads, the rows shown stay. While an import of the page is
 * being checked or applied, the page is read again every few seconds, so that its state moves on.
 */
export function useImports(query: ImportListQuery) {
  return useQuery({
    ...importsQueryOptions(query),
    placeholderData: keepPreviousData,
    refetchInterval: (state) =>
      state.state.data?.data.some((row) => IMPORT_RUNNING.includes(row.status)) ? 3_000 : false,
  });
}
