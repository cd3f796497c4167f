import { Badge, Divider, Drawer, NavLink, Stack, VisuallyHidden } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBell } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FollowUpPreview } from '../../features/outcomes/components/follow-up-preview.tsx';
import { useNotifications } from '../../features/quality/api/get-notifications.ts';
import { WaitingQueries } from '../../features/quality/components/waiting-queries.tsx';

interface NotificationsMenuProps {
  readonly isAdmin: boolean;
  /** The side bar's class for its entries. */
  readonly className?: string;
  /** Called when the user leaves for a patient or a list (closes the phone's menu). */
  readonly onNavigate: () => void;
}

/**
 * The side bar's Notifications (CONTRACT §13): a badge with what waits on the caller — a doctor's open
 * queries and follow-ups due, an admin's answered queries — counted by one call that names no patient (so
 * no page load reads the audited follow-up list), read again every few minutes. It opens a drawer with
 * the queries and, for a doctor, the follow-ups due, which are read then.
 *
 * The entry's accessible name is its visible text, the count included (axe: label-content-name-mismatch).
 */
export function NotificationsMenu({ isAdmin, className, onNavigate }: NotificationsMenuProps) {
  const { t } = useTranslation();
  const [opened, drawer] = useDisclosure(false);
  const notifications = useNotifications();
  const count = notifications.data?.total ?? 0;

  const leave = () => {
    drawer.close();
    onNavigate();
  };

  return (
    <>
      <NavLink
        component="button"
        label={
          <>
            {t('menu.notifications')}
            {count > 0 && <VisuallyHidden>{`, ${t('notificationsMenu.badge', { count })}`}</VisuallyHidden>}
          </>
        }
        leftSection={<IconBell size={20} stroke={1.6} aria-hidden />}
        rightSection={
          count > 0 ? (
            <Badge size="sm" color="brand.7" variant="filled" aria-hidden data-testid="notifications-badge">
              {count > 99 ? '99+' : count}
            </Badge>
          ) : null
        }
        onClick={() => {
          drawer.open();
          void notifications.refetch();
        }}
        className={className}
      />
      <Drawer
        opened={opened}
        onClose={drawer.close}
        position="right"
        size="md"
        title={t('notificationsMenu.title')}
        styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <Stack gap="lg">
          <WaitingQueries
            isAdmin={isAdmin}
            notifications={notifications.data}
            failed={notifications.isError}
            onRetry={() => void notifications.refetch()}
            onNavigate={leave}
          />
          {!isAdmin && (
            <>
              <Divider />
              <FollowUpPreview isAdmin={false} onNavigate={leave} />
            </>
          )}
        </Stack>
      </Drawer>
    </>
  );
}
