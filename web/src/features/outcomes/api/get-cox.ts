import { type CoxModelAnswer, type CoxQuery, coxSchema, dataOf } from '@registry/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { i18n } from '../../../lib/i18n.ts';
import { outcomesQueryKey } from '../../../lib/query-keys.ts';
import { toQueryString } from '../../../lib/query-string.ts';

/**
 * `GET /api/outcomes/cox`: a Cox model of the endpoint on the groups and the covariates; 422
 * MODEL_NOT_FITTED (with the reason in `fields.model`) when it cannot be fitted.
 */
export async function getCox(query: CoxQuery, signal?: AbortSignal): Promise<CoxModelAnswer> {
  const { adjust, ...rest } = query;
  const params = adjust.length > 0 ? { ...rest, adjust: adjust.join(',') } : rest;
  return (await api(`/outcomes/cox${toQueryString(params)}`, dataOf(coxSchema), { signal })).data;
}

export const coxQueryOptions = (query: CoxQuery) =>
  queryOptions({
    // The language too: a refusal's reason comes written in it.
    queryKey: [...outcomesQueryKey, 'cox', query, i18n.language],
    queryFn: ({ signal }) => getCox(query, signal),
    staleTime: 60_000,
  });

/** The model once asked for (`query` null until then). */
export function useCox(query: CoxQuery | null) {
  return useQuery({
    ...coxQueryOptions(query ?? { endpoint: 'os', groupBy: 'none', adjust: [] }),
    enabled: query !== null,
  });
}
