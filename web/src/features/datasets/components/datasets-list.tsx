import { Button, Paper, Stack, Text } from '@mantine/core';
import { type Dataset, type DatasetListQuery, DEFAULT_PAGE_SIZE } from '@registry/shared';
import { IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Card, CardLine, CardList } from '../../../components/card-list.tsx';
import { type DataColumn, DataTable } from '../../../components/data-table.tsx';
import { ListError } from '../../../components/list-error.tsx';
import { PageChangeError } from '../../../components/message-dialog.tsx';
import { PaginationFooter } from '../../../components/pagination-footer.tsx';
import { formatTimestamp } from '../../../lib/dates.ts';
import { useKeepPageInRange, usePageChange } from '../../../lib/use-page-change.ts';
import { usePhone } from '../../../lib/use-phone.ts';
import { useSearchState } from '../../../lib/use-search-state.ts';
import { datasetsQueryOptions, useDatasets } from '../api/get-datasets.ts';
import { FiltersCell, OptionsCell, PurposeLink, RequestedCell } from './dataset-cells.tsx';
import { DatasetStatus } from './dataset-status.tsx';
import { formatSize } from './dataset-words.ts';
import { DownloadButton } from './download-button.tsx';
import { HashValue } from './hash-value.tsx';

/** The page lives in the address (`?page=`, 0-based), so that a reload keeps it. */
function usePageParam() {
  const [params, update] = useSearchState();
  const page = Math.max(Number.parseInt(params.get('page') ?? '0', 10) || 0, 0);
  const setPage = (next: number) =>
    update(() => (next > 0 ? new URLSearchParams({ page: String(next) }) : new URLSearchParams()));
  return [page, setPage] as const;
}

/** What a list says of a dataset's figures: its patients, its size, its hash; a dash until it is ready. */
function useFigures() {
  const { t, i18n } = useTranslation();
  return {
    rows: (dataset: Dataset) =>
      dataset.rows ? t('datasets.list.patients', { count: dataset.rows.patients }) : '—',
    size: (dataset: Dataset) => (dataset.size === null ? '—' : formatSize(dataset.size, i18n.language)),
    hash: (dataset: Dataset) => (dataset.sha256 ? <HashValue sha256={dataset.sha256} /> : '—'),
  };
}

/** Nothing asked for yet: what a dataset is, and the way to ask for the first. */
function NoDatasets() {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack align="center" gap="sm" maw={560} mx="auto" ta="center">
        <Text fw={600}>{t('datasets.list.empty')}</Text>
        <Text size="sm" c="dimmed">
          {t('datasets.list.emptyHint')}
        </Text>
        <Button component={Link} to="/datasets/new" leftSection={<IconPlus size={16} aria-hidden />}>
          {t('datasets.new')}
        </Button>
      </Stack>
    </Paper>
  );
}

/**
 * The datasets asked for so far (CONTRACT §15), newest first, paged: who and when, the purpose (the link
 * to its page), the filters and options in words, the patients, size and SHA-256 of a ready one, where
 * a build stands (read again every second while one is on its way) and, once ready, its download. Cards
 * on a phone.
 */
export function DatasetsList() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [page, setPage] = usePageParam();
  const queryFor = (p: number): DatasetListQuery => ({ page: p, size: DEFAULT_PAGE_SIZE });
  const datasets = useDatasets(queryFor(page));
  const paging = usePageChange((p) => queryClient.fetchQuery(datasetsQueryOptions(queryFor(p))), setPage);
  useKeepPageInRange(page, datasets.data?.totalPages, setPage);
  const figures = useFigures();
  const phone = usePhone();

  const columns: DataColumn<Dataset>[] = [
    {
      key: 'requested',
      header: t('datasets.list.requested'),
      width: 140,
      render: (d) => <RequestedCell dataset={d} />,
    },
    {
      key: 'purpose',
      header: t('datasets.list.purpose'),
      width: 180,
      render: (d) => <PurposeLink dataset={d} />,
    },
    {
      key: 'filters',
      header: t('datasets.list.filters'),
      width: 150,
      render: (d) => <FiltersCell dataset={d} />,
    },
    {
      key: 'options',
      header: t('datasets.list.options'),
      width: 150,
      render: (d) => <OptionsCell dataset={d} />,
    },
    {
      key: 'contents',
      header: t('datasets.list.contents'),
      width: 150,
      render: (d) =>
        d.status === 'ready' ? (
          <Stack gap={2}>
            <Text size="sm">{figures.rows(d)}</Text>
            <Text size="sm">{figures.size(d)}</Text>
            {figures.hash(d)}
          </Stack>
        ) : (
          '—'
        ),
    },
    {
      key: 'status',
      header: t('datasets.list.status'),
      render: (d) => (
        <Stack gap="xs" align="flex-start">
          <DatasetStatus dataset={d} />
          {d.status === 'ready' && <DownloadButton dataset={d} size="xs" named />}
        </Stack>
      ),
    },
  ];

  const busy = paging.changing || (datasets.isPlaceholderData && datasets.isFetching);
  let entries: ReactNode;
  if (datasets.isError && !datasets.data) {
    entries = (
      <ListError
        message={t('datasets.list.loadError')}
        onRetry={() => void datasets.refetch()}
        retrying={datasets.isFetching}
      />
    );
  } else if (datasets.data?.totalItems === 0) {
    entries = <NoDatasets />;
  } else if (phone) {
    entries = (
      <CardList
        label={t('datasets.list.label')}
        rows={datasets.data?.data}
        emptyText={t('datasets.list.empty')}
        busy={busy}
        keyOf={(d) => d.id}
      >
        {(d) => (
          <Card title={<PurposeLink dataset={d} />} subtitle={formatTimestamp(d.createdAt)} aside={null}>
            <Stack gap={6} mt="xs">
              <CardLine label={t('datasets.list.requestedBy')}>
                {d.requestedBy.email ?? t('datasets.list.unknownUser')}
              </CardLine>
              <CardLine label={t('datasets.list.filters')}>
                <FiltersCell dataset={d} />
              </CardLine>
              <CardLine label={t('datasets.list.options')}>
                <OptionsCell dataset={d} />
              </CardLine>
              {d.status === 'ready' && (
                <>
                  <CardLine label={t('datasets.list.rows')}>{figures.rows(d)}</CardLine>
                  <CardLine label={t('datasets.list.size')}>{figures.size(d)}</CardLine>
                  <CardLine label={t('datasets.list.sha256')}>{figures.hash(d)}</CardLine>
                </>
              )}
              <DatasetStatus dataset={d} detailed />
              {d.status === 'ready' && <DownloadButton dataset={d} size="xs" named />}
            </Stack>
          </Card>
        )}
      </CardList>
    );
  } else {
    entries = (
      <Paper withBorder radius="md" p={0}>
        <DataTable
          label={t('datasets.list.label')}
          columns={columns}
          rows={datasets.data?.data}
          rowKey={(d) => d.id}
          emptyText={t('datasets.list.empty')}
          busy={busy}
          minWidth={940}
        />
      </Paper>
    );
  }

  return (
    <Stack gap="md">
      {entries}
      {datasets.data && datasets.data.totalItems > 0 && (
        <PaginationFooter
          page={page}
          totalPages={datasets.data.totalPages}
          totalItems={datasets.data.totalItems}
          onChange={paging.changePage}
          loading={paging.changing}
        />
      )}
      <PageChangeError paging={paging} message={t('datasets.list.pageError')} />
    </Stack>
  );
}
