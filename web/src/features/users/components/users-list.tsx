import { Paper, Stack } from '@mantine/core';
import { DEFAULT_PAGE_SIZE, USER_ORDER_BY, type User, type UserListQuery } from '@registry/shared';
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
import { usersQueryOptions, useUsers } from '../api/get-users.ts';
import { EditUserModal } from './edit-user-modal.tsx';
import { ResetMfaDialog } from './reset-mfa-dialog.tsx';
import { SendResetDialog } from './send-reset-dialog.tsx';
import { ToggleUserDialog } from './toggle-user-dialog.tsx';
import { UserCards } from './user-cards.tsx';
import { type UserRowActions, useUserColumns } from './user-columns.tsx';

/**
 * The admin's users list (docs/product-rules.md#accounts): search, sort, pages, and per row edit, a
 * password-reset mail and activate / deactivate; cards instead of the table on a phone.
 */
export function UsersList() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const list = useListControls({
    pageKey: STORAGE_KEYS.lastPageUsers,
    filtersKey: STORAGE_KEYS.userFilters,
    sortable: USER_ORDER_BY,
    defaultSort: { orderBy: 'createdAt', order: 'desc' },
  });
  const queryFor = (page: number): UserListQuery => ({
    page,
    size: DEFAULT_PAGE_SIZE,
    filter: list.filter || undefined,
    ...list.sort,
  });
  const users = useUsers(queryFor(list.page));
  const paging = usePageChange(
    (page) => queryClient.fetchQuery(usersQueryOptions(queryFor(page))),
    list.setPage,
  );
  useKeepPageInRange(list.page, users.data?.totalPages, list.setPage);

  const phone = usePhone();
  // The user of the last action asked for, kept while its dialog closes.
  const [target, setTarget] = useState<User | null>(null);
  const [open, setOpen] = useState<'toggle' | 'edit' | 'reset' | 'mfa' | null>(null);
  const actions: UserRowActions = {
    onToggle: (user) => {
      setTarget(user);
      setOpen('toggle');
    },
    onEdit: (user) => {
      setTarget(user);
      setOpen('edit');
    },
    onSendReset: (user) => {
      setTarget(user);
      setOpen('reset');
    },
    onResetMfa: (user) => {
      setTarget(user);
      setOpen('mfa');
    },
  };
  const close = () => setOpen(null);
  const columns = useUserColumns(actions);
  const busy = users.isPlaceholderData || paging.changing;

  return (
    <Stack gap="md">
      <SearchInput
        label={t('users.search')}
        placeholder={t('users.searchPlaceholder')}
        value={list.search}
        onChange={list.setSearch}
      />
      {users.isError && !users.data ? (
        <ListError
          message={t('users.loadError')}
          onRetry={() => void users.refetch()}
          retrying={users.isFetching}
        />
      ) : (
        <div>
          {phone ? (
            <UserCards
              label={t('users.tableLabel')}
              rows={users.data?.data}
              emptyText={t('users.empty')}
              busy={busy}
              actions={actions}
            />
          ) : (
            <Paper withBorder radius="md">
              <DataTable
                label={t('users.tableLabel')}
                columns={columns}
                rows={users.data?.data}
                rowKey={(user) => user.id}
                emptyText={t('users.empty')}
                sort={list.sort}
                onSort={list.toggleSort}
                busy={busy}
                minWidth={960}
              />
            </Paper>
          )}
          {users.data && (
            <PaginationFooter
              page={list.page}
              totalPages={users.data.totalPages}
              totalItems={users.data.totalItems}
              onChange={paging.changePage}
              loading={paging.changing}
            />
          )}
        </div>
      )}
      <ToggleUserDialog opened={open === 'toggle'} user={target} onClose={close} />
      <EditUserModal opened={open === 'edit'} user={target} onClose={close} />
      <SendResetDialog opened={open === 'reset'} user={target} onClose={close} />
      <ResetMfaDialog opened={open === 'mfa'} user={target} onClose={close} />
      <PageChangeError paging={paging} message={t('users.pageError')} />
    </Stack>
  );
}
