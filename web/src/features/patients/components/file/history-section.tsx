import { Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import type { PatientHistoryEntry } from '@registry/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChangeTable } from '../../../../components/change-table.tsx';
import { ListError } from '../../../../components/list-error.tsx';
import { PageChangeError } from '../../../../components/message-dialog.tsx';
import { PaginationFooter } from '../../../../components/pagination-footer.tsx';
import { useChangeLabels } from '../../../../lib/change-labels.ts';
import { formatTimestamp } from '../../../../lib/dates.ts';
import { useKeepPageInRange, usePageChange } from '../../../../lib/use-page-change.ts';
import { patientHistoryQueryOptions, usePatientHistory } from '../../api/get-patient-history.ts';

interface HistorySectionProps {
  readonly patientId: string;
}

/**
 * The patient's history (docs/api-patients.md, "History"): who changed what and when, newest first, each
 * field with its value before and after, in pages. The server leaves out what the reader may not see.
 */
export function HistorySection({ patientId }: HistorySectionProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(0);
  const history = usePatientHistory(patientId, page);
  const paging = usePageChange(
    (next) => queryClient.fetchQuery(patientHistoryQueryOptions(patientId, next)),
    setPage,
  );
  useKeepPageInRange(page, history.data?.totalPages, setPage);

  if (history.isError && !history.data) {
    return (
      <ListError
        message={t('patientHistory.loadError')}
        onRetry={() => void history.refetch()}
        retrying={history.isFetching}
      />
    );
  }
  if (!history.data) {
    return (
      <Stack gap="sm" aria-busy>
        <Skeleton height={72} radius="md" />
        <Skeleton height={72} radius="md" />
      </Stack>
    );
  }
  const { data, totalPages, totalItems } = history.data;
  return (
    <section aria-label={t('patientHistory.label')}>
      {data.length === 0 ? (
        <Text c="dimmed" ta="center" py="md">
          {t('patientHistory.empty')}
        </Text>
      ) : (
        <Stack
          gap="sm"
          component="ol"
          p={0}
          m={0}
          style={{ listStyle: 'none', opacity: paging.changing ? 0.6 : 1 }}
          aria-busy={paging.changing}
        >
          {data.map((entry) => (
            <HistoryEntry key={entry.id} entry={entry} />
          ))}
        </Stack>
      )}
      {totalItems > 0 && (
        <PaginationFooter
          page={page}
          totalPages={totalPages}
          totalItems={totalItems}
          onChange={paging.changePage}
          loading={paging.changing}
        />
      )}
      <PageChangeError paging={paging} message={t('patientHistory.pageError')} />
    </section>
  );
}

function HistoryEntry({ entry }: { readonly entry: PatientHistoryEntry }) {
  const { t } = useTranslation();
  const labels = useChangeLabels();
  const action = labels.actionLabel(entry.action);
  const date = formatTimestamp(entry.at);
  return (
    <Paper component="li" withBorder radius="md" p="sm" data-testid="history-entry">
      <Group justify="space-between" gap="xs" mb={6} wrap="wrap">
        <Text fw={600} size="sm">
          {action}
        </Text>
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {t('patientHistory.by', {
            actor: entry.actorName ?? entry.actorEmail ?? t('patientHistory.unknownActor'),
            date,
          })}
        </Text>
      </Group>
      <ChangeTable
        label={t('patientHistory.changesLabel', { action, date })}
        changes={labels.changesOf(entry.entityType, entry.changes)}
      />
    </Paper>
  );
}
