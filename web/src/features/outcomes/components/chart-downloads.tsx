import type { OutcomeFilters } from '@registry/shared';
import { todayIsoDate } from '../../../lib/dates.ts';
import { FIGURE_FORMATS, figureFile } from './chart-export.ts';
import type { Outcome } from './curves.ts';
import { curvesCsv } from './curves-csv.ts';
import { type DownloadFormat, DownloadMenu } from './download-menu.tsx';
import { useOutcomeFigure } from './figure/outcome-figure.ts';

const FORMATS: readonly DownloadFormat[] = [...FIGURE_FORMATS, 'csv'];

interface ChartDownloadsProps {
  readonly outcome: Outcome;
  readonly labels: readonly string[];
  readonly title: string;
  /** The filters in force, printed on the figure. */
  readonly filters: OutcomeFilters;
}

/** 'outcomes-os-subtype-2026-11-23.csv': what, how grouped, and the day it was made. */
export function downloadName(outcome: Outcome, format: DownloadFormat): string {
  return `outcomes-${outcome.endpoint}-${outcome.groupBy}-${todayIsoDate()}.${format}`;
}

/**
 * The curves as a figure for a slide (PNG, SVG or PDF: figure/figure-svg.ts) and their data as CSV,
 * each saved under its name.
 */
export function ChartDownloads({ outcome, labels, title, filters }: ChartDownloadsProps) {
  const figureOf = useOutcomeFigure();

  const make = async (format: DownloadFormat): Promise<Blob> => {
    if (format === 'csv') {
      return new Blob([curvesCsv(outcome, labels)], { type: 'text/csv;charset=utf-8' });
    }
    return figureFile(figureOf({ outcome, labels, title, filters, today: new Date() }), format);
  };

  return <DownloadMenu formats={FORMATS} filename={(format) => downloadName(outcome, format)} make={make} />;
}
