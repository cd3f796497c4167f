import { dataOf, type Patient, patientSchema } from '@registry/shared';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { patientQueryKey } from '../../../lib/query-keys.ts';

export async function getPatient(patientId: string): Promise<Patient> {
  return (await api(`/patients/${patientId}`, dataOf(patientSchema))).data;
}

export const patientQueryOptions = (patientId: string) =>
  queryOptions({ queryKey: patientQueryKey(patientId), queryFn: () => getPatient(patientId) });

/** The patient with every nested record; `version` goes back as If-Match with each write. */
export function usePatient(patientId: string | undefined) {
  return useQuery({ ...patientQueryOptions(patientId ?? ''), enabled: Boolean(patientId) });
}

/** Reads the patient again, after a 412; resolves once the fresh patient is in the cache. */
export function useReloadPatient(patientId: string): () => Promise<void> {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: patientQueryKey(patientId) });
}
