import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header.tsx';
import { AuditList } from '../components/audit-list.tsx';

export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('audit.title')} />
      <AuditList />
    </>
  );
}
