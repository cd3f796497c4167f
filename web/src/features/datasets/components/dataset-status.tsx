import { Badge, Progress, Stack, Text } from '@mantine/core';
import type { Dataset } from '@registry/shared';
import { useTranslation } from 'react-i18next';
import { isBuilding } from '../api/keys.ts';
import { progressPercent } from './dataset-words.ts';

interface DatasetStatusProps {
  readonly dataset: Pick<Dataset, 'status' | 'progress'>;
  /** Wider, with the patients written, on the dataset's own page. */
  readonly detailed?: boolean;
}

const COLORS = { building: 'blue.7', ready: 'green.7', failed: 'red.7' } as const;

/**
 * Where a dataset's build stands: a badge (the dot carries the colour, the text stays dark for
 * contrast), and while it is being built a progress bar of the patients written.
 */
export function DatasetStatus({ dataset, detailed = false }: DatasetStatusProps) {
  const { t, i18n } = useTranslation();
  const percent = progressPercent(dataset.progress);
  const { done, total } = dataset.progress;
  return (
    <Stack gap={6} miw={detailed ? undefined : 130}>
      <Badge variant="dot" color={COLORS[dataset.status]} size="md" tt="none" miw="max-content">
        {t(`datasets.status.${dataset.status}`)}
      </Badge>
      {isBuilding(dataset.status) && (
        <>
          <Progress
            value={percent}
            size={detailed ? 'lg' : 'sm'}
            aria-label={t('datasets.progress.label')}
            animated
            striped
          />
          <Text size="xs" c="dimmed">
            {total > 0
              ? t('datasets.progress.patients', {
                  done: done.toLocaleString(i18n.language),
                  total: total.toLocaleString(i18n.language),
                  percent,
                })
              : t('datasets.progress.counting')}
          </Text>
        </>
      )}
    </Stack>
  );
}
