import { Button, Text } from '@mantine/core';
import type { USER_ORDER_BY, User } from '@registry/shared';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from '../../../components/data-table.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { tableDate } from '../../../lib/dates.ts';
import { useCurrentUser } from '../../../lib/session.ts';

export type UserOrderBy = (typeof USER_ORDER_BY)[number];

/** Text cut with an ellipsis at `width` px; the whole text shows on hover (title). */
function Truncated({ text, width }: { readonly text: string; readonly width: number }) {
  return (
    <Text size="sm" truncate="end" maw={width} title={text}>
      {text}
    </Text>
  );
}

/** An email that may wrap after its @ when the table is short of room. */
function BreakableEmail({ email }: { readonly email: string }) {
  const at = email.lastIndexOf('@');
  if (at < 0) {
    return email;
  }
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}

/** How a user is named in messages: the doctor's full name, else the nickname. */
export function userDisplayName(user: User): string {
  return user.doctor ? `${user.doctor.first_name} ${user.doctor.last_name}` : user.nickname;
}

/** The users table's columns (docs/product-rules.md#accounts); every column but the action sorts. */
export function useUserColumns(onToggle: (user: User) => void): DataColumn<User, UserOrderBy>[] {
  const currentUserId = useCurrentUser().id;
  const { t, i18n } = useTranslation();
  return [
    {
      key: 'email',
      header: t('users.columns.email'),
      sortKey: 'email',
      render: (user) => <BreakableEmail email={user.email} />,
    },
    {
      key: 'nickname',
      header: t('users.columns.nickname'),
      sortKey: 'nickname',
      render: (user) => <Truncated text={user.nickname} width={160} />,
    },
    {
      key: 'createdAt',
      header: t('users.columns.createdAt'),
      sortKey: 'createdAt',
      render: (user) => (
        <span style={{ whiteSpace: 'nowrap' }}>{tableDate(user.createdAt, i18n.language)}</span>
      ),
    },
    {
      key: 'isAdmin',
      header: t('users.columns.isAdmin'),
      sortKey: 'isAdmin',
      render: (user) => (user.isAdmin ? t('common.yes') : t('common.no')),
    },
    {
      key: 'institution',
      header: t('users.columns.institution'),
      sortKey: 'institution',
      render: (user) =>
        user.doctor ? (
          <Truncated text={user.doctor.institution.name} width={200} />
        ) : (
          <Text size="sm" c="dimmed" aria-hidden>
            —
          </Text>
        ),
    },
    {
      key: 'status',
      header: t('users.columns.status'),
      sortKey: 'isActive',
      render: (user) => <StatusBadge active={user.isActive} />,
    },
    {
      key: 'actions',
      header: t('common.actions'),
      render: (user) => (
        <Button
          size="compact-sm"
          variant="default"
          onClick={() => onToggle(user)}
          // An admin cannot deactivate themselves (the server refuses it too).
          disabled={user.id === currentUserId && user.isActive}
          title={user.id === currentUserId && user.isActive ? t('errors.CANNOT_DEACTIVATE_SELF') : undefined}
          aria-label={
            user.isActive
              ? t('users.deactivateUser', { name: user.email })
              : t('users.activateUser', { name: user.email })
          }
        >
          {user.isActive ? t('common.deactivate') : t('common.activate')}
        </Button>
      ),
    },
  ];
}
