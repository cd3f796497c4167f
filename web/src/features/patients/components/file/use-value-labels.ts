import { type Risk, type Sex, type Stage, splitOther } from '@registry/shared';
import { useTranslation } from 'react-i18next';
import { translateRuntimeKey } from '../../../../lib/translate.ts';

/**
 * How the stored values of a patient read on screen: enumerations in the user's language, and a
 * free-text subtype or scheme ('Other: text') as its text.
 */
export function useValueLabels() {
  const { t } = useTranslation();
  return {
    yesNo: (value: boolean) => (value ? t('patientCommon.yes') : t('patientCommon.no')),
    subtype: (stored: string | null) => {
      const { value, text } = splitOther(stored);
      return text ?? (value ? translateRuntimeKey(t, `patientCommon.diagnoses.${value}`, value) : null);
    },
    scheme: (stored: string | null) => {
      const { value, text } = splitOther(stored);
      return text ?? value;
    },
    stage: (value: Stage | null) => (value ? t(`patientCommon.stages.${value}`) : null),
    risk: (value: Risk | null) => (value ? t(`patientCommon.risks.${value}`) : null),
    sex: (value: Sex) => t(`sexes.${value}`),
    /** A fixed lab-report name in the user's language; a custom name as it was written. */
    reportName: (name: string) => translateRuntimeKey(t, `patientCommon.labReports.${name}`, name),
  };
}
