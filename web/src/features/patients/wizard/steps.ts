import { BIOBANK, OTHER_PREFIX, type Patient, type User } from '@registry/shared';

/** The six steps of the wizard, in order (SPEC.md §2); the URL names them. */
export const WIZARD_STEPS = [
  'demography',
  'samples',
  'diagnostic',
  'treatments',
  'lab-report',
  'final',
] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

export function isWizardStep(value: string | undefined): value is WizardStep {
  return (WIZARD_STEPS as readonly string[]).includes(value ?? '');
}

/** The wizard's address for a step: /new-patient before the patient exists, else /edit-patient/{id}/{step}. */
export function wizardPath(patientId: string | undefined, step: WizardStep): string {
  if (!patientId) {
    return step === 'demography' ? '/new-patient' : `/new-patient/${step}`;
  }
  return `/edit-patient/${patientId}/${step}`;
}

/** Whether the rules of the patient's institution are the biobank's (SPEC.md §6). */
export function isBiobank(patient: Patient | undefined, user: User): boolean {
  return (patient?.institution.type ?? user.doctor?.institution.type) === BIOBANK;
}

/**
 * Treatments and the lab report need a first diagnostic with consent whose subtype is not Other, except
 * for admins and biobank doctors (SPEC.md §4; the server answers 422 CONSENT_REQUIRED / SUBTYPE_OTHER).
 */
export function mayRecordTreatments(patient: Patient, user: User): boolean {
  if (user.isAdmin || isBiobank(patient, user)) {
    return true;
  }
  const first = patient.diagnostics[0];
  return Boolean(first?.consent && !first.dxSubType?.startsWith(OTHER_PREFIX));
}

const STEPS_NEEDING_CONSENT: readonly WizardStep[] = ['treatments', 'lab-report'];

export function needsConsent(step: WizardStep): boolean {
  return STEPS_NEEDING_CONSENT.includes(step);
}

/** The step after `step`; treatments and lab report are skipped when the patient may not have them. */
export function nextStep(step: WizardStep, allowed: boolean): WizardStep {
  const next = WIZARD_STEPS[Math.min(WIZARD_STEPS.indexOf(step) + 1, WIZARD_STEPS.length - 1)] ?? 'final';
  return !allowed && needsConsent(next) ? 'final' : next;
}

/** The step before `step`, with the same skip. */
export function previousStep(step: WizardStep, allowed: boolean): WizardStep {
  const previous = WIZARD_STEPS[Math.max(WIZARD_STEPS.indexOf(step) - 1, 0)] ?? 'demography';
  return !allowed && needsConsent(previous) ? 'diagnostic' : previous;
}
