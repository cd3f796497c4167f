import { Anchor, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function Component() {
  const { t } = useTranslation();
  return (
    <Stack w="100%" maw={380}>
      <Title order={1} size="h2">
        {t('auth.forgot.title')}
      </Title>
      <Anchor component={Link} to="/auth/login" size="sm">
        {t('auth.forgot.backToLogin')}
      </Anchor>
    </Stack>
  );
}
