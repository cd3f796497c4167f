import { Alert, Button, Checkbox, Group, List, Paper, Stack } from '@mantine/core';
import { IconAlertTriangle, IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '../lib/api-client.ts';
import { CopyAction } from './copy-action.tsx';

interface RecoveryCodesProps {
  readonly codes: readonly string[];
  /** After the user says the codes are saved; they are not shown again. */
  readonly onDone: () => void;
  readonly doneLabel: string;
  /** While the step after "done" runs (a sign-in loading the user). */
  readonly loading?: boolean;
}

/**
 * The ten recovery codes, shown once when the second factor is turned on
 * (docs/product-rules.md#accounts): copy them, download them as text, and say they are saved to go on.
 */
export function RecoveryCodes({ codes, onDone, doneLabel, loading = false }: RecoveryCodesProps) {
  const { t } = useTranslation();
  const [saved, setSaved] = useState(false);
  const text = codes.join('\n');

  const download = () => {
    const content = `${t('secondFactor.codes.fileHeader')}\n\n${text}\n`;
    saveBlob(new Blob([content], { type: 'text/plain;charset=utf-8' }), t('secondFactor.codes.fileName'));
  };

  return (
    <Stack gap="md">
      <Alert color="yellow" variant="light" icon={<IconAlertTriangle aria-hidden />}>
        {t('secondFactor.codes.warning')}
      </Alert>
      <Paper withBorder p="md" bg="gray.0">
        <List
          listStyleType="none"
          aria-label={t('secondFactor.codes.listLabel')}
          ff="monospace"
          fz="md"
          spacing={4}
          styles={{ root: { columns: 2, columnGap: 'var(--mantine-spacing-lg)' } }}
        >
          {codes.map((code) => (
            <List.Item key={code}>{code}</List.Item>
          ))}
        </List>
      </Paper>
      <Group gap="sm">
        <CopyAction value={text} label={t('secondFactor.codes.copy')} />
        <Button
          variant="default"
          size="xs"
          onClick={download}
          leftSection={<IconDownload size={14} aria-hidden />}
        >
          {t('secondFactor.codes.download')}
        </Button>
      </Group>
      <Checkbox
        label={t('secondFactor.codes.saved')}
        checked={saved}
        onChange={(event) => setSaved(event.currentTarget.checked)}
      />
      <Button onClick={onDone} disabled={!saved} loading={loading} fullWidth>
        {doneLabel}
      </Button>
    </Stack>
  );
}
