import type { OutcomeFilters } from '@registry/shared';
import { useTranslation } from 'react-i18next';
import { describeFilters } from '../../../../lib/describe-filters.ts';
import { axisLabelOf } from '../axis-label.ts';
import { curveStyles } from '../chart-data.ts';
import { EXCLUSION_REASONS, isIncidence, type Outcome, untestedCount } from '../curves.ts';
import { buildFigure, type Figure, type FigureTexts } from './figure-svg.ts';

/** What the figure of an outcome shows besides its curves. */
export interface FigureContext {
  readonly outcome: Outcome;
  readonly labels: readonly string[];
  readonly title: string;
  readonly filters: OutcomeFilters;
  /** The day it is made. */
  readonly today: Date;
}

/**
 * The figure of the curves on screen, in the user's language (docs/product-rules.md#outcomes): the
 * screen's own texts for the axes (from the curves' origin), tables and notes, the tests between the
 * groups (log-rank for survival; Gray's for relapse and for non-relapse mortality) or why there is none,
 * and who they leave out, the filters in force and the date.
 */
export function useOutcomeFigure(): (context: FigureContext) => Figure {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  return ({ outcome, labels, title, filters, today }) => {
    const incidence = isIncidence(outcome.endpoint);
    const axisOf = (unit: 'months' | 'years') => {
      const label = axisLabelOf(t, language, outcome, unit);
      return label.charAt(0).toLocaleLowerCase(language) + label.slice(1);
    };
    // Survival is compared by the log-rank test, an incidence by Gray's tests of relapse and of NRM.
    const comparisons: FigureTexts['comparisons'][number][] = [];
    if (incidence) {
      if (outcome.grayTest !== null || outcome.grayTestNrm !== null) {
        const gray = (
          test: Outcome['grayTest'],
          key: 'outcomeFigure.grayRelapse' | 'outcomeFigure.grayNrm',
        ) =>
          test === null
            ? { reason: t(key, { p: t('outcomes.estimates.noTest') }) }
            : { p: test.p, text: (p: string) => t(key, { p }) };
        comparisons.push(gray(outcome.grayTest, 'outcomeFigure.grayRelapse'));
        comparisons.push(gray(outcome.grayTestNrm, 'outcomeFigure.grayNrm'));
      }
    } else if (outcome.p !== null) {
      comparisons.push({ p: outcome.p, text: (p) => t('outcomes.estimates.logRank', { p }) });
    } else if (outcome.groupBy !== 'none') {
      comparisons.push({ reason: t(`outcomes.estimates.noLogRank.${outcome.noLogRank ?? 'groups'}`) });
    }
    const untested = untestedCount(outcome);
    const filtersInForce = describeFilters(filters, t);
    const footer = [
      ...(comparisons.length > 0 && untested > 0
        ? [t('outcomes.estimates.untested', { count: untested, label: t('outcomes.groups.notRecorded') })]
        : []),
      incidence ? t('outcomes.chart.censorNoteCir') : t('outcomes.chart.censorNote'),
      ...(incidence ? [t('outcomeFigure.nrmDashed')] : [t('outcomeFigure.medianMonths')]),
      ...EXCLUSION_REASONS.filter((reason) => outcome.excluded[reason] > 0).map((reason) =>
        t(`outcomes.excluded.${reason}`, { count: outcome.excluded[reason] }),
      ),
      filtersInForce.length > 0
        ? t('outcomeFigure.filters', { filters: filtersInForce.join('; ') })
        : t('outcomeFigure.noFilters'),
      t('outcomeFigure.made', {
        date: new Intl.DateTimeFormat(language, { dateStyle: 'long' }).format(today),
      }),
    ];
    return buildFigure({
      endpoint: outcome.endpoint,
      curves: outcome.curves,
      labels,
      styles: curveStyles(outcome),
      language,
      texts: {
        title,
        valueAxis: incidence ? t('outcomes.chart.incidenceAxis') : t('outcomes.chart.survivalAxis'),
        timeAxis: {
          months: axisLabelOf(t, language, outcome, 'months'),
          years: axisLabelOf(t, language, outcome, 'years'),
        },
        atRisk: {
          months: t('outcomes.atRisk.titleIn', { axis: axisOf('months') }),
          years: t('outcomes.atRisk.titleIn', { axis: axisOf('years') }),
        },
        columns: {
          group: t('outcomes.estimates.group'),
          n: t('outcomes.estimates.n'),
          events: incidence ? t('outcomes.estimates.relapses') : t('outcomes.estimates.events'),
          third: incidence ? t('outcomes.estimates.competing') : t('outcomes.estimates.median'),
          year: (count) => t('outcomes.estimates.year', { count }),
        },
        notReached: {
          median: t('outcomes.estimates.notReached'),
          bound: t('outcomes.estimates.notReachedBound'),
          interval: t('outcomes.estimates.intervalNotReached'),
        },
        comparisons,
        footer,
      },
    });
  };
}
