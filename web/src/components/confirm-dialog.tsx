import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface ConfirmDialogProps {
  readonly opened: boolean;
  readonly message: string;
  readonly onConfirm: () => void;
  readonly onCancel: () => void;
  readonly title?: string;
  /** True while the confirmed action runs: the dialog waits for it. */
  readonly loading?: boolean;
}

/** A yes / cancel question before an action (docs/product-rules.md#screens). */
export function ConfirmDialog({
  opened,
  message,
  onConfirm,
  onCancel,
  title,
  loading = false,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={loading ? () => undefined : onCancel}
      title={title ?? t('common.confirmTitle')}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Text size="sm">{message}</Text>
      <Group justify="flex-end" mt="lg" gap="sm">
        <Button variant="default" onClick={onCancel} disabled={loading}>
          {t('common.cancel')}
        </Button>
        <Button onClick={onConfirm} loading={loading} data-autofocus>
          {t('common.yes')}
        </Button>
      </Group>
    </Modal>
  );
}
