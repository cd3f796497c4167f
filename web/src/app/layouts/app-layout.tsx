import { AppShell, Box, Burger, Divider, Group, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { User } from '@registry/shared';
import {
  IconBook2,
  IconBuildingHospital,
  IconChartLine,
  IconChecklist,
  IconDatabaseExport,
  IconFileImport,
  IconHistory,
  IconLogout,
  IconSettings,
  IconUserHeart,
  IconUsers,
} from '@tabler/icons-react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { LanguageSwitch } from '../../components/language-switch.tsx';
import { Logo } from '../../components/logo.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { useLogout } from '../../features/auth/api/logout.ts';
import { SessionKeeper } from '../../features/auth/components/session-keeper.tsx';
import { formatDateLong } from '../../lib/dates.ts';
import { PatientSlotsProvider } from '../../lib/patient-slots.tsx';
import classes from './layouts.module.css';
import { NotificationsMenu } from './notifications-menu.tsx';
import { PATIENT_SLOTS } from './patient-slots.tsx';
import { SettingsModal } from './settings-modal.tsx';

interface AppLayoutProps {
  readonly user: User;
}

/** The signed-in layout: sticky black side bar, header with greeting and date, content area. */
export function AppLayout({ user }: AppLayoutProps) {
  const { t, i18n } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure(false);
  const [settingsOpened, settings] = useDisclosure(false);
  const location = useLocation();
  const navigate = useNavigate();
  const logout = useLogout();

  const items = user.isAdmin
    ? [
        { to: '/patients', label: t('menu.patients'), icon: IconUserHeart },
        { to: '/imports', label: t('menu.imports'), icon: IconFileImport },
        { to: '/outcomes', label: t('menu.outcomes'), icon: IconChartLine },
        { to: '/datasets', label: t('menu.datasets'), icon: IconDatabaseExport },
        { to: '/users', label: t('menu.users'), icon: IconUsers },
        { to: '/institutions', label: t('menu.institutions'), icon: IconBuildingHospital },
        { to: '/quality', label: t('coordinator.menu'), icon: IconChecklist },
        { to: '/audit', label: t('audit.title'), icon: IconHistory },
        { to: '/codebook', label: t('menu.codebook'), icon: IconBook2 },
      ]
    : [
        { to: '/patients', label: t('menu.myPatients'), icon: IconUserHeart },
        { to: '/imports', label: t('menu.imports'), icon: IconFileImport },
        { to: '/outcomes', label: t('menu.outcomes'), icon: IconChartLine },
        { to: '/codebook', label: t('menu.codebook'), icon: IconBook2 },
      ];

  const signOut = () =>
    logout.mutate(undefined, { onSettled: () => void navigate('/auth/login', { replace: true }) });

  const name = user.doctor?.first_name || user.nickname;

  return (
    <AppShell
      layout="alt"
      header={{ height: 72 }}
      navbar={{ width: 248, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding={{ base: 'md', sm: 'xl' }}
    >
      <AppShell.Header className={classes.header}>
        <Group h="100%" px={{ base: 'md', sm: 'xl' }} justify="space-between" wrap="nowrap">
          {/* The greeting gives way to the language switch on a phone: a long name is cut, the switch never. */}
          <Group gap="sm" wrap="nowrap" miw={0}>
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={opened ? t('header.closeMenu') : t('header.openMenu')}
            />
            <Box miw={0}>
              <Text fw={700} size="lg" lh={1.2} truncate="end" data-testid="greeting">
                {t('header.greeting', { name })}
              </Text>
              <Text size="sm" c="gray.7" data-testid="today">
                {formatDateLong(new Date(), i18n.language)}
              </Text>
            </Box>
          </Group>
          <Box style={{ flexShrink: 0 }}>
            <LanguageSwitch />
          </Box>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar className={classes.navbar} p="md" aria-label={t('menu.label')}>
        <AppShell.Section mb="lg" px="xs">
          <Link to="/" onClick={close} aria-label={t('app.name')} style={{ textDecoration: 'none' }}>
            <Logo size={32} inverted />
          </Link>
        </AppShell.Section>
        <AppShell.Section grow component={ScrollArea}>
          <Stack gap={4} component="nav">
            {items.map((item) => (
              <NavLink
                key={item.to}
                component={Link}
                to={item.to}
                label={item.label}
                leftSection={<item.icon size={20} stroke={1.6} aria-hidden />}
                active={location.pathname.startsWith(item.to)}
                onClick={close}
                className={classes.navLink}
              />
            ))}
          </Stack>
        </AppShell.Section>
        <AppShell.Section>
          <Stack gap={4}>
            <NotificationsMenu isAdmin={user.isAdmin} className={classes.navLink} onNavigate={close} />
            <NavLink
              component="button"
              label={t('menu.settings')}
              leftSection={<IconSettings size={20} stroke={1.6} aria-hidden />}
              onClick={settings.open}
              className={classes.navLink}
            />
            <Divider color="dark.5" my="xs" />
            <NavLink
              component="button"
              label={t('menu.signOut')}
              leftSection={<IconLogout size={20} stroke={1.6} aria-hidden />}
              onClick={signOut}
              disabled={logout.isPending}
              className={classes.navLink}
            />
          </Stack>
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main className={classes.main}>
        <Suspense fallback={<PageLoader />}>
          <PatientSlotsProvider value={PATIENT_SLOTS}>
            <Outlet />
          </PatientSlotsProvider>
        </Suspense>
      </AppShell.Main>
      <SettingsModal opened={settingsOpened} onClose={settings.close} />
      <SessionKeeper user={user} onSignOut={signOut} />
    </AppShell>
  );
}
