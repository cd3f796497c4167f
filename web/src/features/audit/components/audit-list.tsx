import { Button, Code, Group, Paper, Stack, Text } from '@mantine/core';
import { type AuditEvent, type AuditQuery, DEFAULT_PAGE_SIZE } from '@registry/shared';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ChangeTable } from '../../../components/change-table.tsx';
import { type DataColumn, DataTable } from '../../../components/data-table.tsx';
import { ListError } from '../../../components/list-error.tsx';
import { PageChangeError } from '../../../components/message-dialog.tsx';
import { PaginationFooter } from '../../../components/pagination-footer.tsx';
import { useChangeLabels } from '../../../lib/change-labels.ts';
import { formatTimestamp } from '../../../lib/dates.ts';
import { notify } from '../../../lib/notify.ts';
import { serverMessage } from '../../../lib/translate.ts';
import { useKeepPageInRange, usePageChange } from '../../../lib/use-page-change.ts';
import { usePhone } from '../../../lib/use-phone.ts';
import { useSearchState } from '../../../lib/use-search-state.ts';
import { useExportAudit } from '../api/export-audit.ts';
import { auditQueryOptions, useAudit } from '../api/get-audit.ts';
import { AuditCards, PatientLink } from './audit-cards.tsx';
import { AuditFilters, type AuditFilterValues } from './audit-filters.tsx';
import { useEntityLabel } from './entity-label.ts';

const FILTERS = ['patientId', 'patientCode', 'userId', 'action', 'from', 'to'] as const;

const filtersOf = (params: URLSearchParams): AuditFilterValues =>
  Object.fromEntries(FILTERS.map((name) => [name, params.get(name) || undefined]));

/** The filters and the page live in the address (`useSearchState`). */
function useAuditParams() {
  const [params, update] = useSearchState();
  const filters = filtersOf(params);
  const page = Math.max(Number.parseInt(params.get('page') ?? '0', 10) || 0, 0);
  const write = (change: AuditFilterValues, nextPage: number) =>
    update((latest) => {
      const next = { ...filtersOf(latest), ...change };
      const search = new URLSearchParams();
      for (const name of FILTERS) {
        const value = next[name];
        if (value) {
          search.set(name, value);
        }
      }
      if (nextPage > 0) {
        search.set('page', String(nextPage));
      }
      return search;
    });
  return {
    filters,
    page,
    setFilters: (change: AuditFilterValues) => write(change, 0),
    clearFilters: () => write(Object.fromEntries(FILTERS.map((name) => [name, undefined])), 0),
    setPage: (next: number) => write({}, next),
  };
}

/** The admins' view of the whole audit trail (docs/product-rules.md#audit): filters, pages, readable entries. */
export function AuditList() {
  const { t } = useTranslation();
  const labels = useChangeLabels();
  const queryClient = useQueryClient();
  const { filters, page, setFilters, clearFilters, setPage } = useAuditParams();
  const query = { ...filters, patientCode: filters.patientCode ? Number(filters.patientCode) : undefined };
  const queryFor = (p: number): AuditQuery => ({ page: p, size: DEFAULT_PAGE_SIZE, ...query });
  const exporting = useExportAudit();
  const exportCsv = () =>
    exporting.mutate(query, {
      onError: (error) =>
        notify('error', t('notify.errorTitle'), serverMessage(error, t('auditExport.failed'))),
    });
  const audit = useAudit(queryFor(page));
  const paging = usePageChange((p) => queryClient.fetchQuery(auditQueryOptions(queryFor(p))), setPage);
  useKeepPageInRange(page, audit.data?.totalPages, setPage);

  const entity = useEntityLabel();
  const phone = usePhone();
  const columns: DataColumn<AuditEvent>[] = [
    {
      key: 'at',
      header: t('audit.columns.at'),
      width: 150,
      render: (row) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatTimestamp(row.at)}
        </Text>
      ),
    },
    {
      key: 'actor',
      header: t('audit.columns.actor'),
      width: 200,
      render: (row) => (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {row.actorEmail ?? t('audit.system')}
        </Text>
      ),
    },
    {
      key: 'action',
      header: t('audit.columns.action'),
      width: 170,
      render: (row) => (
        <Stack gap={2}>
          <Text size="sm" fw={600} c={row.outcome === 'ok' ? undefined : 'red.8'}>
            {labels.actionLabel(row.action, row.outcome)}
          </Text>
          {row.outcome === 'denied' && <Code style={{ overflowWrap: 'anywhere' }}>{row.action}</Code>}
        </Stack>
      ),
    },
    {
      key: 'record',
      header: t('audit.columns.record'),
      width: 120,
      render: (row) => (
        <Stack gap={2}>
          <Text size="sm">{entity(row.entityType)}</Text>
          {row.patientId && <PatientLink id={row.patientId} />}
        </Stack>
      ),
    },
    {
      key: 'changes',
      header: t('audit.columns.changes'),
      render: (row) =>
        row.changes ? (
          <ChangeTable
            label={t('patientHistory.changesLabel', {
              action: labels.actionLabel(row.action, row.outcome),
              date: formatTimestamp(row.at),
            })}
            changes={labels.changesOf(row.entityType, row.changes)}
          />
        ) : null,
    },
  ];

  const busy = paging.changing || (audit.isPlaceholderData && audit.isFetching);
  let entries: ReactNode;
  if (audit.isError && !audit.data) {
    entries = (
      <ListError
        message={t('audit.loadError')}
        onRetry={() => void audit.refetch()}
        retrying={audit.isFetching}
      />
    );
  } else if (phone) {
    entries = (
      <AuditCards
        label={t('audit.tableLabel')}
        rows={audit.data?.data}
        emptyText={t('audit.empty')}
        busy={busy}
      />
    );
  } else {
    entries = (
      <Paper withBorder radius="md" p={0}>
        <DataTable
          label={t('audit.tableLabel')}
          columns={columns}
          rows={audit.data?.data}
          rowKey={(row) => String(row.id)}
          emptyText={t('audit.empty')}
          busy={busy}
          minWidth={900}
        />
      </Paper>
    );
  }

  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md">
        <AuditFilters values={filters} onChange={setFilters} onClear={clearFilters} />
        <Group justify="flex-end" mt="sm">
          <Button
            variant="default"
            size="xs"
            leftSection={<IconFileSpreadsheet size={14} aria-hidden />}
            loading={exporting.isPending}
            onClick={exportCsv}
          >
            {t('auditExport.csv')}
          </Button>
        </Group>
      </Paper>
      {entries}
      {audit.data && audit.data.totalItems > 0 && (
        <PaginationFooter
          page={page}
          totalPages={audit.data.totalPages}
          totalItems={audit.data.totalItems}
          onChange={paging.changePage}
          loading={paging.changing}
        />
      )}
      <PageChangeError paging={paging} message={t('audit.pageError')} />
    </Stack>
  );
}
