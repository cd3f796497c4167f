import { useTranslation } from 'react-i18next';
import { translateRuntimeKey } from '../../../lib/translate.ts';

/** The kind of record an entry is about, in the user's language. */
export function useEntityLabel(): (entityType: string | null) => string {
  const { t } = useTranslation();
  return (entityType) =>
    entityType ? translateRuntimeKey(t, `audit.entities.${entityType}`, t('audit.entities.other')) : '';
}
