import '@mantine/charts/styles.css';
import { CompositeChart, type CompositeChartSeries } from '@mantine/charts';
import { Box, Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { axisLabelOf } from './axis-label.ts';
import {
  bandKey,
  CENSOR_MARK_GAP_PX,
  type ChartRow,
  censorKey,
  chartRows,
  curveStyles,
  lineKey,
} from './chart-data.ts';
import type { ChartLayout } from './chart-layout.ts';
import {
  DAYS_PER_MONTH,
  incidenceAxisTop,
  isIncidence,
  nrmAt,
  nrmCurves,
  type Outcome,
  originValue,
  percentTicks,
  ticksInYears,
  valueAt,
} from './curves.ts';
import { percentOf } from './format.ts';

interface OutcomeChartProps {
  readonly outcome: Outcome;
  /** Each curve's name, in the curves' order. */
  readonly labels: readonly string[];
  /** The x-axis ticks in months; the last one ends the axis. */
  readonly ticks: readonly number[];
  readonly layout: ChartLayout;
  /** Draws each survival curve's 95% band. */
  readonly withBands: boolean;
  /** The chart's accessible name and its text summary. */
  readonly title: string;
  readonly summary: string;
}

/** Room left of the y axis for its rotated title, inside the picture (the downloads clip outside it). */
const LEFT_MARGIN = 18;

/** A short vertical mark where a curve has censored patients; nothing elsewhere. */
function censorMark(index: number, color: string) {
  return (props: { cx?: number; cy?: number; payload?: ChartRow; index?: number }): ReactElement => {
    const { cx, cy, payload } = props;
    const key = `${lineKey(index)}-${props.index ?? 0}`;
    if (cx === undefined || cy === undefined || !payload?.[censorKey(index)]) {
      return <g key={key} />;
    }
    return <path key={key} d={`M${cx},${cy - 5}V${cy + 5}`} stroke={color} strokeWidth={1.5} />;
  };
}

/** The dash of a non-relapse mortality curve, in its group's colour. */
export const NRM_DASH = '6 4';

/**
 * The step curves of one endpoint (docs/product-rules.md#outcomes), with @mantine/charts: months (or
 * years, for a long follow-up) on the x axis, 0–100 % on the y axis for survival and up to the data for
 * an incidence, one step curve per group with its 95 % band and its censoring marks, and beside each
 * incidence of relapse its non-relapse mortality, dashed. Colours and dashes come from `curveStyles`,
 * as in the legend and the tables.
 */
export function OutcomeChart({
  outcome,
  labels,
  ticks,
  layout,
  withBands,
  title,
  summary,
}: OutcomeChartProps) {
  const { t, i18n } = useTranslation();
  const origin = originValue(outcome.endpoint);
  const incidence = isIncidence(outcome.endpoint);
  const nrm = nrmCurves(outcome.curves);
  const lastTick = ticks.at(-1) ?? 12;
  // The plot runs across every tick column but the first half and the last half (chartLayout).
  const plotWidth = Math.max(layout.columnWidth * (ticks.length - 1), 1);
  const censorGapDays = (lastTick * DAYS_PER_MONTH * CENSOR_MARK_GAP_PX) / plotWidth;
  const rows = chartRows([...outcome.curves, ...nrm], origin, withBands, censorGapDays);
  const styles = curveStyles(outcome);
  const bands: CompositeChartSeries[] = withBands
    ? styles.map((style, index) => ({ name: bandKey(index), type: 'area', color: style.color }))
    : [];
  const lines: CompositeChartSeries[] = styles.map((style, index) => ({
    name: lineKey(index),
    label: labels[index],
    type: 'line',
    color: style.color,
    strokeDasharray: style.dash,
  }));
  const nrmLines: CompositeChartSeries[] = nrm.map((_, index) => ({
    name: lineKey(outcome.curves.length + index),
    label: t('outcomes.chart.nrmSeries', { group: labels[index] }),
    type: 'line',
    color: styles[index]?.color ?? '#333333',
    strokeDasharray: NRM_DASH,
  }));
  const years = ticksInYears(ticks);
  const top = incidence ? incidenceAxisTop(outcome.curves) : 100;
  const styleOf = (index: number) => styles[index % Math.max(styles.length, 1)]?.color ?? '#333333';

  return (
    <CompositeChart
      h={layout.height}
      data={rows}
      dataKey="month"
      series={[...bands, ...lines, ...nrmLines]}
      curveType="stepAfter"
      connectNulls
      withDots={false}
      strokeWidth={2}
      textColor="gray.8"
      gridAxis="xy"
      // recharts writes axis titles in a light grey of its own: the text colour passes AA contrast.
      styles={{ axisLabel: { fill: 'var(--mantine-color-gray-8)' } }}
      xAxisLabel={axisLabelOf(t, i18n.language, outcome, years ? 'years' : 'months')}
      yAxisLabel={incidence ? t('outcomes.chart.incidenceAxis') : t('outcomes.chart.survivalAxis')}
      xAxisProps={{
        type: 'number',
        domain: [0, lastTick],
        ticks: [...ticks],
        interval: 0,
        allowDataOverflow: true,
        tickFormatter: (value: number) => String(years ? value / 12 : value),
      }}
      yAxisProps={{
        domain: [0, top],
        ticks: percentTicks(top),
        allowDataOverflow: true,
        // The left margin holds the axis title; the plot still starts where the table's first tick column is centred.
        width: layout.yAxisWidth - LEFT_MARGIN,
        tickFormatter: (value: number) => percentOf(value / 100, i18n.language, 0) ?? '',
      }}
      composedChartProps={{
        margin: { top: 12, right: layout.rightMargin, bottom: 30, left: LEFT_MARGIN },
        title,
        desc: summary,
      }}
      lineProps={(series) => {
        const index = Number(series.name.slice(1));
        return { dot: censorMark(index, styleOf(index)), activeDot: false };
      }}
      areaProps={{
        fillOpacity: 0.12,
        strokeWidth: 0,
        stroke: 'none',
        dot: false,
        activeDot: false,
        tooltipType: 'none',
        legendType: 'none',
      }}
      tooltipProps={{
        content: ({ label }) => {
          const month = Number(label);
          if (!Number.isFinite(month)) {
            return null;
          }
          return (
            <Paper withBorder shadow="sm" p="xs" miw={180}>
              <Text size="xs" fw={700} mb={4}>
                {t('outcomes.chart.tooltipMonth', {
                  month: new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 }).format(month),
                })}
              </Text>
              <Stack gap={2}>
                {outcome.curves.map((curve, index) => {
                  const value = valueAt(curve, month * DAYS_PER_MONTH, origin);
                  const mortality = incidence ? nrmAt(curve, month * DAYS_PER_MONTH) : null;
                  return value === null ? null : (
                    <Group key={String(curve.key)} gap={6} wrap="nowrap" justify="space-between">
                      <Group gap={6} wrap="nowrap">
                        <Box w={10} h={10} style={{ background: styles[index]?.color, borderRadius: 2 }} />
                        <Text size="xs">{labels[index]}</Text>
                      </Group>
                      <Text size="xs" fw={600}>
                        {percentOf(value, i18n.language)}
                        {mortality &&
                          ` · ${t('outcomes.chart.tooltipNrm')} ${percentOf(mortality.value, i18n.language)}`}
                      </Text>
                    </Group>
                  );
                })}
              </Stack>
            </Paper>
          );
        },
      }}
    />
  );
}
