import { dataOf, type Institution, institutionSchema, type updateInstitutionSchema } from '@registry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { institutionsKey } from './get-institutions.ts';

export type UpdateInstitutionInput = z.infer<typeof updateInstitutionSchema>;

/** Activates or deactivates an institution; the doctors of an inactive one cannot sign in. */
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
