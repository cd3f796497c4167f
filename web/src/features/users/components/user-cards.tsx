import { Group, Stack } from '@mantine/core';
import type { User } from '@registry/shared';
import { useTranslation } from 'react-i18next';
import { Card, CardLine, CardList } from '../../../components/card-list.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { formatTimestampShort } from '../../../lib/dates.ts';
import { UserActions, type UserRowActions } from './user-columns.tsx';

interface UserCardsProps {
  /** The list's accessible name. */
  readonly label: string;
  /** undefined while the first page loads: placeholder cards show instead. */
  readonly rows: readonly User[] | undefined;
  readonly emptyText: string;
  readonly busy: boolean;
  readonly actions: UserRowActions;
}

/**
 * The users list on a phone (docs/product-rules.md#screens): one card per user with the email, name,
 * status and actions, nothing wider than the screen.
 */
export function UserCards({ label, rows, emptyText, busy, actions }: UserCardsProps) {
  const { t, i18n } = useTranslation();
  return (
    <CardList label={label} rows={rows} emptyText={emptyText} busy={busy} keyOf={(row) => row.id}>
      {(user) => (
        <Card
          title={user.email}
          subtitle={
            user.doctor ? `${user.doctor.first_name} ${user.doctor.last_name}` : t('users.form.admin')
          }
          aside={<StatusBadge active={user.isActive} />}
        >
          <Stack gap={2} mt={6}>
            <CardLine label={t('users.columns.nickname')}>{user.nickname}</CardLine>
            {user.doctor && (
              <CardLine label={t('users.columns.institution')}>{user.doctor.institution.name}</CardLine>
            )}
            <CardLine label={t('users.columns.createdAt')}>
              {formatTimestampShort(user.createdAt, i18n.language)}
            </CardLine>
          </Stack>
          <Group justify="flex-end" mt="xs">
            <UserActions user={user} actions={actions} />
          </Group>
        </Card>
      )}
    </CardList>
  );
}
