import type { CoxModelAnswer, CoxQuery, GroupBy } from '@registry/shared';
import { useTranslation } from 'react-i18next';
import { todayIsoDate } from '../../../lib/dates.ts';
import { describeFilters } from '../../../lib/describe-filters.ts';
import { FIGURE_FORMATS, figureFile } from './chart-export.ts';
import { coxReport } from './cox-report.ts';
import { DownloadMenu } from './download-menu.tsx';
import { buildForestFigure, type ForestRow } from './figure/forest-svg.ts';

interface ForestDownloadsProps {
  readonly model: CoxModelAnswer;
  /** What was fitted: the endpoint, the grouping, the covariates and the filters in force. */
  readonly query: CoxQuery;
  /** A term's name and a factor's level in the user's language, as the forest plot reads them. */
  readonly termLabel: (term: string) => string;
  readonly levelLabel: (term: string, level: string) => string;
}

/** The forest plot's rows: each factor's reference first, then its levels, in the model's order. */
export function forestRows(
  model: CoxModelAnswer,
  termLabel: (term: string) => string,
  levelLabel: (term: string, level: string) => string,
): ForestRow[] {
  const rows: ForestRow[] = [];
  const seen = new Set<string>();
  for (const term of model.terms) {
    if (!seen.has(term.term)) {
      seen.add(term.term);
      if (term.reference !== null) {
        rows.push({
          label: `${termLabel(term.term)}: ${levelLabel(term.term, term.reference)}`,
          estimate: null,
        });
      }
    }
    rows.push({
      // A continuous covariate's name already says its unit ("per year").
      label:
        term.level === null
          ? termLabel(term.term)
          : `${termLabel(term.term)}: ${levelLabel(term.term, term.level)}`,
      estimate: { hr: term.hr, hrLower: term.hrLower, hrUpper: term.hrUpper, p: term.p },
    });
  }
  return rows;
}

/** The Cox model's forest plot as a figure (PNG, SVG or PDF: figure/forest-svg.ts), saved under its name. */
export function ForestDownloads({ model, query, termLabel, levelLabel }: ForestDownloadsProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;

  const figure = () => {
    const { endpoint, groupBy, adjust: _adjust, ...filters } = query;
    const endpointName = t(`outcomes.endpoints.${endpoint}`);
    const title =
      groupBy === 'none'
        ? t('outcomes.cox.figureTitleNone', { endpoint: endpointName })
        : t('outcomes.cox.figureTitle', {
            endpoint: endpointName,
            groupBy: t(`outcomes.groupBy.${groupBy as GroupBy}`),
          });
    const report = coxReport(model, t, language);
    const filtersInForce = describeFilters(filters, t);
    return buildForestFigure({
      rows: forestRows(model, termLabel, levelLabel),
      language,
      texts: {
        title,
        columns: { term: t('outcomes.cox.term'), hr: t('outcomes.cox.hr'), p: t('outcomes.cox.p') },
        axis: t('outcomes.cox.plot'),
        reference: `1 (${t('outcomes.cox.reference')})`,
        footer: [
          report.summary,
          ...(report.excluded ? [report.excluded] : []),
          ...report.tests,
          t('outcomes.cox.forest'),
          filtersInForce.length > 0
            ? t('outcomeFigure.filters', { filters: filtersInForce.join('; ') })
            : t('outcomeFigure.noFilters'),
          t('outcomeFigure.made', {
            date: new Intl.DateTimeFormat(language, { dateStyle: 'long' }).format(new Date()),
          }),
        ],
      },
    });
  };

  return (
    <DownloadMenu
      formats={FIGURE_FORMATS}
      filename={(format) => `cox-${query.endpoint}-${query.groupBy}-${todayIsoDate()}.${format}`}
      make={(format) => figureFile(figure(), format)}
      compact
      aria-label={t('outcomes.cox.download')}
    />
  );
}
