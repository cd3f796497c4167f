import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Shown in the content area while a screen's code loads. */
export function PageLoader() {
  const { t } = useTranslation();
  return (
    <Center py="xl" role="status" aria-label={t('app.loading')}>
      <Loader />
    </Center>
  );
}
