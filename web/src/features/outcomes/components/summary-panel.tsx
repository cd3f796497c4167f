import { Alert, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { GroupBy, OutcomeFilters, Summary } from '@registry/shared';
import { IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ListError } from '../../../components/list-error.tsx';
import { useSummary } from '../api/get-summary.ts';
import { CompletenessList } from './completeness-list.tsx';
import { CountsChart } from './counts-chart.tsx';
import { countOf, monthsOf } from './format.ts';
import { useGroupLabel } from './group-label.ts';

interface SummaryPanelProps {
  /** The cohort: the outcomes screen's filters, or none (the whole registry, on the landing page). */
  readonly filters: OutcomeFilters;
  /** The panel's own heading; the landing page has its own title instead. */
  readonly withTitle?: boolean;
}

/** One figure of the cohort: a term and its value in the panel's description list. */
function Stat({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} fw={700} fz={24} lh={1.2} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Text>
      {detail && (
        <Text component="dd" m={0} size="xs" c="dimmed">
          {detail}
        </Text>
      )}
    </Paper>
  );
}

function SummarySkeleton() {
  const { t } = useTranslation();
  return (
    <Stack gap="md" role="status" aria-busy aria-label={t('app.loading')}>
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        {Array.from({ length: 4 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholder blocks have nothing else to key by
          <Skeleton key={index} height={84} radius="md" />
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Skeleton height={220} radius="md" />
        <Skeleton height={220} radius="md" />
      </SimpleGrid>
    </Stack>
  );
}

/** The figures of a loaded summary. */
function SummaryFigures({ summary }: { readonly summary: Summary }) {
  const { t, i18n } = useTranslation();
  const groupLabel = useGroupLabel();
  const language = i18n.language;
  const labelled = (groupBy: GroupBy, counts: Summary['bySubtype']) =>
    counts.map(({ key, n }) => ({ label: groupLabel(groupBy, key), n }));
  const { median, lower, upper } = summary.followUp;
  const notReached = t('cohortSummary.notReached');
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" component="dl" m={0}>
        <Stat label={t('cohortSummary.patients')} value={countOf(summary.patients, language)} />
        <Stat label={t('cohortSummary.relapses')} value={countOf(summary.relapses, language)} />
        <Stat label={t('cohortSummary.deaths')} value={countOf(summary.deaths, language)} />
        <Stat
          label={t('cohortSummary.followUp')}
          value={
            median === null
              ? t('cohortSummary.followUpNone')
              : t('cohortSummary.followUpValue', { months: monthsOf(median, language) })
          }
          detail={
            median === null
              ? undefined
              : t('cohortSummary.followUpInterval', {
                  lower: monthsOf(lower, language) ?? notReached,
                  upper: monthsOf(upper, language) ?? notReached,
                })
          }
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <CountsChart title={t('cohortSummary.bySubtype')} counts={labelled('subtype', summary.bySubtype)} />
        <Stack gap="md">
          <CountsChart title={t('cohortSummary.byDx')} counts={labelled('dx', summary.byDx)} />
          <CountsChart
            title={t('cohortSummary.byRiskLevel')}
            counts={labelled('riskLevel', summary.byRiskLevel)}
          />
        </Stack>
        <CountsChart
          title={t('cohortSummary.byDxYear')}
          counts={labelled('dxYear', summary.byDxYear)}
          columns
        />
        {summary.byInstitution ? (
          <CountsChart
            title={t('cohortSummary.byInstitution')}
            counts={labelled('institution', summary.byInstitution)}
          />
        ) : (
          <CompletenessList summary={summary} />
        )}
      </SimpleGrid>
      {summary.byInstitution && <CompletenessList summary={summary} wide />}
    </Stack>
  );
}

/**
 * The cohort in figures (docs/product-rules.md#outcomes): patients, relapses, deaths and the median
 * follow-up; counts by subtype, stage, institution (admins), risk level and year of diagnosis; and the
 * completeness of each key field. Shown on the outcomes screen and, for the whole registry, on the
 * admins' landing page.
 */
export function SummaryPanel({ filters, withTitle = true }: SummaryPanelProps) {
  const { t } = useTranslation();
  const summary = useSummary(filters);
  let content: ReactNode;
  if (summary.data) {
    content =
      summary.data.patients === 0 ? (
        <Alert color="gray" variant="light" icon={<IconInfoCircle aria-hidden />}>
          <Text size="sm">{t('cohortSummary.empty')}</Text>
        </Alert>
      ) : (
        <SummaryFigures summary={summary.data} />
      );
  } else if (summary.isError) {
    content = (
      <ListError
        message={t('cohortSummary.loadError')}
        onRetry={() => void summary.refetch()}
        retrying={summary.isFetching}
      />
    );
  } else {
    content = <SummarySkeleton />;
  }
  return (
    <section aria-labelledby={withTitle ? 'cohort-summary-title' : undefined} data-testid="summary-panel">
      {withTitle && (
        <Title order={2} size="h4" id="cohort-summary-title" mb="sm">
          {t('cohortSummary.title')}
        </Title>
      )}
      <div aria-busy={summary.isFetching && summary.isPlaceholderData}>{content}</div>
    </section>
  );
}
