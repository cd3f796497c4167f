import { Button, Menu } from '@mantine/core';
import type { CoxModelAnswer, CoxQuery, GroupBy } from '@registry/shared';
import { IconChevronDown, IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '../../../lib/api-client.ts';
import { todayIsoDate } from '../../../lib/dates.ts';
import { notify } from '../../../lib/notify.ts';
import { FIGURE_FORMATS, type FigureFormat, figureFile } from './chart-export.ts';
import { describeFilters } from './figure/figure-filters.ts';
import { buildForestFigure, type ForestRow } from './figure/forest-svg.ts';
import { countOf, pValue } from './format.ts';

const LABELS = {
  png: 'outcomes.downloads.png',
  svg: 'outcomes.downloads.svg',
  pdf: 'outcomeFigure.pdf',
} as const satisfies Record<FigureFormat, string>;

const TESTS = ['likelihoodRatio', 'wald', 'score'] as const;

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
    const decimal = (value: number) =>
      new Intl.NumberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);
    const test = (value: { chisq: number; df: number; p: number }) =>
      t('outcomes.cox.test', { chisq: decimal(value.chisq), df: value.df, p: pValue(value.p, language) });
    const excluded =
      model.excluded.noDiagnosisDate + model.excluded.noResponseDate + model.excluded.incomplete;
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
          t('outcomes.cox.summary', {
            patients: t('outcomes.cox.patients', { count: model.n, value: countOf(model.n, language) }),
            events: t('outcomes.cox.events', { count: model.events, value: countOf(model.events, language) }),
          }),
          ...(excluded > 0
            ? [
                t('outcomes.cox.excluded', {
                  noDiagnosisDate: countOf(model.excluded.noDiagnosisDate, language),
                  noResponseDate: countOf(model.excluded.noResponseDate, language),
                  incomplete: countOf(model.excluded.incomplete, language),
                }),
              ]
            : []),
          ...TESTS.map((name) => `${t(`outcomes.cox.${name}`)}: ${test(model.tests[name])}`),
          `${t('outcomes.cox.zph')}: ${model.proportionalHazards ? test(model.proportionalHazards) : t('outcomes.cox.zphNone')}`,
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

  const download = (format: FigureFormat) => {
    const filename = `cox-${query.endpoint}-${query.groupBy}-${todayIsoDate()}.${format}`;
    figureFile(figure(), format).then(
      (blob) => {
        saveBlob(blob, filename);
        notify('success', t('notify.successTitle'), t('outcomes.downloads.done', { filename }));
      },
      () => notify('error', t('notify.errorTitle'), t('outcomes.downloads.failed')),
    );
  };

  return (
    <Menu position="bottom-end" shadow="md" width={220}>
      <Menu.Target>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconDownload size={14} aria-hidden />}
          rightSection={<IconChevronDown size={12} aria-hidden />}
          aria-label={t('outcomes.cox.download')}
        >
          {t('outcomes.downloads.button')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('outcomes.downloads.label')}</Menu.Label>
        {FIGURE_FORMATS.map((format) => (
          <Menu.Item key={format} onClick={() => download(format)}>
            {t(LABELS[format])}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
