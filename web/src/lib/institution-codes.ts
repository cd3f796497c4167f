import { dataOf, type InstitutionCode, institutionCodeSchema } from '@registry/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from './api-client.ts';

/**
 * The institutions' codes for the admins' filters (the patient list, the outcomes' cohort, the queries):
 * one call, one answer shared by every filter. Under the institutions' own key (`['institutions']`), so
 * that creating or renaming an institution refreshes the options.
 */
export const institutionCodesKey = ['institutions', 'codes'] as const;

/** `GET /api/institutions/codes` (admins): every institution's code and name. */
export async function getInstitutionCodes(signal?: AbortSignal): Promise<InstitutionCode[]> {
  return (await api('/institutions/codes', dataOf(z.array(institutionCodeSchema)), { signal })).data;
}

/** The codes, asked only when `enabled` (an admin's screen). */
export function useInstitutionCodes(enabled: boolean) {
  return useQuery({
    ...queryOptions({ queryKey: institutionCodesKey, queryFn: ({ signal }) => getInstitutionCodes(signal) }),
    enabled,
  });
}
