import { dataOf, pageOf } from '@registry/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { queriesQueryKey } from '../../../lib/query-keys.ts';
import { toQueryString } from '../../../lib/query-string.ts';
import { type QueryListQuery, querySchema } from './schemas.ts';

const queriesPageSchema = pageOf(querySchema);
export type QueriesPage = z.infer<typeof queriesPageSchema>;

/**
 * `GET /api/queries`: the queries the caller sees (a doctor: those of their own patients), newest change first.
 */
export async function getQueries(query: QueryListQuery, signal?: AbortSignal): Promise<QueriesPage> {
  return api(`/queries${toQueryString({ ...query })}`, queriesPageSchema, { signal });
}

export const queriesQueryOptions = (query: QueryListQuery) =>
  queryOptions({
    queryKey: [...queriesQueryKey, query],
    queryFn: ({ signal }) => getQueries(query, signal),
    staleTime: 10_000,
  });

/** The queries of one patient, every state (the patient file shows them by field). */
export function usePatientQueries(patientId: string) {
  return useQuery(queriesQueryOptions({ patientId, size: 1000 }));
}

/** A page of the queries screen; while the next page or filter loads, the rows shown stay. */
export function useQueryList(query: QueryListQuery) {
  return useQuery({ ...queriesQueryOptions(query), placeholderData: keepPreviousData });
}

/** One query's answer, as every state change gives it. */
export const queryAnswerSchema = dataOf(querySchema);
