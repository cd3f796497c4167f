import { Anchor, Badge, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { DEFAULT_PAGE_SIZE, QUERY_STATUSES } from '@registry/shared';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Card, CardList } from '../../../components/card-list.tsx';
import { type DataColumn, DataTable } from '../../../components/data-table.tsx';
import { ListError } from '../../../components/list-error.tsx';
import { PaginationFooter } from '../../../components/pagination-footer.tsx';
import { formatTimestamp } from '../../../lib/dates.ts';
import { useInstitutionCodes } from '../../../lib/institution-codes.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import { useKeepPageInRange, usePageChange } from '../../../lib/use-page-change.ts';
import { usePhone } from '../../../lib/use-phone.ts';
import { useSearchState } from '../../../lib/use-search-state.ts';
import { queriesQueryOptions, useQueryList } from '../api/get-queries.ts';
import type { Query, QueryListQuery, QueryStatus } from '../api/schemas.ts';
import { queryPath, STATUS_COLORS } from './query-thread.tsx';
import { useFieldLabel } from './use-field-label.ts';
import { useRuleName } from './use-rule-name.ts';

/** The status filter: one state, or every one. */
type StatusChoice = QueryStatus | 'all';

/** What waits on the caller: a doctor answers open queries, an admin closes answered ones (CONTRACT §13). */
export const waitingStatusOf = (isAdmin: boolean): QueryStatus => (isAdmin ? 'answered' : 'open');

/** The filters and the page, from the address (`/queries?status=answered&institutionCode=HI&page=2`). */
function useQueriesParams(isAdmin: boolean) {
  const [params, update] = useSearchState();
  const raw = params.get('status');
  const status: StatusChoice =
    raw === 'all' || QUERY_STATUSES.some((value) => value === raw)
      ? (raw as StatusChoice)
      : waitingStatusOf(isAdmin);
  const institutionCode = (isAdmin && params.get('institutionCode')) || undefined;
  const page = Math.max(Number.parseInt(params.get('page') ?? '0', 10) || 0, 0);
  const write = (change: { status?: StatusChoice; institutionCode?: string | null }, nextPage: number) =>
    update((latest) => {
      const next = new URLSearchParams(latest);
      if (change.status !== undefined) {
        next.set('status', change.status);
      }
      if (change.institutionCode !== undefined) {
        if (change.institutionCode) {
          next.set('institutionCode', change.institutionCode);
        } else {
          next.delete('institutionCode');
        }
      }
      if (nextPage > 0) {
        next.set('page', String(nextPage));
      } else {
        next.delete('page');
      }
      return next;
    });
  return {
    status,
    institutionCode,
    page,
    setStatus: (next: StatusChoice) => write({ status: next }, 0),
    setInstitution: (code: string | null) => write({ institutionCode: code }, 0),
    setPage: (next: number) => write({}, next),
  };
}

function StatusBadge({ status }: { readonly status: QueryStatus }) {
  const { t } = useTranslation();
  return (
    // Whole beside a long name on a phone.
    <Badge color={STATUS_COLORS[status]} variant="filled" autoContrast style={{ flexShrink: 0 }}>
      {t(`queries.status.${status}`)}
    </Badge>
  );
}

/** What a query asked last: the text of its last step that has one. */
function lastTextOf(query: Query): string | null {
  return [...query.thread].reverse().find((event) => event.text)?.text ?? null;
}

/**
 * /queries (docs/product-rules.md#data-quality): the queries the caller sees — by default those waiting on
 * them, a doctor's open ones and an admin's answered ones, as the digest mails link to — filtered by state
 * and, for admins, by institution, paged as the other lists; each opens the patient file at its thread,
 * beside the field it is about.
 */
