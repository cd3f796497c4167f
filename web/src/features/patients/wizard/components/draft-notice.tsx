import { Alert, Button, Group, Text } from '@mantine/core';
import { IconRestore } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatTimestamp } from '../../../../lib/dates.ts';

interface DraftNoticeProps {
  /** When the restored values were last typed (ms since the epoch). */
  readonly savedAt: number;
  readonly onDiscard: () => void;
}

/** Says that the step shows values typed before and not yet saved (use-form-draft.ts), and offers to drop them. */
export function DraftNotice({ savedAt, onDiscard }: DraftNoticeProps) {
  const { t } = useTranslation();
  return (
    <Alert
      color="blue"
      variant="light"
      icon={<IconRestore size={20} aria-hidden />}
      title={t('drafts.restoredTitle')}
      role="status"
    >
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm">
          {t('drafts.restored', { time: formatTimestamp(new Date(savedAt).toISOString()) })}
        </Text>
        <Button size="xs" variant="default" onClick={onDiscard}>
          {t('drafts.discard')}
        </Button>
      </Group>
    </Alert>
  );
}
