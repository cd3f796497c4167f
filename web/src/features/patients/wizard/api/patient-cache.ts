import type { Patient } from '@registry/shared';
import type { QueryClient } from '@tanstack/react-query';
import { patientQueryKey } from '../../../../lib/query-keys.ts';

/**
 * The version of the patient as the wizard last read it, sent as If-Match with the next write. The
 * wizard reads the patient afresh when it opens and after each of its own writes, so this is the
 * version its forms were filled from.
 */
export function patientVersion(queryClient: QueryClient, patientId: string): number | undefined {
  return queryClient.getQueryData<Patient>(patientQueryKey(patientId))?.version;
}
