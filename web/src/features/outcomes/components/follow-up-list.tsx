import { Paper, Stack, Text } from '@mantine/core';
import { DEFAULT_PAGE_SIZE, type FollowUpRow } from '@registry/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type DataColumn, DataTable } from '../../../components/data-table.tsx';
import { ListError } from '../../../components/list-error.tsx';
import { PageChangeError } from '../../../components/message-dialog.tsx';
import { PaginationFooter } from '../../../components/pagination-footer.tsx';
import { STORAGE_KEYS } from '../../../lib/storage.ts';
import { useKeepPageInRange, usePageChange } from '../../../lib/use-page-change.ts';
import { usePersistentPage } from '../../../lib/use-persistent-page.ts';
import { FOLLOW_UP_MONTHS, followUpDueQueryOptions, useFollowUpDue } from '../api/get-follow-up-due.ts';
import { doctorName, LastKnownAlive, PatientLink } from './follow-up-row.tsx';

/**
 * The caller's patients due for follow-up (docs/product-rules.md#outcomes), oldest news first, a page
 * at a time: for a doctor their own, for an admin everyone's with the doctor.
 */
export function FollowUpList({ isAdmin }: { readonly isAdmin: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [page, setPage] = usePersistentPage(STORAGE_KEYS.lastPageFollowUp);
  const due = useFollowUpDue(page, DEFAULT_PAGE_SIZE);
  const paging = usePageChange(
    (next) =>
      queryClient.fetchQuery(
        followUpDueQueryOptions({ months: FOLLOW_UP_MONTHS, page: next, size: DEFAULT_PAGE_SIZE }),
      ),
    setPage,
  );
  useKeepPageInRange(page, due.data?.totalPages, setPage);

  const columns: DataColumn<FollowUpRow>[] = [
    {
      key: 'identification',
      header: t('followUpDue.identification'),
      render: (row) => <PatientLink row={row} />,
    },
    {
      key: 'lastKnownAlive',
      header: t('followUpDue.lastKnownAlive'),
      render: (row) => <LastKnownAlive row={row} />,
    },
    ...(isAdmin
      ? [{ key: 'doctor', header: t('followUpDue.doctor'), render: (row: FollowUpRow) => doctorName(row) }]
      : []),
  ];

  if (due.isError && !due.data) {
    return (
      <ListError
        message={t('followUpDue.loadError')}
        onRetry={() => void due.refetch()}
        retrying={due.isFetching}
      />
    );
  }
  return (
    <Stack gap={0}>
      <Text size="sm" c="dimmed" mb="sm">
        {t('followUpDue.description')}
      </Text>
      <Paper withBorder radius="md">
        <DataTable
          label={t('followUpDue.tableLabel')}
          columns={columns}
          rows={due.data?.data}
          rowKey={(row) => row.id}
          emptyText={t('followUpDue.empty')}
          busy={due.isPlaceholderData || paging.changing}
          minWidth={isAdmin ? 440 : 320}
        />
      </Paper>
      {due.data && due.data.totalItems > 0 && (
        <PaginationFooter
          page={page}
          totalPages={due.data.totalPages}
          totalItems={due.data.totalItems}
          onChange={paging.changePage}
          loading={paging.changing}
        />
      )}
      <PageChangeError paging={paging} message={t('followUpDue.pageError')} />
    </Stack>
  );
}
