import { type CreatePatientInput, dataOf } from '@registry/shared';
import { z } from 'zod';
import { api } from '../../../../lib/api-client.ts';

/** `POST /api/patients`: the demography step creates the patient; answers its id. */
export async function createPatient(input: CreatePatientInput): Promise<string> {
  const answer = await api('/patients', dataOf(z.object({ id: z.uuid() })), { method: 'POST', body: input });
  return answer.data.id;
}
