import { Paper, Stack } from '@mantine/core';
import type { PolicyUser } from '@registry/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../../components/data-table.tsx';
import { ListError } from '../../../../components/list-error.tsx';
import { MessageDialog } from '../../../../components/message-dialog.tsx';
import { PaginationFooter } from '../../../../components/pagination-footer.tsx';
import { SearchInput } from '../../../../components/search-input.tsx';
import { useKeepPageInRange, usePageChange } from '../../../../lib/use-page-change.ts';
import { patientsQueryOptions, usePatients } from '../../api/get-patients.ts';
import { usePatientColumns } from './patient-columns.tsx';
import { PatientFiltersBar } from './patient-filters.tsx';
import type { usePatientListState } from './use-patient-list-state.ts';

interface PatientsListProps {
  readonly user: Pick<PolicyUser, 'isAdmin'>;
  /** The list's state, owned by the screen so that the Export menu sees the same filters. */
  readonly state: ReturnType<typeof usePatientListState>;
}

/** The patient list (docs/product-rules.md#patient-list): search, filters, the table, and pages. */
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

  return (
    <Stack gap="md">
      <SearchInput
        label={t('patientList.search')}
        placeholder={isAdmin ? t('patientList.searchPlaceholderAdmin') : t('patientList.searchPlaceholder')}
        value={state.search}
        onChange={state.setSearch}
      />
      <PatientFiltersBar isAdmin={isAdmin} filters={state.filters} onChange={state.setFilter} />
      {patients.isError && !patients.data ? (
        <ListError
          message={t('patientList.loadError')}
          onRetry={() => void patients.refetch()}
          retrying={patients.isFetching}
        />
      ) : (
        <div>
          <Paper withBorder radius="md">
            <DataTable
              label={t('patientList.tableLabel')}
              columns={columns}
              rows={patients.data?.data}
              rowKey={(patient) => patient.id}
              emptyText={t('patientList.empty')}
              sort={state.sort}
              onSort={state.toggleSort}
              busy={patients.isPlaceholderData || paging.changing}
              minWidth={isAdmin ? 960 : 820}
            />
          </Paper>
          {patients.data && (
            <PaginationFooter
              page={state.page}
              totalPages={patients.data.totalPages}
              totalItems={patients.data.totalItems}
              onChange={paging.changePage}
              loading={paging.changing}
            />
          )}
        </div>
      )}
      <MessageDialog
        opened={paging.failed}
        title={t('notify.errorTitle')}
        message={t('patientList.pageError')}
        onClose={paging.dismissFailure}
      />
    </Stack>
  );
}
