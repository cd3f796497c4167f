import { Anchor, List, Paper, SimpleGrid, Spoiler, Stack, Text, UnstyledButton } from '@mantine/core';
import { IMPORT_ACTIONS, type ImportAction, type ImportRow, type ImportSummary } from '@registry/shared';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Card, CardList } from '../../../components/card-list.tsx';
import { type DataColumn, DataTable } from '../../../components/data-table.tsx';
import { ListError } from '../../../components/list-error.tsx';
import { PaginationFooter } from '../../../components/pagination-footer.tsx';
import { useKeepPageInRange, usePageChange } from '../../../lib/use-page-change.ts';
import { usePhone } from '../../../lib/use-phone.ts';
import { useSearchState } from '../../../lib/use-search-state.ts';
import { importRowsQueryOptions, useImportRows } from '../api/get-import-rows.ts';
import { valueText } from '../mapping/values.ts';
import type { Codebook } from '../mapping/variables.ts';
import { ImportActionBadge } from './import-badges.tsx';
import { useVariableWords } from './use-variable-words.ts';

/** Rows per page of the check. */
export const ROWS_PAGE_SIZE = 20;

/** The action shown and the page, from the address (`?action=refused&rowsPage=2`). */
function useRowsParams() {
  const [params, update] = useSearchState();
  const raw = params.get('action');
  const action = IMPORT_ACTIONS.find((value) => value === raw);
  const page = Math.max(Number.parseInt(params.get('rowsPage') ?? '0', 10) || 0, 0);
  const write = (nextAction: ImportAction | undefined, nextPage: number) =>
    update((latest) => {
      const next = new URLSearchParams(latest);
      if (nextAction) {
        next.set('action', nextAction);
      } else {
        next.delete('action');
      }
      if (nextPage > 0) {
        next.set('rowsPage', String(nextPage));
      } else {
        next.delete('rowsPage');
      }
      return next;
    });
  return {
    action,
    page,
    setAction: (next: ImportAction | undefined) => write(next, 0),
    setPage: (next: number) => write(action, next),
  };
}

interface SummaryFilterProps {
  readonly summary: ImportSummary;
  readonly action: ImportAction | undefined;
  readonly onChange: (action: ImportAction | undefined) => void;
}

/** The check's count of each action, each a button that shows those rows alone (pressed when it does). */
function SummaryFilter({ summary, action, onChange }: SummaryFilterProps) {
  const { t, i18n } = useTranslation();
  const total = IMPORT_ACTIONS.reduce((sum, key) => sum + summary[key], 0);
  const tiles: { key: ImportAction | undefined; count: number; label: string }[] = [
    { key: undefined, count: total, label: t('imports.rows.all') },
    ...IMPORT_ACTIONS.map((key) => ({ key, count: summary[key], label: t(`imports.actions.${key}`) })),
  ];
  return (
    <SimpleGrid
      cols={{ base: 2, sm: 3, md: 6 }}
      spacing="sm"
      role="group"
      aria-label={t('imports.rows.filter')}
    >
      {tiles.map((tile) => {
        const pressed = tile.key === action;
        return (
          <UnstyledButton
            key={tile.key ?? 'all'}
            aria-pressed={pressed}
            onClick={() => onChange(tile.key)}
            p="sm"
            style={{
              borderRadius: 'var(--mantine-radius-md)',
              border: `1px solid var(--mantine-color-${pressed ? 'brand-7' : 'gray-3'})`,
              background: pressed ? 'var(--mantine-color-brand-0)' : 'var(--mantine-color-white)',
            }}
          >
            <Text size="xl" fw={700} lh={1.1}>
              {tile.count.toLocaleString(i18n.language)}
            </Text>
            <Text size="sm" c="gray.7">
              {tile.label}
            </Text>
          </UnstyledButton>
        );
      })}
    </SimpleGrid>
  );
}

/** What a row would do, or did: its changes old → new, and its refusals naming the column and the value. */
function RowDetail({ row, codebook }: { readonly row: ImportRow; readonly codebook: Codebook | undefined }) {
  const { t } = useTranslation();
  const words = useVariableWords();
  const label = (variable: string) => codebook?.label(variable) ?? variable;
  if (row.changes.length === 0 && row.errors.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('imports.rows.noChanges')}
      </Text>
    );
  }
  return (
    <Stack gap={4}>
      {row.errors.length > 0 && (
        <List size="sm" spacing={2} c="red.9">
          {row.errors.map((error) => (
            <List.Item key={`${error.column}:${error.variable}:${error.message}`}>
              {error.column
                ? t('imports.rows.errorAt', {
                    column: error.column,
                    value: error.value ?? t('imports.rows.empty'),
                    message: error.message,
                  })
                : error.message}
            </List.Item>
          ))}
        </List>
      )}
      {row.changes.length > 0 && (
        <Spoiler
          maxHeight={130}
          showLabel={t('imports.rows.showAll', { count: row.changes.length })}
          hideLabel={t('imports.rows.showLess')}
        >
          <List size="sm" spacing={2}>
            {row.changes.map((change) => {
              const next = valueText(change.variable, change.new, codebook, words.values);
              return (
                <List.Item key={change.variable}>
                  <Text span size="sm" fw={600}>
                    {label(change.variable)}:
                  </Text>{' '}
                  {row.action === 'new' || change.old === null
                    ? next
                    : t('imports.rows.change', {
                        old: valueText(change.variable, change.old, codebook, words.values),
                        new: next,
                      })}
                </List.Item>
              );
            })}
          </List>
        </Spoiler>
      )}
    </Stack>
  );
}

