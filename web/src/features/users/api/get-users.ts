import { pageOf, type UserListQuery, userSchema } from '@registry/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { toQueryString } from '../../../lib/query-string.ts';

const usersPageSchema = pageOf(userSchema);
export type UsersPage = z.infer<typeof usersPageSchema>;

/** Every page of the users list lives under this key; changes to users invalidate it. */
export const usersListKey = ['users', 'list'] as const;

export async function getUsers(query: UserListQuery, signal?: AbortSignal): Promise<UsersPage> {
  return api(`/users/list${toQueryString(query)}`, usersPageSchema, { signal });
}

export const usersQueryOptions = (query: UserListQuery) =>
  queryOptions({
    queryKey: [...usersListKey, query],
    queryFn: ({ signal }) => getUsers(query, signal),
    // A page loaded just before it is shown (see usePageChange) is not asked for twice.
    staleTime: 10_000,
  });

/** One page of users; while another page, search or sort loads, the rows shown stay. */
export function useUsers(query: UserListQuery) {
  return useQuery({ ...usersQueryOptions(query), placeholderData: keepPreviousData });
}
