import { dataOf } from '@registry/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { notificationsQueryKey } from '../../../lib/query-keys.ts';
import { type Notifications, notificationsSchema } from './schemas.ts';

/** The menu's badge and list are read again every five minutes (and after every write they count). */
export const NOTIFICATIONS_REFRESH_MS = 5 * 60_000;

/**
 * `GET /api/notifications`: the menu's badge and list — a doctor's open queries and follow-ups due, an
 * admin's answered queries. Counts only for the follow-ups: it is no read of the audited follow-up list.
 */
export async function getNotifications(signal?: AbortSignal): Promise<Notifications> {
  // A poll, not a use: it keeps no unattended session alive.
  const answer = await api('/notifications', dataOf(notificationsSchema), { signal, background: true });
  return answer.data;
}

export const notificationsQueryOptions = () =>
  queryOptions({
    queryKey: notificationsQueryKey,
    queryFn: ({ signal }) => getNotifications(signal),
    staleTime: 10_000,
    refetchInterval: NOTIFICATIONS_REFRESH_MS,
  });

export function useNotifications() {
  return useQuery(notificationsQueryOptions());
}
