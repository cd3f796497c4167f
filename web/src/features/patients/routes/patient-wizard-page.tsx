import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header.tsx';

export function Component() {
  const { t } = useTranslation();
  const { patientId } = useParams();
  return <PageHeader title={patientId ? t('pages.editPatient') : t('pages.newPatient')} />;
}
