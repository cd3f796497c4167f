import { Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconRefresh } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useRouteError } from 'react-router';
import { LanguageSwitch } from '../components/language-switch.tsx';
import { Logo } from '../components/logo.tsx';
import { isChunkLoadError, reloadOnceForNewVersion } from '../lib/new-version.ts';

/**
 * The app's own error screen, instead of the router's developer page (docs/operations.md#upgrades): a
 * screen whose code is gone after an upgrade reloads the page once; anything else, or the same failure
 * again, is told in the user's language with a reload and a back action.
 */
export function RouteError() {
  const error = useRouteError();
  const chunk = isChunkLoadError(error);
  // Decided once for this error: a reload under way shows nothing rather than flashing the error.
  const [reloading] = useState(() => chunk && reloadOnceForNewVersion());
  if (reloading) {
    return null;
  }
  return <ErrorScreen reason={chunk ? 'newVersion' : 'unexpected'} />;
}

interface ErrorScreenProps {
  readonly reason: 'newVersion' | 'unexpected';
}

export function ErrorScreen({ reason }: ErrorScreenProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useEffect(() => {
    document.title = `${t('errorScreen.title')} · ${t('app.name')}`;
  }, [t]);
  const goBack = () => {
    if (window.history.length > 1) {
      void navigate(-1);
    } else {
      void navigate('/', { replace: true });
    }
  };
  return (
    <Center mih="100vh" p="md">
      <Stack maw={480} gap="lg" component="main">
        <Group justify="space-between">
          <Logo size={36} />
          <LanguageSwitch />
        </Group>
        <Title order={1} size="h2">
          {t('errorScreen.title')}
        </Title>
        <Text>{t(reason === 'newVersion' ? 'errorScreen.newVersion' : 'errorScreen.unexpected')}</Text>
        <Group>
          <Button
            leftSection={<IconRefresh size={18} aria-hidden />}
            onClick={() => window.location.reload()}
          >
            {t('errorScreen.reload')}
          </Button>
          <Button variant="default" leftSection={<IconArrowLeft size={18} aria-hidden />} onClick={goBack}>
            {t('errorScreen.back')}
          </Button>
        </Group>
      </Stack>
    </Center>
  );
}
