import { dataOf, institutionCodeSchema } from '@registry/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

export type InstitutionCode = z.infer<typeof institutionCodeSchema>;

/** Under the institutions' key, so that creating an institution refreshes the filter's options. */
export const institutionCodesKey = ['institutions', 'codes'] as const;

/** `GET /api/institutions/codes` (admins): every institution's code and name, for the queries filter. */
export async function getInstitutionCodes(signal?: AbortSignal): Promise<InstitutionCode[]> {
  return (await api('/institutions/codes', dataOf(z.array(institutionCodeSchema)), { signal })).data;
}

export function useInstitutionCodes(enabled: boolean) {
  return useQuery({
    ...queryOptions({ queryKey: institutionCodesKey, queryFn: ({ signal }) => getInstitutionCodes(signal) }),
    enabled,
  });
}
