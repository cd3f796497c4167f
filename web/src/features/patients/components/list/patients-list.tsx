import { Badge, Button, Collapse, Group, Paper, Select, Stack } from '@mantine/core';
import { useDisclosure, useId, useMediaQuery } from '@mantine/hooks';
import { PATIENT_ORDER_BY, PATIENT_PAGE_SIZES, type PolicyUser, seesAdminFields } from '@registry/shared';
import { IconAdjustmentsHorizontal } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../../components/data-table.tsx';
import { ListError } from '../../../../components/list-error.tsx';
import { PageChangeError } from '../../../../components/message-dialog.tsx';
import { PaginationFooter } from '../../../../components/pagination-footer.tsx';
import { SearchInput } from '../../../../components/search-input.tsx';
import { useKeepPageInRange, usePageChange } from '../../../../lib/use-page-change.ts';
import { patientsQueryOptions, usePatients } from '../../api/get-patients.ts';
import { PatientCards } from './patient-cards.tsx';
import { usePatientColumns } from './patient-columns.tsx';
import { activeFilterCount, PatientFiltersBar } from './patient-filters.tsx';
import type { usePatientListState } from './use-patient-list-state.ts';

/** Below this width the list becomes cards and the filters fold behind a button. */
export const PHONE_QUERY = '(max-width: 599px)';

type ListState = ReturnType<typeof usePatientListState>;

const SORTS = PATIENT_ORDER_BY.flatMap((orderBy) =>
  (['desc', 'asc'] as const).map((order) => ({ orderBy, order, value: `${orderBy}:${order}` })),
);

/** The admin's sort on a phone, where the cards have no column headers to click. */
function SortSelect({ state }: { readonly state: ListState }) {
  const { t } = useTranslation();
  return (
    <Select
      label={t('patientList.sort.label')}
      data={SORTS.map(({ value, orderBy, order }) => ({
        value,
        label: t(`patientList.sort.${orderBy}_${order}`),
      }))}
      value={`${state.sort.orderBy}:${state.sort.order}`}
      onChange={(value) => {
        const chosen = SORTS.find((sort) => sort.value === value);
        if (chosen) {
          state.setSort({ orderBy: chosen.orderBy, order: chosen.order });
        }
      }}
      allowDeselect={false}
    />
  );
}

/** The filters, folded behind a 'Filters' button (with how many are set) on a phone. */
function FoldedFilters({
  user,
  state,
}: {
  readonly user: Pick<PolicyUser, 'isAdmin'>;
  readonly state: ListState;
}) {
  const { t } = useTranslation();
  const [opened, { toggle }] = useDisclosure(false);
  const panelId = useId();
  const active = activeFilterCount(state.filters);
  return (
    <Stack gap="xs">
      <Group>
        <Button
          variant="default"
          leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden />}
          rightSection={
            active > 0 ? (
              <Badge size="sm" circle aria-hidden>
                {active}
              </Badge>
            ) : undefined
          }
          aria-expanded={opened}
          aria-controls={panelId}
          aria-description={active > 0 ? t('patientList.filters.active', { count: active }) : undefined}
          onClick={toggle}
        >
          {t('patientList.filters.toggle')}
        </Button>
      </Group>
      <Collapse expanded={opened} id={panelId}>
        <Stack gap="sm">
          <PatientFiltersBar
            isAdmin={user.isAdmin}
            filters={state.filters}
            doctorName={state.doctorName}
            onChange={state.setFilter}
          />
          {seesAdminFields(user) && <SortSelect state={state} />}
        </Stack>
      </Collapse>
    </Stack>
  );
}

interface PatientsListProps {
  readonly user: Pick<PolicyUser, 'isAdmin'>;
  /** The list's state, owned by the screen so that the Export menu sees the same filters. */
  readonly state: ListState;
}

/**
 * The patient list (docs/product-rules.md#patient-list): search, filters, the table (cards on a phone),
 * and pages with their size and a page to go to.
 */
export function PatientsList({ user, state }: PatientsListProps) {
  const { isAdmin } = user;
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const patients = usePatients(state.queryFor(state.page));
  const paging = usePageChange(
    (page) => queryClient.fetchQuery(patientsQueryOptions(state.queryFor(page))),
    state.setPage,
  );
  useKeepPageInRange(state.page, patients.data?.totalPages, state.setPage);
  const columns = usePatientColumns(user);
  const phone = useMediaQuery(PHONE_QUERY) ?? false;
  const busy = patients.isPlaceholderData || paging.changing;

  return (
    <Stack gap="md">
      <SearchInput
        label={t('patientList.search')}
        placeholder={isAdmin ? t('patientList.searchPlaceholderAdmin') : t('patientList.searchPlaceholder')}
        value={state.search}
        onChange={state.setSearch}
      />
      {phone ? (
        <FoldedFilters user={user} state={state} />
      ) : (
        <PatientFiltersBar
          isAdmin={isAdmin}
          filters={state.filters}
          doctorName={state.doctorName}
          onChange={state.setFilter}
        />
      )}
      {patients.isError && !patients.data ? (
        <ListError
          message={t('patientList.loadError')}
          onRetry={() => void patients.refetch()}
          retrying={patients.isFetching}
        />
      ) : (
        <div>
          {phone ? (
            <PatientCards
              user={user}
              label={t('patientList.tableLabel')}
              rows={patients.data?.data}
              emptyText={t('patientList.empty')}
              busy={busy}
            />
          ) : (
            <Paper withBorder radius="md">
              <DataTable
                label={t('patientList.tableLabel')}
                columns={columns}
                rows={patients.data?.data}
                rowKey={(patient) => patient.id}
                emptyText={t('patientList.empty')}
                sort={state.sort}
                onSort={state.toggleSort}
                busy={busy}
                minWidth={isAdmin ? 900 : 820}
                // The admin's eleven columns fit a 1280 px screen beside the menu.
                horizontalSpacing={isAdmin ? 5 : undefined}
              />
            </Paper>
          )}
          {patients.data && (
            <PaginationFooter
              page={state.page}
              totalPages={patients.data.totalPages}
              totalItems={patients.data.totalItems}
              onChange={paging.changePage}
              loading={paging.changing}
              pageSize={{ value: state.size, options: PATIENT_PAGE_SIZES }}
              onPageSizeChange={state.setSize}
              jump
            />
          )}
        </div>
      )}
      <PageChangeError paging={paging} message={t('patientList.pageError')} />
    </Stack>
  );
}
