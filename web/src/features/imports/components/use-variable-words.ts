import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScopeWords } from '../mapping/variables.ts';

/** The words the variables' labels and values are made of, in the screen's language. */
export function useVariableWords() {
  const { t } = useTranslation();
  return useMemo(() => {
    const scope: ScopeWords & { readonly patient: string; readonly other: string } = {
      patient: t('imports.variables.patient'),
      other: t('imports.variables.other'),
      treatment: (order) => t('imports.variables.treatment', { order }),
      response: (order) => t('imports.variables.response', { order }),
      drug: (order, drug) => t('imports.variables.drug', { order, drug }),
    };
    const values = { yes: t('common.yes'), no: t('common.no'), empty: t('imports.rows.empty') };
    return { scope, values };
  }, [t]);
}
