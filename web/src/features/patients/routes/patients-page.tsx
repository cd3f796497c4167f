import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header.tsx';

export function Component() {
  const { t } = useTranslation();
  return <PageHeader title={t('pages.patients')} />;
}
