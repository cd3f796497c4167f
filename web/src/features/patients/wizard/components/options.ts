import {
  DIAGNOSES,
  FITNESS,
  MRD_METHODS,
  MRD_STATUSES,
  RESPONSES,
  RISKS,
  SAMPLE_TYPES,
  SEXES,
  STAGES,
  TREATMENT_SCHEMES,
} from '@registry/shared';
import { useTranslation } from 'react-i18next';

interface Option {
  readonly value: string;
  readonly label: string;
}

/**
 * The option lists of the wizard's selects (docs/product-rules.md#values), labelled in the current language.
 */
export function useWizardOptions() {
  const { t } = useTranslation();
  const other = t('wizardOptions.other');
  const named = (value: string): Option => ({ value, label: value === 'Other' ? other : value });
  return {
    sexes: SEXES.map((value) => ({ value, label: t(`sexes.${value}`) })),
    ecog: ['0', '1', '2', '3', '4', '5'].map((value) => ({ value, label: value })),
    stages: STAGES.map((value) => ({ value, label: t(`wizardOptions.stages.${value}`) })),
    diagnoses: DIAGNOSES.map((value) =>
      value === 'confirm' ? { value, label: t('wizardOptions.confirm') } : named(value),
    ),
    fitness: FITNESS.map((value) => ({ value, label: value })),
    risks: RISKS.map((value) => ({ value, label: t(`wizardOptions.risks.${value}`) })),
    sampleTypes: SAMPLE_TYPES.map((value) => ({ value, label: value })),
    responses: RESPONSES.map((value) => ({ value, label: t(`wizardOptions.responses.${value}`) })),
    mrdStatuses: MRD_STATUSES.map((value) => ({ value, label: t(`patientCourse.mrdStatuses.${value}`) })),
    mrdMethods: MRD_METHODS.map((value) => ({ value, label: t(`patientCourse.mrdMethods.${value}`) })),
    schemes: TREATMENT_SCHEMES.map(named),
  } satisfies Record<string, readonly Option[]>;
}
