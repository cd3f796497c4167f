import { Button, Group, SegmentedControl, Skeleton, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ListError } from '../../../components/list-error.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { notify } from '../../../lib/notify.ts';
import { serverMessage } from '../../../lib/translate.ts';
import { useDownloadOverview, useOverview } from '../api/get-overview.ts';
import type { OverviewGroup } from '../api/schemas.ts';
import { OverviewTable } from './overview-table.tsx';
import { RulesPanel } from './rules-panel.tsx';

/**
 * /quality (admins, CONTRACT §13): the coordinator's table per institution or per doctor (kept in the
 * address), its CSV, and the rules with the bulk opening of queries.
 */
export function CoordinatorScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const groupBy: OverviewGroup = params.get('groupBy') === 'doctor' ? 'doctor' : 'institution';
  const overview = useOverview({ groupBy });
  const download = useDownloadOverview();

  const save = () =>
    download.mutate(
      { groupBy },
      {
        onSuccess: (filename) => notify('success', t('coordinator.downloaded'), filename),
        onError: (error) =>
          notify(
            'error',
            t('coordinator.downloadFailed'),
            serverMessage(error, t('coordinator.downloadFailed')),
          ),
      },
    );

  let table: React.ReactNode;
  if (overview.data) {
    table =
      overview.data.rows.length === 0 ? (
        <Text c="dimmed">{t('coordinator.empty')}</Text>
      ) : (
        <OverviewTable overview={overview.data} />
      );
  } else if (overview.isError) {
    table = (
      <ListError
        message={t('coordinator.loadError')}
        onRetry={() => void overview.refetch()}
        retrying={overview.isFetching}
      />
    );
  } else {
    table = (
      <Stack gap="xs" role="status" aria-busy aria-label={t('app.loading')}>
        {Array.from({ length: 5 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have nothing else to key by
          <Skeleton key={index} height={40} />
        ))}
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <PageHeader title={t('coordinator.title')}>
        <Button
          leftSection={<IconDownload size={16} aria-hidden />}
          onClick={save}
          loading={download.isPending}
          disabled={!overview.data}
        >
          {t('coordinator.download')}
        </Button>
      </PageHeader>
      <Text size="sm" c="dimmed" mt={-16}>
        {t('coordinator.description')}
      </Text>
      <Group>
        <SegmentedControl
          aria-label={t('coordinator.groupBy')}
          value={groupBy}
          onChange={(value) => setParams(value === 'doctor' ? { groupBy: 'doctor' } : {}, { replace: true })}
          data={[
            { value: 'institution', label: t('coordinator.byInstitution') },
            { value: 'doctor', label: t('coordinator.byDoctor') },
          ]}
        />
      </Group>
      {table}
      <RulesPanel />
    </Stack>
  );
}
