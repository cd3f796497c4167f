import { Card, Skeleton, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import type { GroupBy, OutcomeFilters } from '@registry/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ListError } from '../../../components/list-error.tsx';
import { useEarlyDeath } from '../api/get-early-death.ts';
import { useResponse } from '../api/get-response.ts';
import { estimateText } from './estimates.ts';
import { countOf } from './format.ts';
import { useGroupLabel } from './group-label.ts';
import { earlyDeathDays, earlyDeathRows } from './response-rows.ts';

interface ResponseTablesProps {
  readonly filters: OutcomeFilters;
  readonly groupBy: GroupBy;
}

/** The days after the diagnosis that count as early death (CONTRACT §11). */
const EARLY_DAYS = [30, 60];

function TableSkeleton() {
  return (
    <Stack gap={6}>
      <Skeleton height={14} width="40%" />
      <Skeleton height={14} />
      <Skeleton height={14} />
    </Stack>
  );
}

/** The response to the first line by group: CR, CRh, CRi, the composite rate with its exact interval, MRD-negative. */
function ResponseTable({ filters, groupBy }: ResponseTablesProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const groupLabel = useGroupLabel();
  const query = useResponse({ ...filters, groupBy });
  const title = t('outcomes.response.title');
  let body: ReactNode;
  if (query.isError) {
    body = (
      <ListError
        message={t('outcomes.response.loadError')}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  } else if (!query.data) {
    body = <TableSkeleton />;
  } else if (query.data.groups.length === 0) {
    body = (
      <Text size="sm" c="dimmed">
        {t('outcomes.response.empty')}
      </Text>
    );
  } else {
    const { data } = query;
    body = (
      <Table.ScrollContainer minWidth={640} type="native" tabIndex={0} role="region" aria-label={title}>
        <Table
          striped
          verticalSpacing="xs"
          fz="sm"
          data-testid="response-table"
          style={{ whiteSpace: 'nowrap' }}
        >
          <VisuallyHidden component="caption">{t('outcomes.response.caption')}</VisuallyHidden>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('outcomes.response.group')}</Table.Th>
              {(['assessed', 'cr', 'crh', 'cri', 'rate', 'mrdNegative'] as const).map((column) => (
                <Table.Th key={column} scope="col" ta="right">
                  {t(`outcomes.response.${column}`)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody style={{ fontVariantNumeric: 'tabular-nums' }}>
            {data.groups.map((group) => (
              <Table.Tr key={String(group.key)}>
                <Table.Th scope="row" fw={500}>
                  {groupLabel(data.groupBy, group.key)}
                </Table.Th>
                <Table.Td ta="right">{countOf(group.assessed, language)}</Table.Td>
                <Table.Td ta="right">{countOf(group.cr, language)}</Table.Td>
                <Table.Td ta="right">{countOf(group.crh, language)}</Table.Td>
                <Table.Td ta="right">{countOf(group.cri, language)}</Table.Td>
                <Table.Td ta="right">
                  {t('outcomes.response.rateCell', {
                    crc: countOf(group.crc, language),
                    rate: estimateText(
                      group.rate === null
                        ? null
                        : { value: group.rate, lower: group.rateLower, upper: group.rateUpper },
                      language,
                    ),
                  })}
                </Table.Td>
                <Table.Td ta="right">{countOf(group.mrdNegative, language)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }
  return (
    <section aria-labelledby="response-title">
      <Title order={3} size="h5" mb={4} id="response-title">
        {title}
      </Title>
      {body}
      <Text size="xs" c="dimmed" mt={6}>
        {t('outcomes.response.caption')}.
      </Text>
    </section>
  );
}

/** Deaths within 30 and 60 days of the diagnosis by group, with exact intervals. */
function EarlyDeathTable({ filters, groupBy }: ResponseTablesProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const groupLabel = useGroupLabel();
  const query = useEarlyDeath({ ...filters, groupBy, days: EARLY_DAYS });
  const title = t('outcomes.earlyDeath.title');
  let body: ReactNode;
  if (query.isError) {
    body = (
      <ListError
        message={t('outcomes.earlyDeath.loadError')}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  } else if (!query.data) {
    body = <TableSkeleton />;
  } else {
    const { data } = query;
    const days = earlyDeathDays(data);
    body = (
      <Table.ScrollContainer minWidth={520} type="native" tabIndex={0} role="region" aria-label={title}>
        <Table
          striped
          verticalSpacing="xs"
          fz="sm"
          data-testid="early-death-table"
          style={{ whiteSpace: 'nowrap' }}
        >
          <VisuallyHidden component="caption">{t('outcomes.earlyDeath.caption')}</VisuallyHidden>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('outcomes.earlyDeath.group')}</Table.Th>
              {days.map((day) => (
                <Table.Th key={day} scope="col" ta="right">
                  {t('outcomes.earlyDeath.day', { count: day })}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody style={{ fontVariantNumeric: 'tabular-nums' }}>
            {earlyDeathRows(data, days).map((row) => (
              <Table.Tr key={String(row.key)}>
                <Table.Th scope="row" fw={500}>
                  {groupLabel(data.groupBy, row.key)}
                </Table.Th>
                {row.byDay.map((cell, index) => (
                  <Table.Td key={days[index]} ta="right">
                    {cell === null
                      ? '—'
                      : t('outcomes.earlyDeath.cell', {
                          deaths: countOf(cell.deaths, language),
                          n: countOf(cell.n, language),
                          rate: estimateText(
                            cell.proportion === null
                              ? null
                              : { value: cell.proportion, lower: cell.lower, upper: cell.upper },
                            language,
                          ),
                        })}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }
  return (
    <section aria-labelledby="early-death-title">
      <Title order={3} size="h5" mb={4} id="early-death-title">
        {title}
      </Title>
      {body}
      <Text size="xs" c="dimmed" mt={6}>
        {t('outcomes.earlyDeath.caption')}. {t('outcomes.earlyDeath.note')}
      </Text>
    </section>
  );
}

/** The response to the first line and the early deaths of the cohort, by the chosen grouping. */
export function ResponseTables({ filters, groupBy }: ResponseTablesProps) {
  return (
    <Card withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
      <Stack gap="lg">
        <ResponseTable filters={filters} groupBy={groupBy} />
        <EarlyDeathTable filters={filters} groupBy={groupBy} />
      </Stack>
    </Card>
  );
}
