import type { Patient } from '@registry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { withFieldPaths } from '../../../../lib/form-errors.ts';
import { invalidatePatientData } from '../../../../lib/query-keys.ts';
import { type DiagnosticValues, diagnosticValues, diagnosticWire } from '../forms/diagnostic-form.ts';
import { changedFields } from '../forms/form-resolver.ts';
import { geneticsApply, geneticsChanged, geneticsFieldOf, geneticsWire } from '../forms/genetics-form.ts';
import { createDiagnostic, updateDiagnostic } from './diagnostics.ts';
import { saveGenetics } from './genetics.ts';
import { patientVersion } from './patient-cache.ts';

/**
 * The diagnostic step's save (docs/product-rules.md#wizard): the first diagnostic is created, or only its
 * changed fields are sent (an Other subtype travels as 'Other' plus subTypeName); then, for an AML whose
 * genetics changed, they are replaced (`PUT …/genetics`) at the patient's version after that write. A
 * refusal of the genetics lands on the panel's fields; the diagnostic saved before it stays saved.
 */
export function useSaveDiagnostic(patient: Patient, biobank: boolean) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (values: DiagnosticValues): Promise<'updated' | 'unchanged'> => {
      const existing = patient.diagnostics[0];
      const wire = diagnosticWire(values, biobank);
      let diagnosticId = existing?.id;
      let saved = false;
      if (existing) {
        const changes = changedFields(diagnosticWire(diagnosticValues(patient, biobank), biobank), wire);
        if (Object.keys(changes).length > 0) {
          await updateDiagnostic(existing.id, changes, patientVersion(queryClient, patient.id));
          saved = true;
        }
      } else {
        const created = await createDiagnostic(
          { patientId: patient.id, ...wire },
          patientVersion(queryClient, patient.id),
        );
        diagnosticId = created.id;
        saved = true;
      }
      const withGenetics = geneticsApply(wire.dxSubType) && geneticsChanged(values.genetics, existing);
      if (withGenetics && diagnosticId) {
        if (saved) {
          // The genetics are written at the version the diagnostic's write left.
          await invalidatePatientData(queryClient, patient.id);
        }
        try {
          await saveGenetics(
            diagnosticId,
            geneticsWire(values.genetics),
            patientVersion(queryClient, patient.id),
          );
        } catch (error) {
          throw withFieldPaths(error, geneticsFieldOf(values.genetics));
        }
        saved = true;
      }
      if (!saved) {
        return 'unchanged';
      }
      await invalidatePatientData(queryClient, patient.id);
      return 'updated';
    },
  });
}