interface ImportRowsProps {
  readonly importId: string;
  readonly summary: ImportSummary;
  readonly codebook: Codebook | undefined;
}

/**
 * The rows of the check, paged and filtered by action, each with its changes and refusals; a row of a
 * patient already in the registry links to the patient.
 */
export function ImportRows({ importId, summary, codebook }: ImportRowsProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { action, page, setAction, setPage } = useRowsParams();
  const queryFor = (p: number) => ({ page: p, size: ROWS_PAGE_SIZE, ...(action ? { action } : {}) });
  const rows = useImportRows(importId, queryFor(page));
  const paging = usePageChange(
    (p) => queryClient.fetchQuery(importRowsQueryOptions(importId, queryFor(p))),
    setPage,
  );
  useKeepPageInRange(page, rows.data?.totalPages, setPage);

  const phone = usePhone();
  const busy = paging.changing || (rows.isPlaceholderData && rows.isFetching);
  const emptyText = action
    ? t('imports.rows.emptyAction', { action: t(`imports.actions.${action}`) })
    : t('imports.rows.none');
  // A row of a patient already in the registry links to the patient.
  const identificationOf = (row: ImportRow) =>
    row.patientId ? (
      <Anchor component={Link} to={`/patient/${row.patientId}`} size="sm" fw={600}>
        {row.identification ?? t('imports.rows.empty')}
      </Anchor>
    ) : (
      <Text span size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
        {row.identification ?? t('imports.rows.empty')}
      </Text>
    );
  const columns: DataColumn<ImportRow>[] = [
    {
      key: 'row',
      header: t('imports.rows.row'),
      width: 72,
      render: (row) => <Text size="sm">{row.row}</Text>,
    },
    {
      key: 'identification',
      header: t('imports.rows.identification'),
      width: 180,
      render: identificationOf,
    },
    {
      key: 'action',
      header: t('imports.rows.action'),
      width: 140,
      render: (row) => (
        <Stack gap={2}>
          <ImportActionBadge action={row.action} />
          {row.applied && (
            <Text size="xs" c="green.9">
              {t('imports.rows.applied')}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'detail',
      header: t('imports.rows.detail'),
      render: (row) => <RowDetail row={row} codebook={codebook} />,
    },
  ];

  let entries: ReactNode;
  if (rows.isError && !rows.data) {
    entries = (
      <ListError
        message={t('imports.rows.loadError')}
        onRetry={() => void rows.refetch()}
        retrying={rows.isFetching}
      />
    );
  } else if (phone) {
    entries = (
      <CardList
        label={t('imports.rows.label')}
        rows={rows.data?.data}
        emptyText={emptyText}
        busy={busy}
        keyOf={(row) => String(row.row)}
      >
        {(row) => (
          <Card
            title={identificationOf(row)}
            subtitle={t('imports.rows.rowNumber', { row: row.row })}
            aside={<ImportActionBadge action={row.action} />}
          >
            <Stack gap={4} mt={6}>
              <RowDetail row={row} codebook={codebook} />
            </Stack>
          </Card>
        )}
      </CardList>
    );
  } else {
    entries = (
      <Paper withBorder radius="md" p={0}>
        <DataTable
          label={t('imports.rows.label')}
          columns={columns}
          rows={rows.data?.data}
          rowKey={(row) => String(row.row)}
          emptyText={emptyText}
          busy={busy}
          minWidth={760}
        />
      </Paper>
    );
  }

  return (
    <Stack gap="md">
      <SummaryFilter summary={summary} action={action} onChange={setAction} />
      {entries}
      {rows.data && rows.data.totalItems > 0 && (
        <PaginationFooter
          page={page}
          totalPages={rows.data.totalPages}
          totalItems={rows.data.totalItems}
          onChange={paging.changePage}
          loading={paging.changing}
          jump
        />
      )}
    </Stack>
  );
}
