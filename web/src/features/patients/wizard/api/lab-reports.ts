import {
  type CreateLabReportsInput,
  dataOf,
  type LabReport,
  labReportSchema,
  type UpsertLabReportsInput,
} from '@registry/shared';
import { z } from 'zod';
import { api } from '../../../../lib/api-client.ts';

const reportsAnswer = dataOf(z.array(labReportSchema));

/** `POST /api/patients/labreports`: the first entries (the server skips those without content or file). */
export async function createLabReports(
  input: CreateLabReportsInput,
  version: number | undefined,
): Promise<LabReport[]> {
  return (await api('/patients/labreports', reportsAnswer, { method: 'POST', body: input, version })).data;
}

/** `PUT /api/patients/labreports/{patientId}`: entries upserted by name. */
export async function upsertLabReports(
  patientId: string,
  input: UpsertLabReportsInput,
  version: number | undefined,
): Promise<LabReport[]> {
  return (
    await api(`/patients/labreports/${patientId}`, reportsAnswer, { method: 'PUT', body: input, version })
  ).data;
}
