import { Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import type { User } from '@registry/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { tableDate } from '../../../lib/dates.ts';
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

/** A labelled line of a card. */
function Line({ label, children }: { readonly label: string; readonly children: ReactNode }) {
  return (
    <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
      <Text span size="sm" c="dimmed">
        {label}:{' '}
      </Text>
      {children}
    </Text>
  );
}

function UserCard({ user, actions }: { readonly user: User; readonly actions: UserRowActions }) {
  const { t, i18n } = useTranslation();
  return (
    <Paper component="li" withBorder radius="md" p="sm" style={{ listStyle: 'none' }}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Stack gap={2} miw={0}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {user.email}
          </Text>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {user.doctor ? `${user.doctor.first_name} ${user.doctor.last_name}` : t('users.form.admin')}
          </Text>
        </Stack>
        <StatusBadge active={user.isActive} />
      </Group>
      <Stack gap={2} mt={6}>
        <Line label={t('users.columns.nickname')}>{user.nickname}</Line>
        {user.doctor && <Line label={t('users.columns.institution')}>{user.doctor.institution.name}</Line>}
        <Line label={t('users.columns.createdAt')}>{tableDate(user.createdAt, i18n.language)}</Line>
      </Stack>
      <Group justify="flex-end" mt="xs">
        <UserActions user={user} actions={actions} />
      </Group>
    </Paper>
  );
}

/**
 * The users list on a phone (docs/product-rules.md#screens): one card per user with the email, name,
 * status and actions, nothing wider than the screen.
 */
export function UserCards({ label, rows, emptyText, busy, actions }: UserCardsProps) {
  if (rows === undefined) {
    return (
      <Stack gap="sm" aria-busy aria-label={label} role="list">
        {[0, 1, 2].map((index) => (
          <Paper key={index} withBorder radius="md" p="sm" role="listitem" data-testid="skeleton-card">
            <Skeleton height={14} width="60%" radius="sm" />
            <Skeleton height={10} width="40%" radius="sm" mt={8} />
            <Skeleton height={10} width="80%" radius="sm" mt={8} />
          </Paper>
        ))}
      </Stack>
    );
  }
  if (rows.length === 0) {
    return (
      <Paper withBorder radius="md" p="lg">
        <Text c="dimmed" ta="center">
          {emptyText}
        </Text>
      </Paper>
    );
  }
  return (
    <Stack
      component="ul"
      gap="sm"
      p={0}
      m={0}
      aria-label={label}
      aria-busy={busy}
      style={{ opacity: busy ? 0.6 : 1, transition: 'opacity 150ms' }}
    >
      {rows.map((user) => (
        <UserCard key={user.id} user={user} actions={actions} />
      ))}
    </Stack>
  );
}
