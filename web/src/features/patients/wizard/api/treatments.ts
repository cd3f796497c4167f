import {
  type CreateTreatmentsInput,
  dataOf,
  type Treatment,
  treatmentSchema,
  type UpsertTreatmentsInput,
} from '@registry/shared';
import { z } from 'zod';
import { api } from '../../../../lib/api-client.ts';

const treatmentsAnswer = dataOf(z.array(treatmentSchema));

/** `POST /api/patients/treatments`: the patient's first treatments; answers all of them. */
export async function createTreatments(
  input: CreateTreatmentsInput,
  version: number | undefined,
): Promise<Treatment[]> {
  return (await api('/patients/treatments', treatmentsAnswer, { method: 'POST', body: input, version })).data;
}

/** `PUT /api/patients/treatments/{patientId}`: with an id updated, without one added. */
export async function upsertTreatments(
  patientId: string,
  input: UpsertTreatmentsInput,
  version: number | undefined,
): Promise<Treatment[]> {
  return (
    await api(`/patients/treatments/${patientId}`, treatmentsAnswer, { method: 'PUT', body: input, version })
  ).data;
}

/** `DELETE /api/patients/treatments/{id}`: the treatment and its drugs. */
export async function deleteTreatment(
  treatmentId: string,
  version: number | undefined,
): Promise<Treatment[]> {
  return (await api(`/patients/treatments/${treatmentId}`, treatmentsAnswer, { method: 'DELETE', version }))
    .data;
}

/** `DELETE /api/patients/treatments/drugs/{id}`. */
export async function deleteDrug(drugId: string, version: number | undefined): Promise<Treatment[]> {
  return (await api(`/patients/treatments/drugs/${drugId}`, treatmentsAnswer, { method: 'DELETE', version }))
    .data;
}