export function QueriesScreen() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const phone = usePhone();
  const queryClient = useQueryClient();
  const fieldLabel = useFieldLabel();
  const ruleName = useRuleName();
  const { status, institutionCode, page, setStatus, setInstitution, setPage } = useQueriesParams(
    user.isAdmin,
  );
  const codes = useInstitutionCodes(user.isAdmin);
  const queryFor = (p: number): QueryListQuery => ({
    page: p,
    size: DEFAULT_PAGE_SIZE,
    ...(status === 'all' ? {} : { status }),
    ...(institutionCode ? { institutionCode } : {}),
  });
  const list = useQueryList(queryFor(page));
  const paging = usePageChange((p) => queryClient.fetchQuery(queriesQueryOptions(queryFor(p))), setPage);
  useKeepPageInRange(page, list.data?.totalPages, setPage);

  const emptyText =
    status === 'all'
      ? t('queryList.emptyAll')
      : t('queryList.empty', { status: t(`queries.status.${status}`).toLowerCase() });
  const link = (query: Query) => (
    <Anchor component={Link} to={queryPath(query)} fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
      {t('queryList.queryOf', { identification: query.identification, field: fieldLabel(query.field) })}
    </Anchor>
  );
  const columns: DataColumn<Query>[] = [
    {
      key: 'query',
      header: t('queryList.columns.query'),
      render: (row) => (
        <Stack gap={2}>
          {link(row)}
          {row.ruleId && (
            <Text size="xs" c="dimmed">
              {t('queries.rule', { rule: ruleName(row.ruleId) })}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'last',
      header: t('queryList.columns.last'),
      render: (row) => (
        <Text size="sm" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
          {lastTextOf(row)}
        </Text>
      ),
    },
    {
      key: 'status',
      header: t('queryList.columns.status'),
      width: 130,
      render: (row) => <StatusBadge status={row.status} />,
    },
    {
      key: 'updatedAt',
      header: t('queryList.columns.updatedAt'),
      width: 160,
      render: (row) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatTimestamp(row.updatedAt)}
        </Text>
      ),
    },
  ];

  const busy = paging.changing || (list.isPlaceholderData && list.isFetching);
  let entries: ReactNode;
  if (list.isError && !list.data) {
    entries = (
      <ListError
        message={t('queries.loadError')}
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
      />
    );
  } else if (phone) {
    entries = (
      <CardList
        label={t('queryList.label')}
        rows={list.data?.data}
        emptyText={emptyText}
        busy={busy}
        keyOf={(row) => row.id}
      >
        {(row) => (
          <Card
            title={link(row)}
            subtitle={row.ruleId ? t('queries.rule', { rule: ruleName(row.ruleId) }) : null}
            aside={<StatusBadge status={row.status} />}
          >
            <Stack gap={2} mt={6}>
              <Text size="sm" lineClamp={3} style={{ overflowWrap: 'anywhere' }}>
                {lastTextOf(row)}
              </Text>
              <Text size="xs" c="dimmed">
                {t('queryList.updated', { at: formatTimestamp(row.updatedAt) })}
              </Text>
            </Stack>
          </Card>
        )}
      </CardList>
    );
  } else {
    entries = (
      <Paper withBorder radius="md" p={0}>
        <DataTable
          label={t('queryList.label')}
          columns={columns}
          rows={list.data?.data}
          rowKey={(row) => row.id}
          emptyText={emptyText}
          busy={busy}
          minWidth={720}
        />
      </Paper>
    );
  }

  const statusOptions = [...QUERY_STATUSES, 'all' as const].map((value) => ({
    value,
    label: value === 'all' ? t('queryList.allStatuses') : t(`queries.status.${value}`),
  }));
  return (
    <Stack gap="md">
      <Text c="dimmed" size="sm">
        {user.isAdmin ? t('queryList.adminDescription') : t('queryList.doctorDescription')}
      </Text>
      <Paper withBorder radius="md" p="md">
        <Group gap="md" align="flex-end" wrap="wrap">
          <Select
            label={t('queryList.statusLabel')}
            data={statusOptions}
            value={status}
            onChange={(value) =>
              setStatus((statusOptions.find((o) => o.value === value)?.value ?? status) as StatusChoice)
            }
            allowDeselect={false}
            w={{ base: '100%', sm: 220 }}
          />
          {user.isAdmin && (
            <Select
              label={t('queryList.institutionLabel')}
              placeholder={t('queryList.allInstitutions')}
              data={(codes.data ?? []).map((code) => ({
                value: code.code,
                label: `${code.code} · ${code.name}`,
              }))}
              value={institutionCode ?? null}
              onChange={setInstitution}
              clearable
              searchable
              nothingFoundMessage={t('queryList.noInstitution')}
              w={{ base: '100%', sm: 320 }}
            />
          )}
        </Group>
      </Paper>
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
  );
}
