import { type LabReportInput, mayWrite, type Patient, type User } from '@registry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { withFieldPaths } from '../../../../lib/form-errors.ts';
import { invalidatePatientData } from '../../../../lib/query-keys.ts';
import { policyUserOf } from '../../../../lib/session.ts';
import { updatePatient } from '../../api/update-patient.ts';
import {
  isNgsOp,
  type LabReportValues,
  labReportValues,
  reportWire,
  writesEntry,
} from '../forms/lab-report-form.ts';
import { uploadForField } from './files.ts';
import { createLabReports, upsertLabReports } from './lab-reports.ts';
import { patientVersion } from './patient-cache.ts';

/** Server messages of `labReports.{k}` (the k-th entry sent) land on the form's entry. */
function onFormEntries(error: unknown, sent: readonly number[]): unknown {
  return withFieldPaths(error, (path) =>
    path.replace(/^labReports\.(\d+)/, (_all, k: string) => `labReports.${sent[Number(k)] ?? k}`),
  );
}

/**
 * The lab-report step's save: files first, then the risk level (PATCH, doctors), then the entries
 * that changed — created (POST) while the patient has none, else upserted by name (PUT). Admins send
 * the NGS OP entry only; doctors everything else.
 */
export function useSaveLabReport(patient: Patient, user: User, biobank: boolean) {
  const queryClient = useQueryClient();
  const policy = policyUserOf(user);
  return useMutation({
    mutationFn: async (values: LabReportValues): Promise<'updated' | 'unchanged'> => {
      const before = labReportValues(patient, user);
      const sent: number[] = [];
      const entries: LabReportInput[] = [];
      for (const [index, report] of values.labReports.entries()) {
        const initial = before.labReports[index];
        const wire = reportWire(report);
        const changed = JSON.stringify(wire) !== JSON.stringify(initial ? reportWire(initial) : null);
        const filled = Boolean(wire.content || report.upload || report.saved);
        if (!writesEntry(policy, biobank, report.name) || !(report.upload || (changed && filled))) {
          continue;
        }
        const fileId = report.upload
          ? await uploadForField(patient.id, report.upload, wire.date ?? null, {
              field: `labReports.${index}.upload`,
              purpose: isNgsOp(report.name) ? 'ngsOp' : 'labReport',
            })
          : undefined;
        sent.push(index);
        entries.push(fileId ? { ...wire, fileId } : wire);
      }
      let version = patientVersion(queryClient, patient.id);
      const riskChanged = mayWrite(policy, 'clinical', biobank) && values.riskLevel !== before.riskLevel;
      if (!riskChanged && entries.length === 0) {
        return 'unchanged';
      }
      if (riskChanged) {
        version = (await updatePatient(patient.id, version, { riskLevel: values.riskLevel })).version;
      }
      try {
        if (entries.length > 0 && patient.reports.length === 0) {
          await createLabReports({ patientId: patient.id, labReports: entries }, version);
        } else if (entries.length > 0) {
          await upsertLabReports(patient.id, { labReports: entries }, version);
        }
      } catch (error) {
        if (riskChanged) {
          // The risk level was saved: the next try must start from the version it left.
          await invalidatePatientData(queryClient, patient.id);
        }
        throw onFormEntries(error, sent);
      }
      await invalidatePatientData(queryClient, patient.id);
      return 'updated';
    },
  });
}
