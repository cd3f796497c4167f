import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header.tsx';
import { QueriesScreen } from '../components/queries-screen.tsx';

/** /queries: the queries the caller sees, where the digest mails lead (CONTRACT §13). */
export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('queryList.title')} />
      <QueriesScreen />
    </>
  );
}
