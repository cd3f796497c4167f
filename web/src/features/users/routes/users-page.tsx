import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MessageDialog } from '../../../components/message-dialog.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { NewUserModal } from '../components/new-user-modal.tsx';
import { UsersList } from '../components/users-list.tsx';

export function Component() {
  const { t } = useTranslation();
  const [creating, create] = useDisclosure(false);
  const [created, createdDialog] = useDisclosure(false);
  return (
    <>
      <PageHeader title={t('pages.users')}>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={create.open}>
          {t('users.new')}
        </Button>
      </PageHeader>
      <UsersList />
      <NewUserModal opened={creating} onClose={create.close} onCreated={createdDialog.open} />
      <MessageDialog
        opened={created}
        title={t('notify.successTitle')}
        message={t('users.created')}
        onClose={createdDialog.close}
      />
    </>
  );
}
