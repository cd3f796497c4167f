import { Button, Menu } from '@mantine/core';
import type { OutcomeFilters } from '@registry/shared';
import { IconChevronDown, IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '../../../lib/api-client.ts';
import { todayIsoDate } from '../../../lib/dates.ts';
import { notify } from '../../../lib/notify.ts';
import { FIGURE_FORMATS, type FigureFormat, figureFile } from './chart-export.ts';
import type { Outcome } from './curves.ts';
import { curvesCsv } from './curves-csv.ts';
import { useOutcomeFigure } from './figure/outcome-figure.ts';

type Format = FigureFormat | 'csv';
const FORMATS: readonly Format[] = [...FIGURE_FORMATS, 'csv'];

const LABELS = {
  png: 'outcomes.downloads.png',
  svg: 'outcomes.downloads.svg',
  pdf: 'outcomeFigure.pdf',
  csv: 'outcomes.downloads.csv',
} as const satisfies Record<Format, string>;

interface ChartDownloadsProps {
  readonly outcome: Outcome;
  readonly labels: readonly string[];
  readonly title: string;
  /** The filters in force, printed on the figure. */
  readonly filters: OutcomeFilters;
}

/** 'outcomes-os-subtype-2026-11-23.csv': what, how grouped, and the day it was made. */
export function downloadName(outcome: Outcome, format: Format): string {
  return `outcomes-${outcome.endpoint}-${outcome.groupBy}-${todayIsoDate()}.${format}`;
}

/**
 * The curves as a figure for a slide (PNG, SVG or PDF: figure/figure-svg.ts) and their data as CSV,
 * each saved under its name.
 */
export function ChartDownloads({ outcome, labels, title, filters }: ChartDownloadsProps) {
  const { t } = useTranslation();
  const figureOf = useOutcomeFigure();

  const make = async (format: Format): Promise<Blob> => {
    if (format === 'csv') {
      return new Blob([curvesCsv(outcome, labels)], { type: 'text/csv;charset=utf-8' });
    }
    return figureFile(figureOf({ outcome, labels, title, filters, today: new Date() }), format);
  };

  const download = (format: Format) => {
    const filename = downloadName(outcome, format);
    make(format).then(
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
          leftSection={<IconDownload size={16} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
        >
          {t('outcomes.downloads.button')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('outcomes.downloads.label')}</Menu.Label>
        {FORMATS.map((format) => (
          <Menu.Item key={format} onClick={() => download(format)}>
            {t(LABELS[format])}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
