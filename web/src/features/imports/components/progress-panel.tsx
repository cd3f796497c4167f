import { Paper, Progress, Stack, Text, Title } from '@mantine/core';
import type { ImportProgress } from '@registry/shared';
import { useTranslation } from 'react-i18next';

interface ProgressPanelProps {
  /** What the server is doing: checking the rows, or applying them. */
  readonly work: 'check' | 'apply';
  readonly progress: ImportProgress;
}

/**
 * The server's work on an import, as far as it has got: the page reads it again every second, and shows
 * it the same when opened again after its tab was closed, since the work goes on on the server.
 */
export function ProgressPanel({ work, progress }: ProgressPanelProps) {
  const { t, i18n } = useTranslation();
  const percent = progress.total > 0 ? Math.min(100, Math.round((progress.done / progress.total) * 100)) : 0;
  const title = t(`imports.progress.${work}`);
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        <Progress value={percent} size="lg" radius="md" striped animated aria-label={title} />
        <Text size="sm" aria-live="polite">
          {progress.total > 0
            ? t('imports.progress.rows', {
                done: progress.done.toLocaleString(i18n.language),
                total: progress.total.toLocaleString(i18n.language),
                percent,
              })
            : t('imports.progress.starting')}
        </Text>
        <Text size="sm" c="dimmed">
          {t('imports.progress.leave')}
        </Text>
      </Stack>
    </Paper>
  );
}
