import { Paper, Stack } from '@mantine/core';
import {
  DEFAULT_PAGE_SIZE,
  INSTITUTION_ORDER_BY,
  type Institution,
  type InstitutionListQuery,
} from '@registry/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table.tsx';
import { ListError } from '../../../components/list-error.tsx';
import { PageChangeError } from '../../../components/message-dialog.tsx';
import { PaginationFooter } from '../../../components/pagination-footer.tsx';
import { SearchInput } from '../../../components/search-input.tsx';
import { STORAGE_KEYS } from '../../../lib/storage.ts';
import { useListControls } from '../../../lib/use-list-controls.ts';
import { useKeepPageInRange, usePageChange } from '../../../lib/use-page-change.ts';
import { usePhone } from '../../../lib/use-phone.ts';
import { institutionsQueryOptions, useInstitutions } from '../api/get-institutions.ts';
import { EditInstitutionModal } from './edit-institution-modal.tsx';
import { InstitutionCards } from './institution-cards.tsx';
import { type InstitutionRowActions, useInstitutionColumns } from './institution-columns.tsx';
import { ToggleInstitutionDialog } from './toggle-institution-dialog.tsx';

/**
 * The admin's institutions list (docs/product-rules.md#accounts): search, sort, pages, and per row edit and
 * activate / deactivate; cards instead of the table on a phone.
 */
export function InstitutionsList() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const list = useListControls({
    pageKey: STORAGE_KEYS.lastPageInstitutions,
    sortable: INSTITUTION_ORDER_BY,
    defaultSort: { orderBy: 'name', order: 'asc' },
  });
  const queryFor = (page: number): InstitutionListQuery => ({
    page,
    size: DEFAULT_PAGE_SIZE,
    filter: list.filter || undefined,
    ...list.sort,
  });
  const institutions = useInstitutions(queryFor(list.page));
  const paging = usePageChange(
    (page) => queryClient.fetchQuery(institutionsQueryOptions(queryFor(page))),
    list.setPage,
  );
  useKeepPageInRange(list.page, institutions.data?.totalPages, list.setPage);

  const phone = usePhone();
  // The institution of the last action asked for, kept while its dialog closes.
  const [target, setTarget] = useState<Institution | null>(null);
  const [open, setOpen] = useState<'toggle' | 'edit' | null>(null);
  const actions: InstitutionRowActions = {
    onToggle: (institution) => {
      setTarget(institution);
      setOpen('toggle');
    },
    onEdit: (institution) => {
      setTarget(institution);
      setOpen('edit');
    },
  };
  const close = () => setOpen(null);
  const columns = useInstitutionColumns(actions);
  const busy = institutions.isPlaceholderData || paging.changing;

  return (
    <Stack gap="md">
      <SearchInput
        label={t('institutions.search')}
        placeholder={t('institutions.searchPlaceholder')}
        value={list.search}
        onChange={list.setSearch}
      />
      {institutions.isError && !institutions.data ? (
        <ListError
          message={t('institutions.loadError')}
          onRetry={() => void institutions.refetch()}
          retrying={institutions.isFetching}
        />
      ) : (
        <div>
          {phone ? (
            <InstitutionCards
              label={t('institutions.tableLabel')}
              rows={institutions.data?.data}
              emptyText={t('institutions.empty')}
              busy={busy}
              actions={actions}
            />
          ) : (
            <Paper withBorder radius="md">
              <DataTable
                label={t('institutions.tableLabel')}
                columns={columns}
                rows={institutions.data?.data}
                rowKey={(institution) => institution.id}
                emptyText={t('institutions.empty')}
                sort={list.sort}
                onSort={list.toggleSort}
                busy={busy}
              />
            </Paper>
          )}
          {institutions.data && (
            <PaginationFooter
              page={list.page}
              totalPages={institutions.data.totalPages}
              totalItems={institutions.data.totalItems}
              onChange={paging.changePage}
              loading={paging.changing}
            />
          )}
        </div>
      )}
      <ToggleInstitutionDialog opened={open === 'toggle'} institution={target} onClose={close} />
      <EditInstitutionModal opened={open === 'edit'} institution={target} onClose={close} />
      <PageChangeError paging={paging} message={t('institutions.pageError')} />
    </Stack>
  );
}
