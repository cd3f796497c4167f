import { dataOf, type User, userSchema } from '@registry/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { api } from '../../../lib/api-client.ts';
import { meQueryKey } from '../../../lib/session.ts';
import { tokenStore } from '../../../lib/storage.ts';

export async function getMe(): Promise<User> {
  return (await api('/users/me', dataOf(userSchema))).data;
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
