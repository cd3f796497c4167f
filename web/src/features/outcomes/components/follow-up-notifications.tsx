import { Badge, Button, Drawer, NavLink, Skeleton, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBell } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListError } from '../../../components/list-error.tsx';
import { useFollowUpPreview } from '../api/get-follow-up-due.ts';
import { doctorName, LastKnownAlive, PatientLink } from './follow-up-row.tsx';

interface FollowUpNotificationsProps {
  readonly isAdmin: boolean;
  /** The side bar's class for its entries. */
  readonly className?: string;
  /** Called when the user leaves for a patient or the full list (closes the phone's menu). */
  readonly onNavigate: () => void;
}

/**
 * The side bar's Notifications (docs/product-rules.md#outcomes): a badge with how many of the caller's
 * patients are due for follow-up (read again every few minutes), opening a drawer with the oldest of
 * them and a link to the full list.
 */
export function FollowUpNotifications({ isAdmin, className, onNavigate }: FollowUpNotificationsProps) {
  const { t } = useTranslation();
  const [opened, drawer] = useDisclosure(false);
  const preview = useFollowUpPreview();
  const count = preview.data?.totalItems ?? 0;

  const leave = () => {
    drawer.close();
    onNavigate();
  };

  let content: ReactNode;
  if (preview.data) {
    content =
      preview.data.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('followUpDue.empty')}
        </Text>
      ) : (
        <Stack
          gap={0}
          component="ul"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label={t('followUpDue.tableLabel')}
        >
          {preview.data.data.map((row) => (
            <Stack
              key={row.id}
              component="li"
              gap={2}
              py="xs"
              style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
            >
              <PatientLink row={row} onOpen={leave} />
              <LastKnownAlive row={row} />
              {isAdmin && (
                <Text size="xs" c="dimmed">
                  {t('followUpDue.doctor')}: {doctorName(row)}
                </Text>
              )}
            </Stack>
          ))}
        </Stack>
      );
  } else if (preview.isError) {
    content = (
      <ListError
        message={t('followUpDue.loadError')}
        onRetry={() => void preview.refetch()}
        retrying={preview.isFetching}
      />
    );
  } else {
    content = (
      <Stack gap="sm" role="status" aria-busy aria-label={t('app.loading')}>
        {Array.from({ length: 4 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have nothing else to key by
          <Skeleton key={index} height={36} />
        ))}
      </Stack>
    );
  }

  return (
    <>
      <NavLink
        component="button"
        label={t('menu.notifications')}
        aria-label={count > 0 ? t('followUpDue.badge', { count }) : t('menu.notifications')}
        leftSection={<IconBell size={20} stroke={1.6} aria-hidden />}
        rightSection={
          count > 0 ? (
            <Badge size="sm" color="brand.7" variant="filled" aria-hidden data-testid="follow-up-badge">
              {count > 99 ? '99+' : count}
            </Badge>
          ) : null
        }
        onClick={() => {
          drawer.open();
          void preview.refetch();
        }}
        className={className}
      />
      <Drawer
        opened={opened}
        onClose={drawer.close}
        position="right"
        size="md"
        title={t('followUpDue.title')}
        styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('followUpDue.description')}
          </Text>
          {content}
          {count > 0 && (
            <Button component={Link} to="/follow-up" onClick={leave}>
              {t('followUpDue.seeAll', { count })}
            </Button>
          )}
        </Stack>
      </Drawer>
    </>
  );
}
