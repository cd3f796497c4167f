import { Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListError } from '../../../components/list-error.tsx';
import { PlainList } from '../../../components/plain-list.tsx';
import { formatTimestamp } from '../../../lib/dates.ts';
import type { Notifications } from '../api/schemas.ts';
import { queryPath } from './query-thread.tsx';
import { useFieldLabel } from './use-field-label.ts';

interface WaitingQueriesProps {
  readonly isAdmin: boolean;
  /** The menu's notifications, or undefined while they load or when they failed. */
  readonly notifications: Notifications | undefined;
  readonly failed: boolean;
  readonly onRetry: () => void;
  /** Called when the user leaves for a patient's file (closes the drawer). */
  readonly onNavigate: () => void;
}

/**
 * The queries waiting on the caller, in the menu's Notifications (CONTRACT §13): a doctor's open queries, an
 * admin's answered ones, newest first, each a link to the patient's file where its thread is.
 */
export function WaitingQueries({ isAdmin, notifications, failed, onRetry, onNavigate }: WaitingQueriesProps) {
  const { t } = useTranslation();
  const fieldLabel = useFieldLabel();
  const title = isAdmin ? t('notificationsMenu.answeredQueries') : t('notificationsMenu.openQueries');
  const total = isAdmin ? notifications?.answeredQueries : notifications?.openQueries;
  const queries = notifications?.queries ?? [];
  return (
    <Stack gap="xs" component="section" aria-labelledby="waiting-queries-title">
      <Title order={3} size="h5" id="waiting-queries-title">
        {title}
      </Title>
      <Text size="sm" c="dimmed">
        {isAdmin
          ? t('notificationsMenu.answeredQueriesDescription')
          : t('notificationsMenu.openQueriesDescription')}
      </Text>
      {failed && <ListError message={t('notificationsMenu.loadError')} onRetry={onRetry} retrying={false} />}
      {notifications && queries.length === 0 && (
        <Text size="sm">
          {isAdmin ? t('notificationsMenu.noAnsweredQueries') : t('notificationsMenu.noOpenQueries')}
        </Text>
      )}
      {queries.length > 0 && (
        <PlainList gap={0} label={t('notificationsMenu.queriesLabel')}>
          {queries.map((query) => (
            <Stack
              key={query.id}
              component="li"
              gap={2}
              py="xs"
              style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
            >
              <Anchor component={Link} to={queryPath(query)} onClick={onNavigate} size="sm" fw={600}>
                {t('notificationsMenu.queryOf', {
                  identification: query.identification,
                  field: fieldLabel(query.field),
                })}
              </Anchor>
              <Text size="xs" c="dimmed">
                {t(isAdmin ? 'notificationsMenu.answeredAgo' : 'notificationsMenu.openedAgo', {
                  ago: formatTimestamp(query.updatedAt),
                })}
              </Text>
            </Stack>
          ))}
        </PlainList>
      )}
      {total !== undefined && total > queries.length && (
        <Text size="xs" c="dimmed">
          {t('notificationsMenu.moreQueries', { count: total - queries.length })}
        </Text>
      )}
      <Button component={Link} to="/queries" onClick={onNavigate} variant="light">
        {t('notificationsMenu.allQueries')}
      </Button>
    </Stack>
  );
}
