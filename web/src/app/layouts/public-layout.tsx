import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../components/language-switch.tsx';
import { Logo } from '../../components/logo.tsx';
import classes from './layouts.module.css';

/**
 * Sign-in, forgot- and reset-password screens: a form panel beside a background-image panel. Used by the
 * app's router and by the light sign-in page (app/sign-in-app.tsx), so it needs no router.
 */
export function PublicLayout({ children }: { readonly children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className={classes.public}>
      <main className={classes.formPanel}>
        <Group justify="space-between" className={classes.fadeIn}>
          <Anchor href="/" underline="never" aria-label={t('app.name')}>
            <Logo size={40} />
          </Anchor>
          <LanguageSwitch />
        </Group>
        <div className={`${classes.formArea} ${classes.fadeIn}`}>{children}</div>
        <Text size="xs" c="dimmed" ta="center">
          {t('app.copyright', { year: new Date().getFullYear() })}
        </Text>
      </main>
      <aside className={classes.imagePanel} aria-hidden="true">
        <Stack gap={4} maw={420}>
          <Title order={2} c="white" fw={700}>
            {t('app.name')}
          </Title>
          <Text c="gray.3">{t('app.tagline')}</Text>
        </Stack>
      </aside>
    </div>
  );
}
