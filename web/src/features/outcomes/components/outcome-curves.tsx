import { Alert, Box, Card, Group, Loader, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { IconInfoCircle } from '@tabler/icons-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ListError } from '../../../components/list-error.tsx';
import { formatNumber } from '../../../lib/numbers.ts';
import { useRelapseIncidence } from '../api/get-relapse-incidence.ts';
import { useSurvival } from '../api/get-survival.ts';
import { AtRiskTable } from './at-risk-table.tsx';
import { atRiskCaptionOf } from './axis-label.ts';
import { curveStyles } from './chart-data.ts';
import { ChartDownloads } from './chart-downloads.tsx';
import { chartLayout, maxTicksFor } from './chart-layout.ts';
import { OutcomeLegend } from './chart-legend.tsx';
import {
  DAYS_PER_MONTH,
  fromRemission,
  isIncidence,
  lastTime,
  monthTicks,
  type Outcome,
  outcomeOfIncidence,
  outcomeOfSurvival,
  survivalEndpointOf,
  ticksInYears,
} from './curves.ts';
import { EstimatesTable } from './estimates-table.tsx';
import { ExcludedNote } from './excluded-note.tsx';
import { countOf } from './format.ts';
import { useGroupLabel } from './group-label.ts';
import { OutcomeChart } from './outcome-chart.tsx';
import { landmarkDaysOf, type OutcomeView } from './outcome-params.ts';

/** The view's curves: survival from one call (from the landmark), the incidence of relapse from another. */
function useOutcome(view: OutcomeView) {
  const endpoint = survivalEndpointOf(view.endpoint);
  const survival = useSurvival(
    {
      ...view.filters,
      endpoint: endpoint ?? 'os',
      groupBy: view.groupBy,
      landmark: landmarkDaysOf(view.landmark),
    },
    endpoint !== null,
  );
  const relapses = useRelapseIncidence(
    { ...view.filters, groupBy: view.groupBy, from: fromRemission(view.endpoint) ? 'cr' : 'diagnosis' },
    endpoint === null,
  );
  const query = endpoint === null ? relapses : survival;
  let outcome: Outcome | undefined;
  if (endpoint === null) {
    outcome = relapses.data && outcomeOfIncidence(relapses.data);
  } else {
    outcome = survival.data && outcomeOfSurvival(survival.data);
  }
  return { query, outcome };
}

function CurvesSkeleton() {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" role="status" aria-busy aria-label={t('outcomes.loading')}>
      <Skeleton height={24} width={280} />
      <Skeleton height={320} radius="md" />
      <Skeleton height={16} width="60%" />
      {Array.from({ length: 3 }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have nothing else to key by
        <Skeleton key={index} height={14} />
      ))}
    </Stack>
  );
}

/** Where the chart is being drawn: its size, a skeleton and a word, never a blank. */
function ChartDrawing({ height }: { readonly height: number }) {
  const { t } = useTranslation();
  return (
    <Box pos="relative" h={height} role="status" aria-label={t('outcomes.chart.drawing')}>
      <Skeleton h={height} radius="md" />
      <Group gap={6} pos="absolute" top="45%" left={0} right={0} justify="center">
        <Loader size="xs" aria-hidden />
        <Text size="sm" c="dimmed">
          {t('outcomes.chart.drawing')}
        </Text>
      </Group>
    </Box>
  );
}

interface OutcomeCurvesProps {
  readonly view: OutcomeView;
  /** Shows or hides the survival curves' 95% bands. */
  readonly onBands: (shown: boolean) => void;
}

/** Bands are drawn by default for a few curves only: more overlap into a blur. */
const BANDS_UP_TO = 4;

/**
 * The curves of the chosen endpoint and grouping (docs/product-rules.md#outcomes): the step chart with
 * its legend, the number at risk under it, the medians and estimates, and the downloads; or what there
 * is instead — skeletons while they load, the error with a retry, or the empty cohort.
 */
