import type { Patient } from '@registry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type DiagnosticValues, diagnosticValues, diagnosticWire } from '../forms/diagnostic-form.ts';
import { changedFields } from '../forms/form-resolver.ts';
import { createDiagnostic, updateDiagnostic } from './diagnostics.ts';
import { patientVersion, refreshPatient } from './patient-cache.ts';

/**
 * The diagnostic step's save (docs/product-rules.md#wizard): the first diagnostic is created, or only its
 * changed fields are sent (an Other subtype travels as 'Other' plus subTypeName).
 */
export function useSaveDiagnostic(patient: Patient, biobank: boolean) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (values: DiagnosticValues): Promise<'updated' | 'unchanged'> => {
      const existing = patient.diagnostics[0];
      const wire = diagnosticWire(values, biobank);
      const version = patientVersion(queryClient, patient.id);
      if (existing) {
        const changes = changedFields(diagnosticWire(diagnosticValues(patient, biobank), biobank), wire);
        if (Object.keys(changes).length === 0) {
          return 'unchanged';
        }
        await updateDiagnostic(existing.id, changes, version);
      } else {
        await createDiagnostic({ patientId: patient.id, ...wire }, version);
      }
      await refreshPatient(queryClient, patient.id);
      return 'updated';
    },
  });
}
