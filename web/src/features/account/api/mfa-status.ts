import { dataOf, type MfaStatus, mfaStatusSchema } from '@registry/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { meQueryKey } from '../../../lib/session.ts';

/** Under the user's own key, so that refreshing the user refreshes this too. */
export const mfaStatusQueryKey = [...meQueryKey, 'mfa'] as const;

/** Whether the signed-in user has a second factor, how many recovery codes are left, and if it is required. */
export async function getMfaStatus(): Promise<MfaStatus> {
  return (await api('/users/me/mfa', dataOf(mfaStatusSchema))).data;
}

export const mfaStatusQueryOptions = () =>
  queryOptions({ queryKey: mfaStatusQueryKey, queryFn: getMfaStatus, staleTime: 0 });

export function useMfaStatus() {
  return useQuery(mfaStatusQueryOptions());
}
