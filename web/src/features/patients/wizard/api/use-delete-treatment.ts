import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidatePatientData } from '../../../../lib/query-keys.ts';
import { patientVersion } from './patient-cache.ts';
import { deleteDrug, deleteTreatment } from './treatments.ts';

export interface DeleteTarget {
  readonly kind: 'treatment' | 'drug';
  readonly id: string;
}

/** Deletes a saved treatment (with its drugs) or a saved drug, then reads the patient again. */
export function useDeleteTreatmentRecord(patientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ kind, id }: DeleteTarget) => {
      const version = patientVersion(queryClient, patientId);
      await (kind === 'treatment' ? deleteTreatment(id, version) : deleteDrug(id, version));
      await invalidatePatientData(queryClient, patientId);
    },
  });
}
