import {
  type CreateSampleInput,
  dataOf,
  type Sample,
  sampleSchema,
  type UpdateSampleInput,
} from '@registry/shared';
import { api } from '../../../../lib/api-client.ts';

/** `POST /api/patients/samples`. */
export async function createSample(input: CreateSampleInput, version: number | undefined): Promise<Sample> {
  return (await api('/patients/samples', dataOf(sampleSchema), { method: 'POST', body: input, version }))
    .data;
}

/** `PATCH /api/patients/samples/{id}` with the changed fields. */
export async function updateSample(
  sampleId: string,
  changes: UpdateSampleInput,
  version: number | undefined,
): Promise<Sample> {
  return (
    await api(`/patients/samples/${sampleId}`, dataOf(sampleSchema), {
      method: 'PATCH',
      body: changes,
      version,
    })
  ).data;
}
