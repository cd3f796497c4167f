import { lazy } from 'react';
import type { PatientSlots } from '../../lib/patient-slots.tsx';

/**
 * What data quality adds to the patient's screens (lib/patient-slots.tsx), fetched with the first patient
 * screen that shows it rather than with the shell.
 */
const quality = () => import('../../features/quality/components/patient-quality.tsx');
const step = () => import('../../features/quality/components/step-quality.tsx');

export const PATIENT_SLOTS: PatientSlots = {
  FileSummary: lazy(() => quality().then((module) => ({ default: module.PatientQualitySummary }))),
  FileSection: lazy(() => quality().then((module) => ({ default: module.SectionQueries }))),
  WizardStep: lazy(() => step().then((module) => ({ default: module.StepQuality }))),
};
