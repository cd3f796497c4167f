import { type Diagnostic, dataOf, diagnosticSchema, type GeneticsInput } from '@registry/shared';
import { api } from '../../../../lib/api-client.ts';

/** `PUT /api/patients/diagnostics/{id}/genetics`: the diagnostic's whole genetics, replaced. */
export async function saveGenetics(
  diagnosticId: string,
  input: GeneticsInput,
  version: number | undefined,
): Promise<Diagnostic> {
  return (
    await api(`/patients/diagnostics/${diagnosticId}/genetics`, dataOf(diagnosticSchema), {
      method: 'PUT',
      body: input,
      version,
    })
  ).data;
}
