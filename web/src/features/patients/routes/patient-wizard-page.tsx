import { PatientWizard } from '../wizard/components/patient-wizard.tsx';

/** /new-patient/{step} (doctors) and /edit-patient/{id}/{step}: the six-step wizard. */
export function Component() {
  return <PatientWizard />;
}
