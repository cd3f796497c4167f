import { dataOf, type Patient, patientSchema, type UpdatePatientInput } from '@registry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidatePatientData, patientQueryKey } from '../../../lib/query-keys.ts';

/**
 * `PATCH /api/patients/{id}` with the changed fields and the version they are based on (If-Match):
 * 412 STALE_VERSION when someone changed the patient in between, 409 for a code OP already taken.
 */
export async function updatePatient(
  id: string,
  version: number | undefined,
  input: UpdatePatientInput,
): Promise<Patient> {
  return (await api(`/patients/${id}`, dataOf(patientSchema), { method: 'PATCH', body: input, version }))
    .data;
}

export function useUpdatePatient(patientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ version, input }: { readonly version: number; readonly input: UpdatePatientInput }) =>
      updatePatient(patientId, version, input),
    onSuccess: async (patient) => {
      queryClient.setQueryData(patientQueryKey(patientId), patient);
      // A follow-up or a death moves the patient in or out of the follow-up list and the curves.
      await invalidatePatientData(queryClient, patientId);
    },
  });
}
