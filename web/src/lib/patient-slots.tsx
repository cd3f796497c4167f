import type { Patient } from '@registry/shared';
import { type ComponentType, createContext, useContext } from 'react';

/** The sections of the patient file that take what other features add about a patient. */
export type PatientFileSection =
  | 'demography'
  | 'samples'
  | 'diagnostic'
  | 'treatments'
  | 'labReport'
  | 'death';

/**
 * What other features add to the patient's screens, without the patients feature knowing them (features do
 * not import each other, docs/decisions/013-code-layout.md): the app layer provides them. Data quality
 * adds the findings and queries above the file, in each section, and on each wizard step.
 */
export interface PatientSlots {
  /** Above the file's sections. */
  readonly FileSummary?: ComponentType<{ readonly patient: Patient }>;
  /** At the top of one section of the file. */
  readonly FileSection?: ComponentType<{
    readonly patient: Patient;
    readonly section: PatientFileSection;
    readonly title: string;
  }>;
  /** Above the form of a wizard step, for a patient that exists. */
  readonly WizardStep?: ComponentType<{ readonly patient: Patient; readonly step: string }>;
}

const Slots = createContext<PatientSlots>({});

export const PatientSlotsProvider = Slots.Provider;

export function usePatientSlots(): PatientSlots {
  return useContext(Slots);
}
