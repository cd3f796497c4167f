import { type FollowUpDueQuery, followUpRowSchema, pageOf } from '@registry/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { outcomesQueryKey } from '../../../lib/query-keys.ts';
import { toQueryString } from '../../../lib/query-string.ts';

const followUpPageSchema = pageOf(followUpRowSchema);
export type FollowUpPage = z.infer<typeof followUpPageSchema>;

/** Due means no news for more than six months (docs/product-rules.md#outcomes). */
export const FOLLOW_UP_MONTHS = 6;
/** How many rows the notifications show; the rest are on the full list. */
export const PREVIEW_SIZE = 20;

/**
 * `GET /api/outcomes/follow-up-due`: the caller's patients (an admin's: everyone's) alive with no news
 * for more than six months, oldest news first.
 */
export async function getFollowUpDue(query: FollowUpDueQuery, signal?: AbortSignal): Promise<FollowUpPage> {
  return api(`/outcomes/follow-up-due${toQueryString(query)}`, followUpPageSchema, { signal });
}

export const followUpDueQueryOptions = (query: FollowUpDueQuery) =>
  queryOptions({
    queryKey: [...outcomesQueryKey, 'follow-up-due', query],
    queryFn: ({ signal }) => getFollowUpDue(query, signal),
    staleTime: 10_000,
  });

/** One page of the full list; while another page loads, the rows shown stay. */
export function useFollowUpDue(page: number, size: number) {
  return useQuery({
    ...followUpDueQueryOptions({ months: FOLLOW_UP_MONTHS, page, size }),
    placeholderData: keepPreviousData,
  });
}

/** The first rows and the count, for the menu's notifications once opened. */
export function useFollowUpPreview() {
  return useQuery(followUpDueQueryOptions({ months: FOLLOW_UP_MONTHS, page: 0, size: PREVIEW_SIZE }));
}
