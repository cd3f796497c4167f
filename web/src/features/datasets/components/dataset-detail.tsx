import { Alert, Anchor, Button, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { DATASET_TABLES, type Dataset } from '@registry/shared';
import { IconAlertCircle, IconAlertTriangle, IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListError } from '../../../components/list-error.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatTimestamp } from '../../../lib/dates.ts';
import { useDataset } from '../api/get-dataset.ts';
import { isBuilding } from '../api/keys.ts';
import { CodebookLink } from './codebook-link.tsx';
import { DatasetStatus } from './dataset-status.tsx';
import { describeDatasetFilters, describeOptions, formatSize } from './dataset-words.ts';
import { DownloadButton } from './download-button.tsx';
import { HashValue } from './hash-value.tsx';

/** The disclosure check's threshold: a group of fewer patients sharing the key values is listed (CONTRACT §15). */
const SMALL_GROUP = 5;

/** A titled card of facts, each a row headed by its name. */
function Facts({ title, rows }: { readonly title: string; readonly rows: readonly [string, ReactNode][] }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      <Table variant="vertical" layout="fixed" withTableBorder={false} aria-label={title}>
        <Table.Tbody>
          {rows.map(([name, value]) => (
            <Table.Tr key={name}>
              <Table.Th w={{ base: 120, sm: 220 }} scope="row">
                {name}
              </Table.Th>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

/** Where the build stands: its progress, the download once ready, or why it failed. */
function BuildPanel({ dataset }: { readonly dataset: Dataset }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={t('datasets.detail.build')}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('datasets.detail.build')}
        </Title>
        <DatasetStatus dataset={dataset} detailed />
        {isBuilding(dataset.status) && (
          <Text size="sm" c="dimmed">
            {t('datasets.detail.buildingHint')}
          </Text>
        )}
        {dataset.status === 'failed' && (
          <Alert
            color="red"
            variant="light"
            title={t('datasets.detail.failed')}
            icon={<IconAlertCircle aria-hidden />}
          >
            {dataset.error ?? t('datasets.detail.failedHint')}
          </Alert>
        )}
        {dataset.status === 'ready' && (
          <>
            <Text size="sm">{t('datasets.detail.contents')}</Text>
            <Group gap="md">
              <DownloadButton dataset={dataset} size="md" />
              <CodebookLink />
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}

/** The disclosure check's smallest group, marked when it is under the threshold. */
function SmallestGroup({ size }: { readonly size: number | null }) {
  const { t } = useTranslation();
  if (size === null) {
    return <Text size="sm">—</Text>;
  }
  const small = size < SMALL_GROUP;
  return (
    <Stack gap={4}>
      <Text size="sm" fw={small ? 700 : undefined}>
        {t('datasets.detail.smallestGroupValue', { count: size })}
      </Text>
      <Text size="xs" c={small ? 'red.8' : 'dimmed'}>
        {small ? (
          <>
            <IconAlertTriangle size={12} aria-hidden />{' '}
            {t('datasets.detail.smallGroups', { min: SMALL_GROUP })}
          </>
        ) : (
          t('datasets.detail.smallestGroupHelp')
        )}
      </Text>
    </Stack>
  );
}

/** The figures of a ready zip: rows per table, size, SHA-256 and the disclosure check. */
function Figures({ dataset }: { readonly dataset: Dataset }) {
  const { t, i18n } = useTranslation();
  const rows = dataset.rows;
  return (
    <Facts
      title={t('datasets.detail.figures')}
      rows={[
        ...(rows
          ? DATASET_TABLES.map(
              (table) =>
                [
                  t(`datasets.detail.tables.${table}`),
                  <Text key={table} size="sm">
                    {rows[table].toLocaleString(i18n.language)}
                  </Text>,
                ] as [string, ReactNode],
            )
          : []),
        [t('datasets.list.size'), dataset.size === null ? '—' : formatSize(dataset.size, i18n.language)],
        [
          t('datasets.list.sha256'),
          dataset.sha256 ? <HashValue key="hash" sha256={dataset.sha256} whole /> : '—',
        ],
        [t('datasets.detail.smallestGroup'), <SmallestGroup key="group" size={dataset.smallestGroup} />],
      ]}
    />
  );
}

/** The request as it was made: purpose, who and when, filters, options and the study key. */
function Request({ dataset }: { readonly dataset: Dataset }) {
  const { t } = useTranslation();
  const filters = describeDatasetFilters(dataset.filters, t);
  return (
    <Facts
      title={t('datasets.detail.request')}
      rows={[
        [
          t('datasets.list.purpose'),
          <Text key="purpose" size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {dataset.purpose}
          </Text>,
        ],
        [t('datasets.list.requestedBy'), dataset.requestedBy.email ?? t('datasets.list.unknownUser')],
        [t('datasets.detail.requestedAt'), formatTimestamp(dataset.createdAt)],
        [t('datasets.detail.finishedAt'), dataset.finishedAt ? formatTimestamp(dataset.finishedAt) : '—'],
        [t('datasets.list.filters'), filters.length > 0 ? filters.join(' · ') : t('datasets.filters.none')],
        [t('datasets.list.options'), describeOptions(dataset, t).join(' · ')],
        [
          t('datasets.detail.studyKey'),
          <Text key="key" size="sm" ff="monospace">
            {dataset.studyKey}
          </Text>,
        ],
      ]}
    />
  );
}

/**
 * /datasets/{id} (CONTRACT §15): one dataset. While it is built, its progress, read again every second
 * (the build goes on with the page closed, and the page shows it again when reopened); then its download
 * and figures, or why it failed; and the request as it was made.
 */
export function DatasetDetail({ id }: { readonly id: string }) {
  const { t } = useTranslation();
  const dataset = useDataset(id);
  const back = (
    <Button
      component={Link}
      to="/datasets"
      variant="default"
      leftSection={<IconArrowLeft size={16} aria-hidden />}
    >
      {t('datasets.detail.back')}
    </Button>
  );

  let body: ReactNode;
  if (dataset.data) {
    body = (
      <>
        <BuildPanel dataset={dataset.data} />
        {dataset.data.status === 'ready' && <Figures dataset={dataset.data} />}
        <Request dataset={dataset.data} />
      </>
    );
  } else if (dataset.error instanceof ApiError && [400, 404].includes(dataset.error.status)) {
    body = (
      <Alert
        color="yellow"
        variant="light"
        title={t('datasets.detail.notFound')}
        icon={<IconAlertCircle aria-hidden />}
      >
        <Anchor component={Link} to="/datasets" size="sm">
          {t('datasets.detail.back')}
        </Anchor>
      </Alert>
    );
  } else if (dataset.isError) {
    body = (
      <ListError
        message={t('datasets.detail.loadError')}
        onRetry={() => void dataset.refetch()}
        retrying={dataset.isFetching}
      />
    );
  } else {
    body = (
      <Stack gap="md" role="status" aria-busy aria-label={t('app.loading')}>
        <Skeleton height={120} radius="md" />
        <Skeleton height={240} radius="md" />
      </Stack>
    );
  }

  return (
    <>
      <PageHeader title={t('datasets.detail.title')}>{back}</PageHeader>
      <Stack gap="lg">{body}</Stack>
    </>
  );
}
