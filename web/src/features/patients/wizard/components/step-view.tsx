import type { WizardStep } from '../steps.ts';
import { DemographyStep } from './demography-step.tsx';
import { DiagnosticStep } from './diagnostic-step.tsx';
import { FinalStep } from './final-step.tsx';
import { LabReportStep } from './lab-report-step.tsx';
import { SamplesStep } from './samples-step.tsx';
import type { StepProps } from './step-props.ts';
import { TreatmentsStep } from './treatments-step.tsx';

interface StepViewProps extends StepProps {
  readonly step: WizardStep;
}

/** The form of one step; steps 2 to 6 need the patient, which the wizard guarantees. */
export function StepView({ step, patient, ...props }: StepViewProps) {
  if (step === 'demography' || !patient) {
    return <DemographyStep patient={patient} {...props} />;
  }
  switch (step) {
    case 'samples':
      return <SamplesStep patient={patient} {...props} />;
    case 'diagnostic':
      return <DiagnosticStep patient={patient} {...props} />;
    case 'treatments':
      return <TreatmentsStep patient={patient} {...props} />;
    case 'lab-report':
      return <LabReportStep patient={patient} {...props} />;
    case 'final':
      return <FinalStep patient={patient} {...props} />;
  }
}
