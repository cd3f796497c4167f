import { Alert, Button, Checkbox, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IMPORT_UNDO_DAYS, type Import } from '@registry/shared';
import { IconAlertCircle, IconPlayerPlay } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { serverMessage } from '../../../lib/translate.ts';
import { useApplyImport } from '../api/apply-import.ts';

interface ApplyPanelProps {
  readonly entry: Import;
  /** The apply failed halfway (the server stopped): applying again finishes it. */
  readonly again?: boolean;
}

/**
 * Applying a checked import (CONTRACT §14): what it will write, said before it is confirmed; the
 * conflicts (patients changed in the registry since the check) skipped unless the user accepts them,
 * with what accepting means.
 */
export function ApplyPanel({ entry, again = false }: ApplyPanelProps) {
  const { t } = useTranslation();
  const apply = useApplyImport();
  const [acceptConflicts, setAcceptConflicts] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const summary = entry.summary;
  if (!summary) {
    return null;
  }
  const writes = summary.new + summary.update + (acceptConflicts ? summary.conflict : 0);
  const run = () =>
    apply.mutate(
      { importId: entry.id, acceptConflicts },
      { onSuccess: () => setConfirming(false), onError: () => setConfirming(false) },
    );

  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="md">
        <Title order={2} size="h4">
          {again ? t('imports.apply.againTitle') : t('imports.apply.title')}
        </Title>
        <Text size="sm">
          {t('imports.apply.what', { new: summary.new, update: summary.update })}{' '}
          {t('imports.apply.whole', { days: IMPORT_UNDO_DAYS })}
        </Text>
        {summary.refused > 0 && (
          <Text size="sm" c="gray.7">
            {t('imports.apply.refused', { count: summary.refused })}
          </Text>
        )}
        {summary.conflict > 0 && (
          <Checkbox
            checked={acceptConflicts}
            onChange={(event) => setAcceptConflicts(event.currentTarget.checked)}
            label={t('imports.apply.acceptConflicts', { count: summary.conflict })}
            description={t('imports.apply.acceptConflictsHint')}
          />
        )}
        {apply.isError && (
          <Alert role="alert" color="red" variant="light" icon={<IconAlertCircle aria-hidden />}>
            {serverMessage(apply.error, t('imports.apply.failed'))}
          </Alert>
        )}
        <Group>
          <Button
            leftSection={<IconPlayerPlay size={16} aria-hidden />}
            onClick={() => setConfirming(true)}
            disabled={writes === 0}
          >
            {again ? t('imports.apply.again') : t('imports.apply.submit')}
          </Button>
          {writes === 0 && (
            <Text size="sm" c="gray.7">
              {t('imports.apply.nothing')}
            </Text>
          )}
        </Group>
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title={t('imports.apply.confirmTitle')}
        message={t('imports.apply.confirm', { count: writes, days: IMPORT_UNDO_DAYS })}
        onConfirm={run}
        onCancel={() => setConfirming(false)}
        loading={apply.isPending}
      />
    </Paper>
  );
}
