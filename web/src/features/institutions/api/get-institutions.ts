import { type InstitutionListQuery, institutionSchema, pageOf } from '@registry/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { toQueryString } from '../../../lib/query-string.ts';

const institutionsPageSchema = pageOf(institutionSchema);
export type InstitutionsPage = z.infer<typeof institutionsPageSchema>;

/** Every institutions query (this list, the doctor dropdown) lives under this key; changes invalidate it. */
export const institutionsKey = ['institutions'] as const;

export async function getInstitutions(
  query: InstitutionListQuery,
  signal?: AbortSignal,
): Promise<InstitutionsPage> {
  return api(`/institutions/list${toQueryString(query)}`, institutionsPageSchema, { signal });
}

export const institutionsQueryOptions = (query: InstitutionListQuery) =>
  queryOptions({
    queryKey: [...institutionsKey, 'list', query],
    queryFn: ({ signal }) => getInstitutions(query, signal),
    // A page loaded just before it is shown (see usePageChange) is not asked for twice.
    staleTime: 10_000,
  });

/** One page of institutions; while another page, search or sort loads, the rows shown stay. */
export function useInstitutions(query: InstitutionListQuery) {
  return useQuery({ ...institutionsQueryOptions(query), placeholderData: keepPreviousData });
}
