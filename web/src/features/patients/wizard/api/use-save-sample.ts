import type { Patient, UpdateSampleInput } from '@registry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidatePatientData } from '../../../../lib/query-keys.ts';
import { changedFields } from '../forms/form-resolver.ts';
import { type SampleValues, sampleValues, sampleWire } from '../forms/sample-form.ts';
import { uploadForField } from './files.ts';
import { patientVersion } from './patient-cache.ts';
import { createSample, updateSample } from './samples.ts';

/**
 * The samples step's save: the chosen file is uploaded first, then the first sample is created
 * (POST) or its changed fields sent (PATCH), with the file's id.
 */
export function useSaveSample(patient: Patient) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (values: SampleValues): Promise<'updated' | 'unchanged'> => {
      const existing = patient.samples[0];
      const wire = sampleWire(values);
      const fileId = values.upload
        ? await uploadForField(patient.id, values.upload, wire.sampleDate, {
            field: 'upload',
            purpose: 'sample',
          })
        : undefined;
      const version = patientVersion(queryClient, patient.id);
      if (existing) {
        const changes: UpdateSampleInput = changedFields(sampleWire(sampleValues(patient)), wire);
        if (fileId) {
          changes.fileId = fileId;
        }
        if (Object.keys(changes).length === 0) {
          return 'unchanged';
        }
        await updateSample(existing.id, changes, version);
      } else {
        await createSample({ patientId: patient.id, ...wire, ...(fileId ? { fileId } : {}) }, version);
      }
      await invalidatePatientData(queryClient, patient.id);
      return 'updated';
    },
  });
}
