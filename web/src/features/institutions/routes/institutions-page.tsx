import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header.tsx';
import { InstitutionsList } from '../components/institutions-list.tsx';
import { NewInstitutionModal } from '../components/new-institution-modal.tsx';

export function Component() {
  const { t } = useTranslation();
  const [creating, create] = useDisclosure(false);
  return (
    <>
      <PageHeader title={t('pages.institutions')}>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={create.open}>
          {t('institutions.new')}
        </Button>
      </PageHeader>
      <InstitutionsList />
      <NewInstitutionModal opened={creating} onClose={create.close} />
    </>
  );
}
