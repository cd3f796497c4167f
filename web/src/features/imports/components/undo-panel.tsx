import { Alert, Anchor, Button, List, Paper, Stack, Text, Title } from '@mantine/core';
import type { Import } from '@registry/shared';
import { IconAlertCircle, IconArrowBackUp, IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { formatTimestamp } from '../../../lib/dates.ts';
import { notify } from '../../../lib/notify.ts';
import { serverMessage } from '../../../lib/translate.ts';
import { changedSince, useUndoImport } from '../api/undo-import.ts';
import { summaryText } from './summary-text.ts';

/**
 * An applied import: what it wrote, and its undo while it may be undone (30 days): the patients it made
 * are removed and the ones it updated go back to what they were. Refused when some changed since: the
 * screen lists them, each linking to its file, and nothing is undone.
 */
export function UndoPanel({ entry }: { readonly entry: Import }) {
  const { t } = useTranslation();
  const undo = useUndoImport();
  const [confirming, setConfirming] = useState(false);
  const changed = undo.isError ? changedSince(undo.error) : null;
  const canUndo = entry.undoUntil !== null && Date.parse(entry.undoUntil) > Date.now();
  const run = () =>
    undo.mutate(entry.id, {
      onSuccess: () => {
        setConfirming(false);
        notify('success', t('imports.undo.doneTitle'), t('imports.undo.done'));
      },
      onError: () => setConfirming(false),
    });

  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="md">
        <Alert
          color="green"
          variant="light"
          icon={<IconCircleCheck aria-hidden />}
          title={t('imports.applied.title')}
        >
          <Text size="sm">
            {t('imports.applied.when', { at: entry.appliedAt ? formatTimestamp(entry.appliedAt) : '' })}{' '}
            {summaryText(t, entry.summary)}
          </Text>
        </Alert>
        <Title order={2} size="h4">
          {t('imports.undo.title')}
        </Title>
        {canUndo && entry.undoUntil ? (
          <>
            <Text size="sm">{t('imports.undo.what', { until: formatTimestamp(entry.undoUntil) })}</Text>
            <Button
              variant="default"
              color="red"
              leftSection={<IconArrowBackUp size={16} aria-hidden />}
              onClick={() => setConfirming(true)}
              style={{ alignSelf: 'flex-start' }}
            >
              {t('imports.undo.submit')}
            </Button>
          </>
        ) : (
          <Text size="sm" c="gray.7">
            {t('imports.undo.expired')}
          </Text>
        )}
        {changed && (
          <Alert
            role="alert"
            color="red"
            variant="light"
            icon={<IconAlertCircle aria-hidden />}
            title={t('imports.undo.refused')}
          >
            <Text size="sm" mb="xs">
              {t('imports.undo.changedSince', { count: changed.length })}
            </Text>
            <List size="sm">
              {changed.map((patient) => (
                <List.Item key={patient.id}>
                  {/* Dark on the alert's tint: the brand's orange is too light there (WCAG AA). */}
                  <Anchor
                    component={Link}
                    to={`/patient/${patient.id}`}
                    size="sm"
                    c="red.9"
                    underline="always"
                  >
                    {patient.identification}
                  </Anchor>
                </List.Item>
              ))}
            </List>
          </Alert>
        )}
        {undo.isError && !changed && (
          <Alert role="alert" color="red" variant="light" icon={<IconAlertCircle aria-hidden />}>
            {serverMessage(undo.error, t('imports.undo.failed'))}
          </Alert>
        )}
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title={t('imports.undo.confirmTitle')}
        message={t('imports.undo.confirm')}
        onConfirm={run}
        onCancel={() => setConfirming(false)}
        loading={undo.isPending}
      />
    </Paper>
  );
}
