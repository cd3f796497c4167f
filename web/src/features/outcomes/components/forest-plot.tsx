import { Table, Text } from '@mantine/core';
import type { CoxModelAnswer } from '@registry/shared';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { forestDomain, forestTicks, forestX } from './forest-scale.ts';
import { pValue, ratioOf, ratioTickOf } from './format.ts';

type Term = CoxModelAnswer['terms'][number];

interface ForestPlotProps {
  readonly terms: readonly Term[];
  /** A term's name (the grouping or the covariate) in the user's language. */
  readonly termLabel: (term: string) => string;
  /** A factor's level in the user's language. */
  readonly levelLabel: (term: string, level: string) => string;
}

/** The plot column: wide enough for an interval to read, narrow enough for a phone to scroll to. */
const WIDTH = 240;
const PAD = 10;
const ROW_HEIGHT = 22;
const COLOR = '#0072B2';

/** The terms by name, in the model's order: each factor's reference level comes first. */
function termGroups(terms: readonly Term[]) {
  const groups = new Map<string, Term[]>();
  for (const term of terms) {
    groups.set(term.term, [...(groups.get(term.term) ?? []), term]);
  }
  return [...groups.entries()];
}

/**
 * The hazard ratios of a Cox model as a forest plot (docs/product-rules.md#outcomes): a table with one
 * row per term — its name, a square at the ratio with its 95% interval drawn on a log axis shared by
 * every row, the ratio and interval in figures, and p — each factor's reference level marked at 1,
 * and a dashed line at 1 (no effect). The figures are the table's; the drawing is hidden from readers.
 */
export function ForestPlot({ terms, termLabel, levelLabel }: ForestPlotProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const domain = forestDomain(terms.map((term) => ({ lower: term.hrLower, upper: term.hrUpper })));
  const ticks = forestTicks(domain);
  const x = (value: number) => PAD + forestX(value, domain, WIDTH - 2 * PAD);
  const ratio = (value: number) => ratioOf(value, language);
  const tick = (value: number) => ratioTickOf(value, language);
  const noEffect = x(1);

  const drawing = (term: Term | null) => (
    <svg width={WIDTH} height={ROW_HEIGHT} aria-hidden="true" focusable="false" style={{ display: 'block' }}>
      <line x1={noEffect} x2={noEffect} y1={0} y2={ROW_HEIGHT} stroke="#495057" strokeDasharray="3 3" />
      {term ? (
        <>
          <line
            x1={x(term.hrLower)}
            x2={x(term.hrUpper)}
            y1={ROW_HEIGHT / 2}
            y2={ROW_HEIGHT / 2}
            stroke={COLOR}
            strokeWidth={2}
          />
          <rect x={x(term.hr) - 5} y={ROW_HEIGHT / 2 - 5} width={10} height={10} fill={COLOR} />
        </>
      ) : (
        <path
          d={`M${noEffect},${ROW_HEIGHT / 2 - 5} l5,5 l-5,5 l-5,-5 z`}
          fill="#ffffff"
          stroke="#495057"
          strokeWidth={1.5}
        />
      )}
    </svg>
  );

  return (
    <Table.ScrollContainer
      minWidth={620}
      type="native"
      tabIndex={0}
      role="region"
      aria-label={t('outcomes.cox.forest')}
    >
      <Table verticalSpacing={4} fz="sm" data-testid="forest-plot" style={{ whiteSpace: 'nowrap' }}>
        <caption style={{ captionSide: 'bottom', textAlign: 'left' }}>
          <Text size="xs" c="dimmed" component="span">
            {t('outcomes.cox.forest')}
          </Text>
        </caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('outcomes.cox.term')}</Table.Th>
            <Table.Th scope="col" w={WIDTH}>
              {t('outcomes.cox.plot')}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {t('outcomes.cox.hr')}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {t('outcomes.cox.p')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody style={{ fontVariantNumeric: 'tabular-nums' }}>
          {termGroups(terms).map(([name, levels]) => {
            const reference = levels[0]?.reference ?? null;
            return (
              <Fragment key={name}>
                {reference !== null && (
                  <Table.Tr>
                    <Table.Th scope="row" fw={500}>
                      {termLabel(name)}: {levelLabel(name, reference)}
                    </Table.Th>
                    <Table.Td py={0}>{drawing(null)}</Table.Td>
                    <Table.Td ta="right" c="dimmed">
                      {`1 (${t('outcomes.cox.reference')})`}
                    </Table.Td>
                    <Table.Td />
                  </Table.Tr>
                )}
                {levels.map((term) => (
                  <Table.Tr key={`${name}-${term.level ?? ''}`}>
                    <Table.Th scope="row" fw={500}>
                      {/* A continuous covariate's name already says its unit ("per year"). */}
                      {term.level === null
                        ? termLabel(name)
                        : `${termLabel(name)}: ${levelLabel(name, term.level)}`}
                    </Table.Th>
                    <Table.Td py={0}>{drawing(term)}</Table.Td>
                    <Table.Td ta="right">
                      {`${ratio(term.hr)} (${ratio(term.hrLower)}–${ratio(term.hrUpper)})`}
                    </Table.Td>
                    <Table.Td ta="right">{pValue(term.p, language)}</Table.Td>
                  </Table.Tr>
                ))}
              </Fragment>
            );
          })}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Td />
            <Table.Td py={0}>
              <svg
                width={WIDTH}
                height={20}
                aria-hidden="true"
                focusable="false"
                style={{ display: 'block' }}
              >
                <line x1={PAD} x2={WIDTH - PAD} y1={2} y2={2} stroke="#495057" />
                {ticks.map((value) => (
                  <g key={value}>
                    <line x1={x(value)} x2={x(value)} y1={2} y2={6} stroke="#495057" />
                    <text x={x(value)} y={17} fontSize={11} textAnchor="middle" fill="#343a40">
                      {tick(value)}
                    </text>
                  </g>
                ))}
              </svg>
            </Table.Td>
            <Table.Td />
            <Table.Td />
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}
