import { MAX_PAGE_SIZE, pageOf, userSchema } from '@registry/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { toQueryString } from '../../../lib/query-string.ts';
import { importsQueryKey } from './keys.ts';

/** A doctor an admin may import for. */
export interface DoctorChoice {
  /** The doctor's id, as the mapping's `doctorId` names it. */
  readonly value: string;
  readonly label: string;
}

/**
 * The active doctors an admin may import for, from `GET /api/users/list` (admins only), by name, each
 * with their institution and email so that two of the same name are told apart.
 */
export async function getDoctors(signal?: AbortSignal): Promise<DoctorChoice[]> {
  const page = await api(
    `/users/list${toQueryString({ page: 0, size: MAX_PAGE_SIZE, orderBy: 'doctor', order: 'asc' })}`,
    pageOf(userSchema),
    { signal },
  );
  return page.data.flatMap((user) =>
    user.doctor && user.isActive
      ? [
          {
            value: user.doctor.id,
            label: `${user.doctor.last_name}, ${user.doctor.first_name} · ${user.doctor.institution.name} (${user.email})`,
          },
        ]
      : [],
  );
}

/** The doctors, for an admin only (a doctor imports into their own patients). */
export function useDoctors(enabled: boolean) {
  return useQuery({
    queryKey: [...importsQueryKey, 'doctors'],
    queryFn: ({ signal }) => getDoctors(signal),
    staleTime: 60_000,
    enabled,
  });
}
