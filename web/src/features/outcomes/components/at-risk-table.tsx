import { Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type SeriesStyle, seriesStyle } from './chart-data.ts';
import type { ChartLayout } from './chart-layout.ts';
import { atRiskTable, type Curve, ticksInYears } from './curves.ts';
import { countOf } from './format.ts';
import { SeriesSwatch } from './series-swatch.tsx';

interface AtRiskTableProps {
  readonly curves: readonly Curve[];
  readonly labels: readonly string[];
  /** Each curve's colour and dash, as the chart draws it. */
  readonly styles: readonly SeriesStyle[];
  readonly ticks: readonly number[];
  /** What the columns count: the unit and the origin (`atRiskCaptionOf`). */
  readonly caption: string;
  readonly layout: ChartLayout;
}

/**
 * The number at risk under the chart: one row per group, one column per x-axis tick (months, or years
 * for a long follow-up), each column centred under its tick (`chartLayout`).
 */
export function AtRiskTable({ curves, labels, styles, ticks, caption, layout }: AtRiskTableProps) {
  const { t, i18n } = useTranslation();
  const counts = atRiskTable(curves, ticks);
  const years = ticksInYears(ticks);
  return (
    <>
      <Title order={3} size="h5" mt="xs" mb={4}>
        {t('outcomes.atRisk.title')}
      </Title>
      <Table
        layout="fixed"
        horizontalSpacing={2}
        verticalSpacing={4}
        fz="xs"
        withRowBorders={false}
        data-testid="at-risk-table"
      >
        <VisuallyHidden component="caption">{caption}</VisuallyHidden>
        <colgroup>
          <col style={{ width: layout.labelWidth }} />
          {ticks.map((month) => (
            <col key={month} style={{ width: layout.columnWidth }} />
          ))}
        </colgroup>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col" fw={600}>
              {t('outcomes.atRisk.group')}
            </Table.Th>
            {ticks.map((month) => (
              <Table.Th key={month} scope="col" ta="center" fw={600}>
                <VisuallyHidden>
                  {years
                    ? t('outcomes.atRisk.year', { year: month / 12 })
                    : t('outcomes.atRisk.month', { month })}
                </VisuallyHidden>
                <span aria-hidden="true">{years ? month / 12 : month}</span>
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {curves.map((curve, row) => (
            <Table.Tr key={String(curve.key)}>
              <Table.Th scope="row" fw={500}>
                <Text component="span" size="xs" display="flex" style={{ alignItems: 'center', gap: 4 }}>
                  <SeriesSwatch style={styles[row] ?? seriesStyle(row)} width={layout.narrow ? 12 : 24} />
                  <Text component="span" size="xs" truncate="end" title={labels[row]}>
                    {labels[row]}
                  </Text>
                </Text>
              </Table.Th>
              {ticks.map((month, column) => (
                <Table.Td key={month} ta="center" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {countOf(counts[row]?.[column] ?? 0, i18n.language)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </>
  );
}
