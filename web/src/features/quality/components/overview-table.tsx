import { Anchor, Table, Text } from '@mantine/core';
import { COMPLETENESS_FIELDS } from '@registry/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ELN_INPUT_FIELDS, type Overview, type OverviewFigures, type OverviewRow } from '../api/schemas.ts';
import { listFiltersFor, listPathFor, type Measure } from './overview-links.ts';

interface OverviewTableProps {
  readonly overview: Overview;
}

const NUMBER_STYLE = { textAlign: 'right', whiteSpace: 'nowrap' } as const;

/**
 * The coordinator's table (CONTRACT §13): a row per institution or per doctor and the totals, each number
 * a link to the patient list filtered to the patients it counts where the list can select them.
 */
export function OverviewTable({ overview }: OverviewTableProps) {
  const { t, i18n } = useTranslation();
  const numbers = new Intl.NumberFormat(i18n.language);
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 0 });

  const whoOf = (row: OverviewRow | null) => {
    if (!row) {
      return t('coordinator.total');
    }
    return row.doctor ? `${row.doctor.name} (${row.institution.name})` : row.institution.name;
  };

  const count = (
    row: OverviewRow | null,
    figures: OverviewFigures,
    measure: Measure,
    what: string,
  ): ReactNode => {
    const value = figures[measure];
    const filters = value > 0 ? listFiltersFor(row, measure) : null;
    if (!filters) {
      return numbers.format(value);
    }
    return (
      <Anchor
        component={Link}
        to={listPathFor(filters)}
        aria-label={t('coordinator.linkLabel', { value: numbers.format(value), what, who: whoOf(row) })}
      >
        {numbers.format(value)}
      </Anchor>
    );
  };

  const days = (value: number | null) =>
    value === null ? t('coordinator.noValue') : t('coordinator.days', { days: numbers.format(value) });

  const share = (n: number, total: number) =>
    total > 0 ? `${numbers.format(n)} (${percent.format(n / total)})` : numbers.format(n);

  const cells = (row: OverviewRow | null, figures: OverviewFigures) => (
    <>
      <Table.Td style={NUMBER_STYLE}>
        {count(row, figures, 'patients', t('coordinator.columns.patients'))}
      </Table.Td>
      <Table.Td style={NUMBER_STYLE}>
        {count(row, figures, 'qualityErrors', t('coordinator.columns.errors'))}
      </Table.Td>
      <Table.Td style={NUMBER_STYLE}>
        {count(row, figures, 'qualityWarnings', t('coordinator.columns.warnings'))}
      </Table.Td>
      <Table.Td style={NUMBER_STYLE}>
        {numbers.format(figures.openQueries)}
        <Text size="xs" c="dimmed">
          {figures.openQueriesMedianDays === null
            ? t('coordinator.noValue')
            : t('coordinator.medianAge', { days: numbers.format(figures.openQueriesMedianDays) })}
        </Text>
      </Table.Td>
      <Table.Td style={NUMBER_STYLE}>
        {numbers.format(figures.answeredQueries)}
        <Text size="xs" c="dimmed">
          {figures.answeredQueriesMedianDays === null
            ? t('coordinator.noValue')
            : t('coordinator.medianAge', { days: numbers.format(figures.answeredQueriesMedianDays) })}
        </Text>
      </Table.Td>
      <Table.Td style={NUMBER_STYLE}>{numbers.format(figures.followUpsDue)}</Table.Td>
      <Table.Td style={NUMBER_STYLE}>{days(figures.medianDaysToRegistration)}</Table.Td>
      {COMPLETENESS_FIELDS.map((field) => {
        const n = figures.completeness.find((entry) => entry.field === field)?.n ?? 0;
        return (
          <Table.Td key={field} style={NUMBER_STYLE}>
            {share(n, figures.patients)}
          </Table.Td>
        );
      })}
      {ELN_INPUT_FIELDS.map((field) => {
        const n = figures.elnInputs.find((entry) => entry.field === field)?.n ?? 0;
        return (
          <Table.Td key={field} style={NUMBER_STYLE}>
            {share(n, figures.amlPatients)}
          </Table.Td>
        );
      })}
    </>
  );

  const rowKey = (row: OverviewRow) => `${row.institution.id}-${row.doctor?.id ?? 'all'}`;

  return (
    <Table.ScrollContainer
      minWidth={1400}
      type="native"
      tabIndex={0}
      role="region"
      aria-label={t('coordinator.tableLabel')}
    >
      <Table striped highlightOnHover withTableBorder verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">
              {overview.groupBy === 'doctor'
                ? t('coordinator.columns.doctor')
                : t('coordinator.columns.institution')}
            </Table.Th>
            <Table.Th scope="col" style={NUMBER_STYLE}>
              {t('coordinator.columns.patients')}
            </Table.Th>
            <Table.Th scope="col" style={NUMBER_STYLE}>
              {t('coordinator.columns.errors')}
            </Table.Th>
            <Table.Th scope="col" style={NUMBER_STYLE}>
              {t('coordinator.columns.warnings')}
            </Table.Th>
            <Table.Th scope="col" style={NUMBER_STYLE}>
              {t('coordinator.columns.openQueries')}
            </Table.Th>
            <Table.Th scope="col" style={NUMBER_STYLE}>
              {t('coordinator.columns.answeredQueries')}
            </Table.Th>
            <Table.Th scope="col" style={NUMBER_STYLE}>
              {t('coordinator.columns.followUpDue')}
            </Table.Th>
            <Table.Th scope="col" style={NUMBER_STYLE}>
              {t('coordinator.columns.daysToRegistration')}
            </Table.Th>
            {COMPLETENESS_FIELDS.map((field) => (
              <Table.Th key={field} scope="col" style={NUMBER_STYLE}>
                {t(`cohortSummary.fields.${field}`)}
              </Table.Th>
            ))}
            {ELN_INPUT_FIELDS.map((field) => (
              <Table.Th key={field} scope="col" style={NUMBER_STYLE}>
                {t(`coordinator.eln.${field}`)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {overview.rows.map((row) => (
            <Table.Tr key={rowKey(row)}>
              <Table.Th scope="row" fw={500}>
                {row.doctor ? (
                  <>
                    {row.doctor.name}
                    <Text size="xs" c="dimmed">
                      {row.institution.name}
                    </Text>
                  </>
                ) : (
                  row.institution.name
                )}
              </Table.Th>
              {cells(row, row)}
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th scope="row">{t('coordinator.total')}</Table.Th>
            {cells(null, overview.total)}
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}
