import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface MessageDialogProps {
  readonly opened: boolean;
  readonly title: string;
  readonly message: string;
  readonly onClose: () => void;
}

/** A message that needs acknowledging: a success, or a failure the user must notice. */
export function MessageDialog({ opened, title, message, onClose }: MessageDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Text size="sm">{message}</Text>
      <Group justify="flex-end" mt="lg">
        <Button onClick={onClose} data-autofocus>
          {t('common.accept')}
        </Button>
      </Group>
    </Modal>
  );
}

/**
 * The dialog of a page that could not be loaded (docs/product-rules.md#errors), for a list paged with
 * `usePageChange`: the list stays on the page it showed.
 */
export function PageChangeError({
  paging,
  message,
}: {
  readonly paging: { readonly failed: boolean; readonly dismissFailure: () => void };
  readonly message: string;
}) {
  const { t } = useTranslation();
  return (
    <MessageDialog
      opened={paging.failed}
      title={t('notify.errorTitle')}
      message={message}
      onClose={paging.dismissFailure}
    />
  );
}
