import { Anchor, Table, Text } from '@mantine/core';
import { COMPLETENESS_FIELDS, type MissingField } from '@registry/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ELN_INPUT_FIELDS, type Overview, type OverviewFigures, type OverviewRow } from '../api/schemas.ts';
import { listPathFor } from './overview-links.ts';

interface OverviewTableProps {
  readonly overview: Overview;
}

const NUMBER_STYLE = { textAlign: 'right', whiteSpace: 'nowrap' } as const;

/** The figures' columns, in the order of `cells`, by their headers' names; the completeness follows. */
const FIGURE_COLUMNS = [
  'patients',
  'errors',
  'warnings',
  'duplicatesAcrossDoctors',
  'openQueries',
  'answeredQueries',
  'followUpDue',
  'daysToRegistration',
] as const;

/**
 * The coordinator's table (CONTRACT §13): a row per institution or per doctor and the totals, each count
 * a link to the patient list filtered to exactly the patients it counts (for the queries, the patients
 * they are about), but the possible duplicates across doctors, which no list filter selects; each
 * field's completeness with a link to the patients who lack it.
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

  /** A figure as a link to the list of the patients it counts (a zero as plain text). */
  const linked = (
    row: OverviewRow | null,
    value: number,
    measure: Parameters<typeof listPathFor>[1],
    label: string,
    text: string = numbers.format(value),
  ): ReactNode =>
    value > 0 ? (
      <Anchor component={Link} to={listPathFor(row, measure, overview.months)} aria-label={label}>
        {text}
      </Anchor>
    ) : (
      text
    );

  const count = (
    row: OverviewRow | null,
    figures: OverviewFigures,
    measure:
      | 'patients'
      | 'qualityErrors'
      | 'qualityWarnings'
      | 'followUpsDue'
      | 'openQueries'
      | 'answeredQueries',
    what: string,
  ): ReactNode =>
    linked(
      row,
      figures[measure],
      measure,
      t('coordinator.linkLabel', { value: numbers.format(figures[measure]), what, who: whoOf(row) }),
    );

  /** How many have a field (and the share), and beneath, how many lack it as a link to them. */
  const completeness = (
    row: OverviewRow | null,
    field: MissingField,
    n: number,
    total: number,
    name: string,
  ) => {
    const missing = total - n;
    return (
      <>
        {share(n, total)}
        <Text size="xs" c="dimmed">
          {linked(
            row,
            missing,
            { missing: field },
            t('coordinator.missingLinkLabel', {
              count: missing,
              value: numbers.format(missing),
              field: name,
              who: whoOf(row),
            }),
            t('coordinator.missing', { value: numbers.format(missing) }),
          )}
        </Text>
      </>
    );
  };

  const days = (value: number | null) =>
    value === null ? t('coordinator.noValue') : t('coordinator.days', { days: numbers.format(value) });

  /** Beneath a count of queries, how many days they have waited (the median). */
  const medianAge = (value: number | null) => (
    <Text size="xs" c="dimmed">
      {value === null
        ? t('coordinator.noValue')
        : t('coordinator.medianAge', { days: numbers.format(value) })}
    </Text>
  );

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
      {/* No link: the patient list has no filter for a duplicate across doctors, and must not have one,
          since a doctor passing it to their own list would learn of a colleague's look-alike patient
          (CONTRACT §13, amended 2026-11-29); the list's `quality=warning` reads the kept flag, a
          duplicate among one doctor's own patients only. */}
      <Table.Td style={NUMBER_STYLE}>{numbers.format(figures.duplicatesAcrossDoctors)}</Table.Td>
      <Table.Td style={NUMBER_STYLE}>
        {count(row, figures, 'openQueries', t('coordinator.columns.openQueries'))}
        {medianAge(figures.openQueriesMedianDays)}
      </Table.Td>
      <Table.Td style={NUMBER_STYLE}>
        {count(row, figures, 'answeredQueries', t('coordinator.columns.answeredQueries'))}
        {medianAge(figures.answeredQueriesMedianDays)}
      </Table.Td>
      <Table.Td style={NUMBER_STYLE}>
        {count(row, figures, 'followUpsDue', t('coordinator.columns.followUpDue'))}
      </Table.Td>
      <Table.Td style={NUMBER_STYLE}>{days(figures.medianDaysToRegistration)}</Table.Td>
      {COMPLETENESS_FIELDS.map((field) => {
        const n = figures.completeness.find((entry) => entry.field === field)?.n ?? 0;
        return (
          <Table.Td key={field} style={NUMBER_STYLE}>
            {completeness(row, field, n, figures.patients, t(`cohortSummary.fields.${field}`))}
          </Table.Td>
        );
      })}
      {ELN_INPUT_FIELDS.map((field) => {
        const n = figures.elnInputs.find((entry) => entry.field === field)?.n ?? 0;
        return (
          <Table.Td key={field} style={NUMBER_STYLE}>
            {completeness(row, field, n, figures.amlPatients, t(`coordinator.eln.${field}`))}
          </Table.Td>
        );
      })}
    </>
  );

  const rowKey = (row: OverviewRow) => `${row.institution.id}-${row.doctor?.id ?? 'all'}`;

  return (
    // The frame is the scrolling box's, not the table's: on a phone the table scrolls inside its card.
    <Table.ScrollContainer
      minWidth={1400}
      type="native"
      tabIndex={0}
      role="region"
      aria-label={t('coordinator.tableLabel')}
      style={{
        border: '1px solid var(--mantine-color-default-border)',
        borderRadius: 'var(--mantine-radius-sm)',
      }}
    >
      <Table striped highlightOnHover verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">
              {overview.groupBy === 'doctor'
                ? t('coordinator.columns.doctor')
                : t('coordinator.columns.institution')}
            </Table.Th>
            {FIGURE_COLUMNS.map((column) => (
              <Table.Th key={column} scope="col" style={NUMBER_STYLE}>
                {t(`coordinator.columns.${column}`)}
              </Table.Th>
            ))}
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
