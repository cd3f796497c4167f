import { dataOf, type Patient, patientSchema, type UpdatePatientInput } from '@registry/shared';
import { api } from '../../../../lib/api-client.ts';

/** `PATCH /api/patients/{id}` with the changed fields only; answers the patient with its new version. */
export async function updatePatient(
  patientId: string,
  changes: UpdatePatientInput,
  version: number | undefined,
): Promise<Patient> {
  const answer = await api(`/patients/${patientId}`, dataOf(patientSchema), {
    method: 'PATCH',
    body: changes,
    version,
  });
  return answer.data;
}
