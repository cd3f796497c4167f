import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '../../../lib/api-client.ts';
import { todayString } from '../../../lib/date-strings.ts';
import { notify } from '../../../lib/notify.ts';
import { seriesStyle } from './chart-data.ts';
import { chartSvgMarkup, svgToPng } from './chart-export.ts';
import type { Outcome } from './curves.ts';
import { curvesCsv } from './curves-csv.ts';

const FORMATS = ['png', 'svg', 'csv'] as const;
type Format = (typeof FORMATS)[number];

interface ChartDownloadsProps {
  readonly outcome: Outcome;
  readonly labels: readonly string[];
  /** The legend's text of each curve, as the downloaded picture shows it. */
  readonly legend: readonly string[];
  readonly title: string;
  /** The chart's rendered <svg>, when there is one. */
  readonly getSvg: () => SVGSVGElement | null;
}

/** 'outcomes-os-subtype-2026-11-23.csv': what, how grouped, and the day it was made. */
export function downloadName(outcome: Outcome, format: Format): string {
  return `outcomes-${outcome.endpoint}-${outcome.groupBy}-${todayString()}.${format}`;
}

/** The chart as PNG or SVG and the curves' data as CSV, each saved under its name. */
export function ChartDownloads({ outcome, labels, legend, title, getSvg }: ChartDownloadsProps) {
  const { t } = useTranslation();

  const make = async (format: Format): Promise<Blob> => {
    if (format === 'csv') {
      return new Blob([curvesCsv(outcome, labels)], { type: 'text/csv;charset=utf-8' });
    }
    const svg = getSvg();
    if (!svg) {
      throw new Error('The chart is not drawn');
    }
    const entries = legend.map((label, index) => ({ label, style: seriesStyle(index) }));
    const markup = chartSvgMarkup(svg, title, entries);
    return format === 'svg' ? new Blob([markup], { type: 'image/svg+xml;charset=utf-8' }) : svgToPng(markup);
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
            {t(`outcomes.downloads.${format}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
