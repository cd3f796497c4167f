import {
  type CreateDiagnosticInput,
  type Diagnostic,
  dataOf,
  diagnosticSchema,
  type UpdateDiagnosticInput,
} from '@registry/shared';
import { api } from '../../../../lib/api-client.ts';

/** `POST /api/patients/diagnostics`. */
export async function createDiagnostic(
  input: CreateDiagnosticInput,
  version: number | undefined,
): Promise<Diagnostic> {
  return (
    await api('/patients/diagnostics', dataOf(diagnosticSchema), { method: 'POST', body: input, version })
  ).data;
}

/** `PATCH /api/patients/diagnostics/{id}` with the changed fields; the server judges the merged record. */
export async function updateDiagnostic(
  diagnosticId: string,
  changes: UpdateDiagnosticInput,
  version: number | undefined,
): Promise<Diagnostic> {
  return (
    await api(`/patients/diagnostics/${diagnosticId}`, dataOf(diagnosticSchema), {
      method: 'PATCH',
      body: changes,
      version,
    })
  ).data;
}
