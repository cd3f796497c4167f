import type { User } from '@registry/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { meQueryKey } from '../../../lib/session.ts';
import { tokenStore } from '../../../lib/storage.ts';

/**
 * The signed-in user. The request (with the API client and zod) is fetched only when there is a token to
 * ask with, so the sign-in page does not carry it (docs/decisions/016-first-load-budget.md).
 */
export async function getMe(): Promise<User> {
  return (await import('./get-me.ts')).getMe();
}

export const meQueryOptions = () =>
  queryOptions({ queryKey: meQueryKey, queryFn: getMe, retry: false, staleTime: 5 * 60 * 1000 });

/**
 * The session (docs/product-rules.md#accounts): undefined while it is being determined, false when signed
 * out, else the user.
 */
export function useSession(): User | false | undefined {
  const hasToken = useSyncExternalStore(tokenStore.subscribe, tokenStore.get) !== null;
  const query = useQuery({ ...meQueryOptions(), enabled: hasToken });
  if (!hasToken || query.isError) {
    return false;
  }
  return query.data;
}
