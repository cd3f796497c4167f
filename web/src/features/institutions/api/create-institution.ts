import { type CreateInstitutionInput, dataOf, type Institution, institutionSchema } from '@registry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { institutionsKey } from './get-institutions.ts';

/** Name and code are unique (409 INSTITUTION_NAME_EXISTS / INSTITUTION_CODE_EXISTS). */
export async function createInstitution(input: CreateInstitutionInput): Promise<Institution> {
  return (await api('/institutions', dataOf(institutionSchema), { method: 'POST', body: input })).data;
}

export function useCreateInstitution() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInstitution,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: institutionsKey }),
  });
}
