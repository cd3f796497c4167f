import { ActionIcon, Group, Text, Tooltip } from '@mantine/core';
import type { USER_ORDER_BY, User } from '@registry/shared';
import { IconMailForward, IconPencil, IconShieldOff, IconUserCheck, IconUserOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from '../../../components/data-table.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { formatTimestampShort } from '../../../lib/dates.ts';
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

/** What a row of the list lets the admin do with its user. */
export interface UserRowActions {
  readonly onEdit: (user: User) => void;
  readonly onSendReset: (user: User) => void;
  readonly onResetMfa: (user: User) => void;
  readonly onToggle: (user: User) => void;
}

/**
 * A row's actions, as icons named by their tooltips: edit, mail a reset code (active users only), remove
 * the second factor (of others), activate / deactivate.
 */
export function UserActions({ user, actions }: { readonly user: User; readonly actions: UserRowActions }) {
  const currentUserId = useCurrentUser().id;
  const { t } = useTranslation();
  const self = user.id === currentUserId;
  const editLabel = t('users.editUser', { name: user.email });
  const resetLabel = t('users.sendReset', { name: user.email });
  const mfaLabel = t('users.resetMfa', { name: user.email });
  const toggleLabel = user.isActive
    ? t('users.deactivateUser', { name: user.email })
    : t('users.activateUser', { name: user.email });
  return (
    <Group gap={4} wrap="nowrap">
      <Tooltip label={editLabel} withArrow>
        <ActionIcon variant="default" size="md" aria-label={editLabel} onClick={() => actions.onEdit(user)}>
          <IconPencil size={16} aria-hidden />
        </ActionIcon>
      </Tooltip>
      {user.isActive && (
        <Tooltip label={resetLabel} withArrow>
          <ActionIcon
            variant="default"
            size="md"
            aria-label={resetLabel}
            onClick={() => actions.onSendReset(user)}
          >
            <IconMailForward size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
      )}
      {!self && (
        <Tooltip label={mfaLabel} withArrow>
          <ActionIcon
            variant="default"
            size="md"
            aria-label={mfaLabel}
            onClick={() => actions.onResetMfa(user)}
          >
            <IconShieldOff size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
      )}
      <Tooltip label={self && user.isActive ? t('errors.CANNOT_DEACTIVATE_SELF') : toggleLabel} withArrow>
        <ActionIcon
          variant="default"
          size="md"
          onClick={() => actions.onToggle(user)}
          // An admin cannot deactivate themselves (the server refuses it too).
          disabled={self && user.isActive}
          aria-label={toggleLabel}
        >
          {user.isActive ? <IconUserOff size={16} aria-hidden /> : <IconUserCheck size={16} aria-hidden />}
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

/** A doctor's first and last name, or a dash for an admin. */
export function DoctorName({ user }: { readonly user: User }) {
  return user.doctor ? (
    <Truncated text={`${user.doctor.first_name} ${user.doctor.last_name}`} width={150} />
  ) : (
    <Text size="sm" c="dimmed" aria-hidden>
      —
    </Text>
  );
}

/** The users table's columns (docs/product-rules.md#accounts); every column but the actions sorts. */
export function useUserColumns(actions: UserRowActions): DataColumn<User, UserOrderBy>[] {
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
      render: (user) => <Truncated text={user.nickname} width={120} />,
    },
    {
      key: 'doctor',
      header: t('users.columns.doctor'),
      sortKey: 'doctor',
      render: (user) => <DoctorName user={user} />,
    },
    {
      key: 'createdAt',
      header: t('users.columns.createdAt'),
      sortKey: 'createdAt',
      render: (user) => (
        <span style={{ whiteSpace: 'nowrap' }}>{formatTimestampShort(user.createdAt, i18n.language)}</span>
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
          <Truncated text={user.doctor.institution.name} width={120} />
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
      render: (user) => <UserActions user={user} actions={actions} />,
    },
  ];
}
