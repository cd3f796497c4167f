import type { Patient, User } from '@registry/shared';

/** What the wizard gives each step. */
export interface StepProps {
  /** Absent only on the demography step of a new patient. */
  readonly patient: Patient | undefined;
  readonly user: User;
  /** Admins navigate and save nothing (docs/product-rules.md#roles), except the NGS OP entry. */
  readonly readOnly: boolean;
  /** The patient's institution is a biobank (docs/product-rules.md#biobanks). */
  readonly biobank: boolean;
  /** The step's title, also the form's name. */
  readonly title: string;
  readonly onBack?: () => void;
  /** Moves to the next step; after a create, to the new patient's samples. */
  readonly onNext: (createdPatientId?: string) => void;
  /** Reads the patient again (after a 412) and answers it. */
  readonly onReload: () => Promise<Patient | undefined>;
}

/** Steps 2 to 6 exist only once the patient does. */
export interface RecordStepProps extends StepProps {
  readonly patient: Patient;
}
