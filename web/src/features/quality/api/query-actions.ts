import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateQueryData } from '../../../lib/query-keys.ts';
import { queryAnswerSchema } from './get-queries.ts';
import type { OpenQueryInput, Query } from './schemas.ts';

/** `POST /api/queries` (admins): opens a query on a patient, optionally on one field. */
export async function openQuery(input: OpenQueryInput): Promise<Query> {
  const answer = await api('/queries', queryAnswerSchema, { method: 'POST', body: input });
  return answer.data;
}

/** The state changes of a query, each a `POST /api/queries/{id}/{action}` with the query's version. */
export const QUERY_ACTIONS = ['answer', 'close', 'reopen'] as const;
export type QueryAction = (typeof QUERY_ACTIONS)[number];

export interface QueryActionInput {
  readonly query: Pick<Query, 'id' | 'version' | 'patientId'>;
  readonly action: QueryAction;
  /** Required to answer; optional to close or reopen. */
  readonly text?: string;
}

/**
 * Answers (the owning doctor), closes or reopens (admins) a query; `If-Match` carries the version the
 * screen showed, so that a query someone else moved on answers 412 and changes nothing.
 */
export async function changeQuery({ query, action, text }: QueryActionInput): Promise<Query> {
  const answer = await api(`/queries/${encodeURIComponent(query.id)}/${action}`, queryAnswerSchema, {
    method: 'POST',
    body: text ? { text } : {},
    version: query.version,
  });
  return answer.data;
}

export function useOpenQuery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: openQuery,
    onSuccess: () => invalidateQueryData(queryClient),
  });
}

export function useChangeQuery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeQuery,
    onSuccess: () => invalidateQueryData(queryClient),
    // A stale version: the thread is read again, so that the next try names the new one.
    onError: () => invalidateQueryData(queryClient),
  });
}
