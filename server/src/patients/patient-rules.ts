import {
  type ClinicalDates,
  clinicalDateIssues,
  consentRefusal,
  isBiobank,
  latestToday,
} from '@registry/shared';
import { unprocessable } from '../http/errors.ts';
import type { PatientHead, PatientsRepository } from './patients.repository.ts';

/**
 * The rules of a patient's records that need more than one request body (docs/product-rules.md#validation):
 * the sanity rules on dates and the consent gate. Field paths in the
 * answers are those of the request body.
 */

/** Today for the "no date in the future" rule. */
export function todayOf(now: Date): string {
  return latestToday(now);
}

/**
 * The sanity rules on a patient's dates (shared `clinicalDateIssues`): only the changed fields are
 * judged; `paths` renames a field to its place in the body. Throws 422 RULE_BROKEN with the fields.
 */
export function assertClinicalDates(
  dates: ClinicalDates,
  changed: readonly (keyof ClinicalDates)[],
  now: Date,
  paths: Partial<Record<keyof ClinicalDates, string>> = {},
): void {
  const issues = clinicalDateIssues(dates, changed, todayOf(now));
  const entries = Object.entries(issues);
  if (entries.length > 0) {
    throw unprocessable(
      'RULE_BROKEN',
      Object.fromEntries(entries.map(([field, key]) => [paths[field as keyof ClinicalDates] ?? field, key])),
    );
  }
}

/** "No date in the future" for dates outside the patient's timeline (samples, treatments, drugs). */
export function assertNotFuture(dates: Record<string, string | null | undefined>, now: Date): void {
  const today = todayOf(now);
  const fields = Object.fromEntries(
    Object.entries(dates)
      .filter(([, value]) => value && value > today)
      .map(([path]) => [path, 'validation.futureDate']),
  );
  if (Object.keys(fields).length > 0) {
    throw unprocessable('RULE_BROKEN', fields);
  }
}

/** The patient's dates the sanity rules compare with a change. */
export async function timelineOf(patients: PatientsRepository, head: PatientHead): Promise<ClinicalDates> {
  const [demography, first] = await Promise.all([
    patients.findDemography(head.id),
    patients.firstDiagnostic(head.id),
  ]);
  return {
    birthDate: demography?.birthDate ?? null,
    dxDate: first?.dxDate ?? null,
    relapseDate: first?.relapseDate ?? null,
    consentDate: first?.consentDate ?? null,
    deathDate: head.deathDate,
    lastContactDate: head.lastContactDate,
  };
}

/** The shared consent gate for treatments and lab reports: 422 CONSENT_REQUIRED or SUBTYPE_OTHER. */
export async function assertConsentGiven(patients: PatientsRepository, head: PatientHead): Promise<void> {
  const biobank = isBiobank(head.institutionType);
  const refusal = consentRefusal(biobank ? null : await patients.firstDiagnostic(head.id), biobank);
  if (refusal) {
    throw unprocessable(refusal);
  }
}
