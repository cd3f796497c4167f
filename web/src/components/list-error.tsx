import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertCircle, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface ListErrorProps {
  readonly message: string;
  readonly onRetry: () => void;
  readonly retrying?: boolean;
}

/** A list that could not load: what happened and a way to try again. */
export function ListError({ message, onRetry, retrying = false }: ListErrorProps) {
  const { t } = useTranslation();
  return (
    <Alert color="red" variant="light" title={t('notify.errorTitle')} icon={<IconAlertCircle aria-hidden />}>
      <Group justify="space-between" gap="sm">
        <Text size="sm">{message}</Text>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconRefresh size={14} aria-hidden />}
          onClick={onRetry}
          loading={retrying}
        >
          {t('common.retry')}
        </Button>
      </Group>
    </Alert>
  );
}
