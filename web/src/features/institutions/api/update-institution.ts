import { dataOf, type Institution, institutionSchema, type UpdateInstitutionInput } from '@registry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { institutionsKey } from './get-institutions.ts';

/**
 * Changes an institution's status, name, code or type; the doctors of an inactive one cannot sign in, and
 * a name or code another institution has answers 409.
 */
export async function updateInstitution(id: string, input: UpdateInstitutionInput): Promise<Institution> {
  return (await api(`/institutions/${id}`, dataOf(institutionSchema), { method: 'PATCH', body: input })).data;
}

export function useUpdateInstitution() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: UpdateInstitutionInput & { readonly id: string }) =>
      updateInstitution(id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: institutionsKey }),
  });
}
