import type { Patient } from '@registry/shared';
import { isIsoDate } from '../../../../lib/dates.ts';

/** Every calendar day recorded in the file, the last contact included. */
function recordedDays(patient: Patient): (string | null)[] {
  return [
    patient.lastContactDate,
    ...patient.samples.map((sample) => sample.sampleDate),
    ...patient.diagnostics.flatMap((dx) => [dx.dxDate, dx.relapseDate, dx.consentDate]),
    ...patient.treatments.flatMap((treatment) => [
      treatment.startDate,
      treatment.diseaseAssessmentDate,
      treatment.medulogramDate,
      treatment.EMRDate,
      ...treatment.drugs.flatMap((drug) => [drug.startApplicationDate, drug.lastAplicationDate]),
    ]),
    ...patient.reports.map((report) => report.date),
  ];
}

/**
 * The last day the patient was known to be alive (docs/product-rules.md#outcomes): the latest of the
 * last contact and every date recorded in the file that is not after the death; null when there is
 * none. The server keeps the same rule for the outcomes (the patient list's read model).
 */
export function lastKnownAlive(patient: Patient): string | null {
  let latest: string | null = null;
  for (const day of recordedDays(patient)) {
    // 'yyyy-MM-dd' strings order as the days they name.
    const counts = isIsoDate(day) && (!patient.deathDate || day <= patient.deathDate);
    if (counts && (latest === null || day > latest)) {
      latest = day;
    }
  }
  return latest;
}
