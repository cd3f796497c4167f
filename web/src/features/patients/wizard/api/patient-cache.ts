import type { Patient } from '@registry/shared';
import type { QueryClient } from '@tanstack/react-query';
import { patientQueryKey } from '../../api/get-patient.ts';

/**
 * The version of the patient as the wizard last read it, sent as If-Match with the next write. The
 * wizard reads the patient afresh when it opens and after each of its own writes, so this is the
 * version its forms were filled from.
 */
export function patientVersion(queryClient: QueryClient, patientId: string): number | undefined {
  return queryClient.getQueryData<Patient>(patientQueryKey(patientId))?.version;
}

/** Reads the patient again after a write, so that its version moves on; resolves once it has. */
export function refreshPatient(queryClient: QueryClient, patientId: string): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: patientQueryKey(patientId) });
}
