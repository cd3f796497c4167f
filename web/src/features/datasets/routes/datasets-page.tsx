import { Button, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header.tsx';
import { CodebookLink } from '../components/codebook-link.tsx';
import { DatasetsList } from '../components/datasets-list.tsx';

/** /datasets (admins, CONTRACT §15): the analysis datasets asked for so far, and the way to a new one. */
export function DatasetsPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('datasets.title')}>
        <Button component={Link} to="/datasets/new" leftSection={<IconPlus size={16} aria-hidden />}>
          {t('datasets.new')}
        </Button>
      </PageHeader>
      <Stack gap="md">
        <Text size="sm" c="dimmed" mt={-16}>
          {t('datasets.description')} <CodebookLink />
        </Text>
        <DatasetsList />
      </Stack>
    </>
  );
}
