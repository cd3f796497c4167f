import type { Patient, UpdatePatientInput } from '@registry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidatePatientData } from '../../../../lib/query-keys.ts';
import { updatePatient } from '../../api/update-patient.ts';
import { type DemographyValues, demographyValues, demographyWire } from '../forms/demography-form.ts';
import { changedFields } from '../forms/form-resolver.ts';
import { createPatient } from './create-patient.ts';
import { patientVersion } from './patient-cache.ts';

interface Saved {
  readonly outcome: 'created' | 'edited' | 'unchanged';
  readonly patientId: string;
}

/**
 * The demography step's save (docs/product-rules.md#wizard): a new patient is created; an existing one gets
 * only its changed fields, identification at the top and the rest under demography.
 */
export function useSaveDemography(patient: Patient | undefined, biobank: boolean) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (values: DemographyValues): Promise<Saved> => {
      const { identification, ...demography } = demographyWire(values, biobank);
      if (!patient) {
        const patientId = await createPatient({ identification, demography });
        await invalidatePatientData(queryClient, patientId);
        return { outcome: 'created', patientId };
      }
      const before = demographyWire(demographyValues(patient, biobank), biobank);
      const { identification: newIdentification, ...changed } = changedFields(before, {
        identification,
        ...demography,
      });
      const changes: UpdatePatientInput = {};
      if (newIdentification !== undefined) {
        changes.identification = newIdentification;
      }
      if (Object.keys(changed).length > 0) {
        changes.demography = changed;
      }
      if (Object.keys(changes).length === 0) {
        return { outcome: 'unchanged', patientId: patient.id };
      }
      await updatePatient(patient.id, patientVersion(queryClient, patient.id), changes);
      await invalidatePatientData(queryClient, patient.id);
      return { outcome: 'edited', patientId: patient.id };
    },
  });
}
