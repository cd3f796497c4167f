import { Group, List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { curveStyles, seriesStyle } from './chart-data.ts';
import { isIncidence, type Outcome } from './curves.ts';
import { countOf } from './format.ts';
import { SeriesSwatch } from './series-swatch.tsx';

interface ChartLegendProps {
  readonly outcome: Outcome;
  readonly labels: readonly string[];
}

/** Each curve's line sample, name, patients and events (relapses, for the incidence). */
export function OutcomeLegend({ outcome, labels }: ChartLegendProps) {
  const { t, i18n } = useTranslation();
  const styles = curveStyles(outcome);
  const item = isIncidence(outcome.endpoint) ? 'outcomes.chart.legendItemCir' : 'outcomes.chart.legendItem';
  return (
    <List
      listStyleType="none"
      aria-label={t('outcomes.chart.legend')}
      display="flex"
      style={{ flexWrap: 'wrap', columnGap: 20, rowGap: 4 }}
      data-testid="chart-legend"
    >
      {outcome.curves.map((curve, index) => (
        <List.Item key={String(curve.key)}>
          <Group gap={6} wrap="nowrap">
            <SeriesSwatch style={styles[index] ?? seriesStyle(index)} />
            <Text size="sm">
              <Text span fw={600}>
                {labels[index]}
              </Text>{' '}
              <Text span c="dimmed" size="sm">
                (
                {t(item, {
                  n: countOf(curve.n, i18n.language),
                  events: countOf(curve.events, i18n.language),
                })}
                )
              </Text>
            </Text>
          </Group>
        </List.Item>
      ))}
    </List>
  );
}