export function OutcomeCurves({ view, onBands }: OutcomeCurvesProps) {
  const { t, i18n } = useTranslation();
  const groupLabel = useGroupLabel();
  const { query, outcome } = useOutcome(view);
  const { ref: sizeRef, width } = useElementSize();
  const chartBox = useRef<HTMLDivElement>(null);

  if (!outcome) {
    if (query.isError) {
      return (
        <ListError
          message={t('outcomes.loadError')}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      );
    }
    return (
      <Card withBorder radius="md" padding="lg">
        <CurvesSkeleton />
      </Card>
    );
  }

  const endpoint = t(`outcomes.endpoints.${outcome.endpoint}`);
  const patients = outcome.curves.reduce((sum, curve) => sum + curve.n, 0);
  if (patients === 0) {
    return (
      <Alert
        color="gray"
        variant="light"
        icon={<IconInfoCircle aria-hidden />}
        title={t('outcomes.empty.title')}
      >
        <Stack gap={4}>
          <ExcludedNote excluded={outcome.excluded} size="sm" />
          <Text size="sm">{t('outcomes.empty.hint')}</Text>
        </Stack>
      </Alert>
    );
  }

  const labels = outcome.curves.map((curve) => groupLabel(outcome.groupBy, curve.key));
  const ticks = monthTicks(lastTime(outcome.curves), maxTicksFor(width));
  const layout = chartLayout(width, ticks.length);
  const plainTitle =
    outcome.groupBy === 'none'
      ? t('outcomes.chart.titleAll', { endpoint })
      : t('outcomes.chart.title', { endpoint, groupBy: t(`outcomes.groupBy.${outcome.groupBy}`) });
  const title =
    outcome.landmark === null || view.landmark === null
      ? plainTitle
      : t('outcomes.chart.landmarkTitle', {
          title: plainTitle,
          months: formatNumber(view.landmark, i18n.language),
        });
  const followUpMonths = Math.round(lastTime(outcome.curves) / DAYS_PER_MONTH);
  const numbers = {
    endpoint,
    patients: countOf(patients, i18n.language),
    count: outcome.curves.length,
    events: countOf(
      outcome.curves.reduce((sum, curve) => sum + curve.events, 0),
      i18n.language,
    ),
    competing: countOf(
      outcome.curves.reduce((sum, curve) => sum + (curve.competing ?? 0), 0),
      i18n.language,
    ),
    followUp: t('outcomes.chart.followUp', { count: followUpMonths }),
  };
  const incidence = isIncidence(outcome.endpoint);
  const summary = incidence ? t('outcomes.chart.summaryCir', numbers) : t('outcomes.chart.summary', numbers);
  const updating = query.isFetching && query.isPlaceholderData;
  const survival = !incidence;
  const bands = view.bands ?? outcome.curves.length <= BANDS_UP_TO;

  return (
    <Card withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} aria-busy={updating}>
      <Group justify="space-between" align="flex-start" gap="sm" mb="xs">
        <Title order={2} size="h4" id="outcome-chart-title" style={{ minWidth: 0 }}>
          {title}
        </Title>
        <Group gap="sm" wrap="wrap">
          <Switch
            label={t('outcomes.chart.bands')}
            checked={bands}
            onChange={(event) => onBands(event.currentTarget.checked)}
          />
          {updating && (
            <Group gap={6} wrap="nowrap" role="status">
              <Loader size="xs" aria-hidden />
              <Text size="sm" c="dimmed">
                {t('outcomes.chart.updating')}
              </Text>
            </Group>
          )}
          <ChartDownloads outcome={outcome} labels={labels} title={title} filters={view.filters} />
        </Group>
      </Group>
      <Box ref={sizeRef} style={{ opacity: updating ? 0.6 : 1, transition: 'opacity 150ms' }}>
        <figure
          aria-labelledby="outcome-chart-title"
          aria-describedby="outcome-chart-summary"
          style={{ margin: 0 }}
        >
          <Box ref={chartBox} data-testid="outcome-chart">
            {/* Drawn once its width is known, so that its axis and the table below agree from the start. */}
            {width > 0 ? (
              <OutcomeChart
                outcome={outcome}
                labels={labels}
                ticks={ticks}
                layout={layout}
                withBands={bands}
                title={title}
                summary={summary}
              />
            ) : (
              <ChartDrawing height={layout.height} />
            )}
          </Box>
          <AtRiskTable
            curves={outcome.curves}
            labels={labels}
            styles={curveStyles(outcome)}
            ticks={ticks}
            caption={atRiskCaptionOf(t, i18n.language, outcome, ticksInYears(ticks) ? 'years' : 'months')}
            layout={layout}
          />
          <figcaption>
            <Stack gap={6} mt="md">
              <OutcomeLegend outcome={outcome} labels={labels} />
              <Text size="xs" c="dimmed">
                {survival ? t('outcomes.chart.censorNote') : t('outcomes.chart.censorNoteCir')}
                {incidence && ` ${t('outcomes.chart.nrmNote')}`}
                {bands && ` ${t('outcomes.chart.bandNote')}`}
              </Text>
              <ExcludedNote excluded={outcome.excluded} />
              <Text size="sm" id="outcome-chart-summary">
                {summary}
              </Text>
            </Stack>
          </figcaption>
        </figure>
        <EstimatesTable outcome={outcome} labels={labels} />
      </Box>
    </Card>
  );
}
