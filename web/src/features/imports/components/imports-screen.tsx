import { Anchor, Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { DEFAULT_PAGE_SIZE, type ImportListItem } from '@registry/shared';
import { IconFileImport, IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Card, CardLine, CardList } from '../../../components/card-list.tsx';
import { type DataColumn, DataTable } from '../../../components/data-table.tsx';
import { ListError } from '../../../components/list-error.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { PaginationFooter } from '../../../components/pagination-footer.tsx';
import { formatTimestamp } from '../../../lib/dates.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import { useKeepPageInRange, usePageChange } from '../../../lib/use-page-change.ts';
import { usePhone } from '../../../lib/use-phone.ts';
import { useSearchState } from '../../../lib/use-search-state.ts';
import { importsQueryOptions, useImports } from '../api/get-imports.ts';
import { ImportStatusBadge } from './import-badges.tsx';
import { summaryText } from './summary-text.ts';
import { TemplateButton } from './template-button.tsx';

/** The page, from the address (`/imports?page=2`). */
function usePageParam() {
  const [params, update] = useSearchState();
  const page = Math.max(Number.parseInt(params.get('page') ?? '0', 10) || 0, 0);
  const setPage = (next: number) =>
    update((latest) => {
      const params = new URLSearchParams(latest);
      if (next > 0) {
        params.set('page', String(next));
      } else {
        params.delete('page');
      }
      return params;
    });
  return [page, setPage] as const;
}

/** No import yet: what an import is, and the two ways to start. */
function EmptyImports() {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack align="center" gap="sm" ta="center" maw={560} mx="auto">
        <ThemeIcon size={48} radius="xl" variant="light" color="blue">
          <IconFileImport size={28} aria-hidden />
        </ThemeIcon>
        <Title order={2} size="h4">
          {t('imports.list.emptyTitle')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('imports.list.emptyText')}
        </Text>
        <Group gap="sm" justify="center">
          <Button component={Link} to="/imports/new" leftSection={<IconPlus size={16} aria-hidden />}>
            {t('imports.new')}
          </Button>
          <TemplateButton />
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * /imports: the imports of spreadsheets (CONTRACT §14) the user made (an admin: everyone's), newest
 * first, each with its state, file, owner, doctor, dates and what its check found; the way to start a new
 * one and the template to fill in.
 */
export function ImportsScreen() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const phone = usePhone();
  const queryClient = useQueryClient();
  const [page, setPage] = usePageParam();
  const queryFor = (p: number) => ({ page: p, size: DEFAULT_PAGE_SIZE });
  const list = useImports(queryFor(page));
  const paging = usePageChange((p) => queryClient.fetchQuery(importsQueryOptions(queryFor(p))), setPage);
  useKeepPageInRange(page, list.data?.totalPages, setPage);

  const link = (row: ImportListItem) => (
    <Anchor
      component={Link}
      to={`/imports/${row.id}`}
      fw={600}
      size="sm"
      style={{ overflowWrap: 'anywhere' }}
    >
      {row.fileName}
    </Anchor>
  );
  const doctorOf = (row: ImportListItem) => row.doctor?.name ?? t('imports.list.noDoctor');
  const datesOf = (row: ImportListItem) => (
    <Stack gap={0}>
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {formatTimestamp(row.createdAt)}
      </Text>
      {row.appliedAt && (
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {t('imports.list.appliedOn', { at: formatTimestamp(row.appliedAt) })}
        </Text>
      )}
    </Stack>
  );
  const columns: DataColumn<ImportListItem>[] = [
    {
      key: 'file',
      header: t('imports.list.columns.file'),
      render: (row) => (
        <Stack gap={2}>
          {link(row)}
          <Text size="xs" c="dimmed">
            {t('imports.rowCount', { count: row.rowCount })}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'status',
      header: t('imports.list.columns.status'),
      width: 150,
      render: (row) => <ImportStatusBadge status={row.status} />,
    },
    ...(user.isAdmin
      ? [
          {
            key: 'owner',
            header: t('imports.list.columns.owner'),
            render: (row: ImportListItem) => row.owner.name,
          },
        ]
      : []),
    { key: 'doctor', header: t('imports.list.columns.doctor'), render: doctorOf },
    { key: 'dates', header: t('imports.list.columns.dates'), width: 170, render: datesOf },
    {
      key: 'summary',
      header: t('imports.list.columns.summary'),
      render: (row) => <Text size="sm">{summaryText(t, row.summary) || '—'}</Text>,
    },
  ];

  const busy = paging.changing || (list.isPlaceholderData && list.isFetching);
  let entries: ReactNode;
  if (list.isError && !list.data) {
    entries = (
      <ListError
        message={t('imports.list.loadError')}
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
      />
    );
  } else if (list.data?.totalItems === 0 && page === 0) {
    entries = <EmptyImports />;
  } else if (phone) {
    entries = (
      <CardList
        label={t('imports.list.label')}
        rows={list.data?.data}
        emptyText={t('imports.list.emptyTitle')}
        busy={busy}
        keyOf={(row) => row.id}
      >
        {(row) => (
          <Card
            title={link(row)}
            subtitle={formatTimestamp(row.createdAt)}
            aside={<ImportStatusBadge status={row.status} />}
          >
            <Stack gap={2} mt={6}>
              {user.isAdmin && <CardLine label={t('imports.list.columns.owner')}>{row.owner.name}</CardLine>}
              <CardLine label={t('imports.list.columns.doctor')}>{doctorOf(row)}</CardLine>
              {row.summary && (
                <CardLine label={t('imports.list.columns.summary')}>{summaryText(t, row.summary)}</CardLine>
              )}
            </Stack>
          </Card>
        )}
      </CardList>
    );
  } else {
    entries = (
      <Paper withBorder radius="md" p={0}>
        <DataTable
          label={t('imports.list.label')}
          columns={columns}
          rows={list.data?.data}
          rowKey={(row) => row.id}
          emptyText={t('imports.list.emptyTitle')}
          busy={busy}
          minWidth={820}
        />
      </Paper>
    );
  }

  return (
    <>
      <PageHeader title={t('imports.list.title')}>
        <Group gap="sm">
          <TemplateButton />
          <Button component={Link} to="/imports/new" leftSection={<IconPlus size={16} aria-hidden />}>
            {t('imports.new')}
          </Button>
        </Group>
      </PageHeader>
      <Stack gap="md">
        <Text c="dimmed" size="sm" maw={820}>
          {user.isAdmin ? t('imports.list.adminDescription') : t('imports.list.doctorDescription')}
        </Text>
        {entries}
        {list.data && list.data.totalItems > 0 && (
          <PaginationFooter
            page={page}
            totalPages={list.data.totalPages}
            totalItems={list.data.totalItems}
            onChange={paging.changePage}
            loading={paging.changing}
          />
        )}
      </Stack>
    </>
  );
}
