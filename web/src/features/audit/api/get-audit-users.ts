import { MAX_PAGE_SIZE, pageOf, userSchema } from '@registry/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { toQueryString } from '../../../lib/query-string.ts';

/** The accounts the user filter offers, by email. */
export async function getAuditUsers(signal?: AbortSignal) {
  const page = await api(
    `/users/list${toQueryString({ page: 0, size: MAX_PAGE_SIZE, orderBy: 'email', order: 'asc' })}`,
    pageOf(userSchema),
    { signal },
  );
  return page.data.map((user) => ({ value: user.id, label: user.email }));
}

export function useAuditUsers() {
  return useQuery({
    queryKey: ['audit', 'users'],
    queryFn: ({ signal }) => getAuditUsers(signal),
    staleTime: 60_000,
  });
}
