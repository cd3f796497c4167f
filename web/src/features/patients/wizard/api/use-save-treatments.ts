import type { Patient } from '@registry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidatePatientData } from '../../../../lib/query-keys.ts';
import { type TreatmentsValues, treatmentsValues, treatmentsWire } from '../forms/treatments-form.ts';
import { patientVersion } from './patient-cache.ts';
import { createTreatments, upsertTreatments } from './treatments.ts';

/** Whether the form says something the patient's treatments do not. */
export function treatmentsChanged(patient: Patient, values: TreatmentsValues): boolean {
  return JSON.stringify(treatmentsWire(treatmentsValues(patient))) !== JSON.stringify(treatmentsWire(values));
}

/**
 * The treatments step's save (docs/product-rules.md#wizard): the first treatments are created (POST); later,
 * every treatment and drug is sent with its id, new ones without (PUT). Deleting has its own calls.
 */
export function useSaveTreatments(patient: Patient) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (values: TreatmentsValues): Promise<'updated' | 'unchanged'> => {
      const wire = treatmentsWire(values);
      if (wire.treatments.length === 0 || !treatmentsChanged(patient, values)) {
        return 'unchanged';
      }
      const version = patientVersion(queryClient, patient.id);
      if (patient.treatments.length === 0) {
        const treatments = wire.treatments.map(({ id: _id, ...treatment }) => treatment);
        await createTreatments({ patientId: patient.id, treatments }, version);
      } else {
        await upsertTreatments(patient.id, wire, version);
      }
      await invalidatePatientData(queryClient, patient.id);
      return 'updated';
    },
  });
}
