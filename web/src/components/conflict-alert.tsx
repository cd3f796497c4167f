import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface ConflictAlertProps {
  /** Reads the patient again; the button shows that it is loading until this settles. */
  readonly onReload: () => Promise<unknown>;
  /** What the screen adds, such as what becomes of the typed values on reload. */
  readonly detail?: string;
}

/**
 * The answer to a write refused with 412 (docs/product-rules.md#versions): the patient was changed
 * elsewhere. What was typed stays where it is until the user asks to reload.
 */
export function ConflictAlert({ onReload, detail }: ConflictAlertProps) {
  const { t } = useTranslation();
  const [reloading, setReloading] = useState(false);

  const reload = async () => {
    setReloading(true);
    try {
      await onReload();
    } finally {
      setReloading(false);
    }
  };

  return (
    <Alert
      color="red"
      variant="light"
      role="alert"
      title={t('errors.STALE_VERSION')}
      icon={<IconAlertTriangle aria-hidden />}
    >
      <Stack gap="xs" align="flex-start">
        {detail && <Text size="sm">{detail}</Text>}
        <Button
          size="xs"
          variant="default"
          leftSection={<IconRefresh size={14} aria-hidden />}
          onClick={() => void reload()}
          loading={reloading}
        >
          {t('common.reload')}
        </Button>
      </Stack>
    </Alert>
  );
}
