import { bulkQueryCountSchema, dataOf, type QualityRuleId } from '@registry/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { bulkCountQueryKey } from '../../../lib/query-keys.ts';

/**
 * `GET /api/queries/bulk/count` (admins): the patients a rule flags, and how many of them a bulk opening
 * would reach now. An opening, and a patient write, count again.
 */
export async function getBulkCount(ruleId: QualityRuleId, signal?: AbortSignal) {
  return (await api(`/queries/bulk/count?ruleId=${ruleId}`, dataOf(bulkQueryCountSchema), { signal })).data;
}

export const bulkCountQueryOptions = (ruleId: QualityRuleId) =>
  queryOptions({
    queryKey: [...bulkCountQueryKey, ruleId],
    queryFn: ({ signal }) => getBulkCount(ruleId, signal),
  });

/** The count of the rule the bulk dialog is open for; nothing asked while it is closed. */
export function useBulkCount(ruleId: QualityRuleId | undefined) {
  return useQuery({ ...bulkCountQueryOptions(ruleId ?? 'possibleDuplicate'), enabled: ruleId !== undefined });
}
