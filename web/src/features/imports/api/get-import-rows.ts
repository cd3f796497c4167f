import { type ImportRowsQuery, importRowSchema, pageOf } from '@registry/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { toQueryString } from '../../../lib/query-string.ts';
import { importQueryKey } from './keys.ts';

const rowsPageSchema = pageOf(importRowSchema);
export type ImportRowsPage = z.infer<typeof rowsPageSchema>;

/** `GET /api/imports/{id}/rows`: the rows as the check judged them, in the file's order, by action. */
export async function getImportRows(
  importId: string,
  query: ImportRowsQuery,
  signal?: AbortSignal,
): Promise<ImportRowsPage> {
  return api(`/imports/${encodeURIComponent(importId)}/rows${toQueryString({ ...query })}`, rowsPageSchema, {
    signal,
  });
}

export const importRowsQueryOptions = (importId: string, query: ImportRowsQuery) =>
  queryOptions({
    queryKey: [...importQueryKey(importId), 'rows', query],
    queryFn: ({ signal }) => getImportRows(importId, query, signal),
  });

/** A page of rows; while the next page or action loads, the rows shown stay. */
export function useImportRows(importId: string, query: ImportRowsQuery) {
  return useQuery({ ...importRowsQueryOptions(importId, query), placeholderData: keepPreviousData });
}
