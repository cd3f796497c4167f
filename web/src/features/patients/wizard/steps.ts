import { consentRefusal, isBiobank, type Patient, type User } from '@registry/shared';

/** The six steps of the wizard, in order (docs/product-rules.md#wizard); the URL names them. */
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

/**
 * The wizard's address for a step: /new-patient before the patient exists, else /edit-patient/{id}/{step}.
 */
export function wizardPath(patientId: string | undefined, step: WizardStep): string {
  if (!patientId) {
    return step === 'demography' ? '/new-patient' : `/new-patient/${step}`;
  }
  return `/edit-patient/${patientId}/${step}`;
}

/**
 * Whether the biobank rules apply (docs/product-rules.md#biobanks): those of the patient's institution,
 * or, for a patient not created yet, of the doctor's.
 */
export function followsBiobankRules(patient: Patient | undefined, user: User): boolean {
  return isBiobank(patient?.institution.type ?? user.doctor?.institution.type);
}

/**
 * Whether the wizard opens treatments and the lab report: the shared consent gate (the server answers
 * 422 CONSENT_REQUIRED / SUBTYPE_OTHER). Admins pass it: they look at those steps and write only the
 * NGS OP entry.
 */
export function mayRecordTreatments(patient: Patient, user: User): boolean {
  return user.isAdmin || consentRefusal(patient.diagnostics[0], followsBiobankRules(patient, user)) === null;
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
