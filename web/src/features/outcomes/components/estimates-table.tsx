import { Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { curveStyles, seriesStyle } from './chart-data.ts';
import { isIncidence, LANDMARK_DAYS, type Outcome, untestedCount } from './curves.ts';
import { landmarkText, medianText, nrmText } from './estimates.ts';
import { countOf, pValue } from './format.ts';
import { SeriesSwatch } from './series-swatch.tsx';

const LANDMARK_YEARS = [1, 2, 5] as const;

interface EstimatesTableProps {
  readonly outcome: Outcome;
  readonly labels: readonly string[];
}

/**
 * Per group: patients, events, the median in months with its 95% interval (survival), and the 1-, 2-
 * and 5-year estimates (for an incidence, the non-relapse mortality too); below, the log-rank p-value
 * between the groups (survival), or Gray's tests for relapse and non-relapse mortality (incidence), or
 * the reason the server gives for no test.
 */
export function EstimatesTable({ outcome, labels }: EstimatesTableProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const incidence = isIncidence(outcome.endpoint);
  const styles = curveStyles(outcome);
  const notReached = {
    median: t('outcomes.estimates.notReached'),
    bound: t('outcomes.estimates.notReachedBound'),
    interval: t('outcomes.estimates.intervalNotReached'),
  };
  const gray = (test: Outcome['grayTest']) =>
    test === null ? t('outcomes.estimates.noTest') : pValue(test.p, language);
  const title = incidence ? t('outcomes.estimates.titleCir') : t('outcomes.estimates.title');
  const untested = untestedCount(outcome);
  const tested = incidence
    ? outcome.grayTest !== null || outcome.grayTestNrm !== null
    : outcome.p !== null || outcome.groupBy !== 'none';
  return (
    <>
      <Title order={3} size="h5" mt="lg" mb={4}>
        {title}
      </Title>
      {/* Wider than a phone: the region scrolls sideways, so it takes the focus for the arrow keys. */}
      <Table.ScrollContainer minWidth={720} type="native" tabIndex={0} role="region" aria-label={title}>
        <Table
          striped
          verticalSpacing="xs"
          fz="sm"
          data-testid="estimates-table"
          style={{ whiteSpace: 'nowrap' }}
        >
          <VisuallyHidden component="caption">
            {incidence ? t('outcomes.estimates.captionCir') : t('outcomes.estimates.caption')}
          </VisuallyHidden>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('outcomes.estimates.group')}</Table.Th>
              <Table.Th scope="col" ta="right">
                {t('outcomes.estimates.n')}
              </Table.Th>
              <Table.Th scope="col" ta="right">
                {incidence ? t('outcomes.estimates.relapses') : t('outcomes.estimates.events')}
              </Table.Th>
              <Table.Th scope="col" ta="right">
                {incidence ? t('outcomes.estimates.competing') : t('outcomes.estimates.median')}
              </Table.Th>
              {LANDMARK_YEARS.map((years) => (
                <Table.Th key={years} scope="col" ta="right">
                  {t('outcomes.estimates.year', { count: years })}
                </Table.Th>
              ))}
              {incidence &&
                LANDMARK_YEARS.map((years) => (
                  <Table.Th key={`nrm-${years}`} scope="col" ta="right">
                    {t('outcomes.estimates.nrm', { years: t('outcomes.estimates.year', { count: years }) })}
                  </Table.Th>
                ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody style={{ fontVariantNumeric: 'tabular-nums' }}>
            {outcome.curves.map((curve, index) => (
              <Table.Tr key={String(curve.key)}>
                <Table.Th scope="row" fw={500}>
                  <Text component="span" size="sm" display="flex" style={{ alignItems: 'center', gap: 6 }}>
                    <SeriesSwatch style={styles[index] ?? seriesStyle(index)} />
                    {labels[index]}
                  </Text>
                </Table.Th>
                <Table.Td ta="right">{countOf(curve.n, language)}</Table.Td>
                <Table.Td ta="right">{countOf(curve.events, language)}</Table.Td>
                <Table.Td ta="right">
                  {incidence
                    ? countOf(curve.competing ?? 0, language)
                    : medianText(curve, language, notReached)}
                </Table.Td>
                {LANDMARK_DAYS.map((day) => (
                  <Table.Td key={day} ta="right">
                    {landmarkText(curve, day, outcome.endpoint, language)}
                  </Table.Td>
                ))}
                {incidence &&
                  LANDMARK_DAYS.map((day) => (
                    <Table.Td key={`nrm-${day}`} ta="right">
                      {nrmText(curve, day, language)}
                    </Table.Td>
                  ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Text size="xs" c="dimmed" mt={6}>
        {incidence ? t('outcomes.estimates.captionCir') : t('outcomes.estimates.caption')}.{' '}
        {!incidence &&
          `${t('outcomes.estimates.notReachedHelp')} ${t('outcomes.estimates.boundHelp')} ${t('outcomes.estimates.zeroHelp')} `}
        {t('outcomes.estimates.dashHelp')}
      </Text>
      {!incidence && tested && (
        <Text size="sm" mt="xs" data-testid="log-rank">
          {outcome.p === null
            ? t(`outcomes.estimates.noLogRank.${outcome.noLogRank ?? 'groups'}`)
            : t('outcomes.estimates.logRank', { p: pValue(outcome.p, language) })}
        </Text>
      )}
      {incidence && tested && (
        <Text size="sm" mt="xs" data-testid="gray-test">
          {t('outcomes.estimates.grayTest', { p: gray(outcome.grayTest), pNrm: gray(outcome.grayTestNrm) })}
        </Text>
      )}
      {tested && untested > 0 && (
        <Text size="xs" c="dimmed" data-testid="untested-note">
          {t('outcomes.estimates.untested', { count: untested, label: t('outcomes.groups.notRecorded') })}
        </Text>
      )}
    </>
  );
}
