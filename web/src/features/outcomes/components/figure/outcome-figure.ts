import type { OutcomeFilters } from '@registry/shared';
import { useTranslation } from 'react-i18next';
import { EXCLUSION_REASONS, isIncidence, type Outcome } from '../curves.ts';
import { describeFilters } from './figure-filters.ts';
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
 * screen's own texts for the axes, tables and notes, the test between the groups (log-rank for
 * survival, Gray's for the incidence) or why there is none, the filters in force and the date.
 */
export function useOutcomeFigure(): (context: FigureContext) => Figure {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  return ({ outcome, labels, title, filters, today }) => {
    const incidence = isIncidence(outcome.endpoint);
    // Survival is compared by the log-rank test, an incidence by Gray's test of the relapses.
    const tested = incidence ? (outcome.grayTest?.p ?? null) : outcome.p;
    let comparison: FigureTexts['comparison'] = null;
    if (tested !== null) {
      const key = incidence ? 'outcomeFigure.gray' : 'outcomes.estimates.logRank';
      comparison = { p: tested, text: (p) => t(key, { p }) };
    } else if (!incidence && outcome.groupBy !== 'none') {
      comparison = { reason: t(`outcomes.estimates.noLogRank.${outcome.noLogRank ?? 'groups'}`) };
    }
    const filtersInForce = describeFilters(filters, t);
    const footer = [
      incidence ? t('outcomes.chart.censorNoteCir') : t('outcomes.chart.censorNote'),
      ...(incidence ? [] : [t('outcomeFigure.medianMonths')]),
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
      language,
      texts: {
        title,
        valueAxis: incidence ? t('outcomes.chart.incidenceAxis') : t('outcomes.chart.survivalAxis'),
        timeAxis: { months: t('outcomeFigure.monthsAxis'), years: t('outcomeFigure.yearsAxis') },
        atRisk: t('outcomes.atRisk.title'),
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
        comparison,
        footer,
      },
    });
  };
}
