import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Box, Card, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { countOf } from './format.ts';

export interface LabelledCount {
  readonly label: string;
  readonly n: number;
}

interface CountsChartProps {
  readonly title: string;
  readonly counts: readonly LabelledCount[];
  /** Columns over time (years) instead of bars across categories. */
  readonly columns?: boolean;
}

/**
 * Patients per value as a bar chart (@mantine/charts), with the same counts as a table for screen
 * readers: the chart itself is hidden from them.
 */
export function CountsChart({ title, counts, columns = false }: CountsChartProps) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const data = counts.map(({ label, n }) => ({ label, n }));
  const height = columns ? 220 : Math.max(120, counts.length * 30 + 40);
  // Drawn once its box has a width (not in a test's DOM, which measures nothing).
  const { ref, width } = useElementSize();
  return (
    <Card withBorder radius="md" padding="md" component="figure" m={0} aria-labelledby={titleId}>
      <Title order={3} size="h5" id={titleId} mb="xs">
        {title}
      </Title>
      {counts.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('cohortSummary.noCounts')}
        </Text>
      ) : (
        <>
          <Box aria-hidden="true" ref={ref} mih={height}>
            {width > 0 && (
              <BarChart
                h={height}
                data={data}
                dataKey="label"
                series={[{ name: 'n', color: 'brand.7', label: t('cohortSummary.count') }]}
                orientation={columns ? 'horizontal' : 'vertical'}
                withBarValueLabel
                barLabelColor="gray.8"
                textColor="gray.8"
                gridAxis={columns ? 'y' : 'x'}
                withTooltip={false}
                accessibilityLayer={false}
                maxBarWidth={columns ? 36 : 22}
                yAxisProps={columns ? { allowDecimals: false } : { width: 120 }}
                xAxisProps={columns ? { interval: 'preserveStartEnd' } : { allowDecimals: false }}
                valueFormatter={(value) => countOf(value, i18n.language)}
                // Room for the value written at the end of the longest bar.
                barChartProps={{ margin: columns ? { top: 18, right: 8 } : { right: 44 } }}
              />
            )}
          </Box>
          <VisuallyHidden>
            <Table>
              <caption>{t('cohortSummary.countsCaption', { title })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('cohortSummary.value')}</th>
                  <th scope="col">{t('cohortSummary.count')}</th>
                </tr>
              </thead>
              <tbody>
                {counts.map(({ label, n }) => (
                  <tr key={label}>
                    <th scope="row">{label}</th>
                    <td>{countOf(n, i18n.language)}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </VisuallyHidden>
        </>
      )}
    </Card>
  );
}
