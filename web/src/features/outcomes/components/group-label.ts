import type { GroupBy } from '@registry/shared';
import { useTranslation } from 'react-i18next';
import { translateRuntimeKey } from '../../../lib/translate.ts';
import type { GroupKey } from './curves.ts';

/**
 * How a group's key reads (docs/product-rules.md#outcomes): stored enumerations in the user's language
 * (the patient file's labels: subtypes, stages, risk levels, sexes, ELN 2022 categories; transplant
 * and MRD in words), age and white-cell count bands in words, codes and years
 * as they are, and the patients without a value as 'not recorded'.
 */
export function useGroupLabel(): (groupBy: GroupBy, key: GroupKey) => string {
  const { t } = useTranslation();
  return (groupBy, key) => {
    if (groupBy === 'none') {
      return t('outcomes.groups.all');
    }
    if (key === null) {
      return t('outcomes.groups.notRecorded');
    }
    const value = String(key);
    switch (groupBy) {
      case 'subtype':
        return translateRuntimeKey(t, `patientCommon.diagnoses.${value}`, value);
      case 'dx':
        return translateRuntimeKey(t, `patientCommon.stages.${value}`, value);
      case 'riskLevel':
        return translateRuntimeKey(t, `patientCommon.risks.${value}`, value);
      case 'gender':
        return translateRuntimeKey(t, `sexes.${value}`, value);
      case 'ageBand':
        return translateRuntimeKey(t, `outcomes.groups.ageBands.${value}`, value);
      case 'wbc':
        return translateRuntimeKey(t, `outcomes.groups.wbcBands.${value}`, value);
      case 'eln2022':
      case 'eln2024':
        return translateRuntimeKey(t, `patientCommon.eln2022.${value}`, value);
      case 'transplant':
        return translateRuntimeKey(t, `outcomes.groups.transplant.${value}`, value);
      case 'mrd':
        return translateRuntimeKey(t, `outcomes.groups.mrd.${value}`, value);
      case 'scheme':
        return value === 'Other' ? t('outcomes.groups.other') : value;
      case 'institution':
      case 'patientFit':
      case 'dxYear':
        return value;
    }
  };
}
