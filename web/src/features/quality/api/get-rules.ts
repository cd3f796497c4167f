import { dataOf } from '@registry/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { qualityRulesQueryKey } from '../../../lib/query-keys.ts';
import { type QualityRule, qualityRuleSchema } from './schemas.ts';

/** `GET /api/quality/rules`: every rule with its severity, the fields it reads and its message. */
export async function getRules(signal?: AbortSignal): Promise<QualityRule[]> {
  const answer = await api('/quality/rules', dataOf(z.array(qualityRuleSchema)), { signal });
  return answer.data;
}

export const rulesQueryOptions = () =>
  queryOptions({
    queryKey: qualityRulesQueryKey,
    queryFn: ({ signal }) => getRules(signal),
    // The rules are fixed in the code: they change with a new version only.
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useRules(enabled = true) {
  return useQuery({ ...rulesQueryOptions(), enabled });
}
