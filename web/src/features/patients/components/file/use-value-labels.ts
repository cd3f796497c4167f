import {
  type MrdMethod,
  type MrdStatus,
  type Response,
  type Risk,
  type Sex,
  type Stage,
  splitOther,
} from '@registry/shared';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../../lib/numbers.ts';
import { translateRuntimeKey } from '../../../../lib/translate.ts';

/**
 * How the stored values of a patient read on screen: enumerations in the user's language, and a
 * free-text subtype or scheme ('Other: text') as its text.
 */
export function useValueLabels() {
  const { t, i18n } = useTranslation();
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
    /** An ELN 2022 response with its name: 'CR (complete remission)' in English, 'RC (…)' in Spanish. */
    response: (value: Response | null) => (value ? t(`wizardOptions.responses.${value}`) : null),
    /** The response's abbreviation in the user's language: CR, PR, PD… in English. */
    responseCode: (value: Response) => t(`patientCourse.responses.${value}`),
    mrdStatus: (value: MrdStatus | null) => (value ? t(`patientCourse.mrdStatuses.${value}`) : null),
    mrdMethod: (value: MrdMethod | null) => (value ? t(`patientCourse.mrdMethods.${value}`) : null),
    /** A percentage with the language's decimal separator: '0,5 %' in Spanish. */
    percent: (value: number | null) => (value === null ? null : `${formatNumber(value, i18n.language)} %`),
    /** A white-cell count with its unit: '12,5 ×10⁹/L' in Spanish. */
    wbc: (value: number | null) =>
      value === null ? null : t('patientFile.fields.wbcValue', { value: formatNumber(value, i18n.language) }),
    /** A fixed lab-report name in the user's language; a custom name as it was written. */
    reportName: (name: string) => translateRuntimeKey(t, `patientCommon.labReports.${name}`, name),
  };
}
