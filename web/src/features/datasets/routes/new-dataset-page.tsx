import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header.tsx';
import { DatasetForm } from '../components/dataset-form.tsx';

/** /datasets/new (admins): the request of a new analysis dataset. */
export function NewDatasetPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('datasets.new')} />
      <DatasetForm />
    </>
  );
}
