import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** The words the variables' groups and values are shown with, in the screen's language. */
export function useVariableWords() {
  const { t } = useTranslation();
  return useMemo(
    () => ({
      groups: { patient: t('imports.variables.patient'), other: t('imports.variables.other') },
      values: { yes: t('common.yes'), no: t('common.no'), empty: t('imports.rows.empty') },
    }),
    [t],
  );
}
