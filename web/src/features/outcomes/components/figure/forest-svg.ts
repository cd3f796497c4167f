import { forestDomain, forestTicks, forestX } from '../forest-scale.ts';
import { pValue, ratioOf, ratioTickOf } from '../format.ts';
import type { Figure } from './figure-svg.ts';
import { MUTED, PAD, svgDocument, TABLE_SIZE, tag, text, textWidth, wrapText } from './svg-text.ts';

/**
 * The Cox model's forest plot as a figure for a slide (CONTRACT §12), downloaded as the curves are (PNG,
 * SVG, PDF from one standalone SVG document): per row the term and level, the hazard ratio's square and
 * its 95% interval on a log axis with a dashed line at 1, the ratio and interval in figures and p; each
 * factor's reference marked at 1; the axis ticks; then the model's size, who it left out, its tests, the
 * filters in force and the date — the screen's forest-plot.tsx, in the user's language.
 */

/** One row of the plot: a term's level with its ratio, or a factor's reference (no interval). */
export interface ForestRow {
  readonly label: string;
  readonly estimate: {
    readonly hr: number;
    readonly hrLower: number;
    readonly hrUpper: number;
    readonly p: number;
  } | null;
}

export interface ForestTexts {
  readonly title: string;
  readonly columns: { readonly term: string; readonly hr: string; readonly p: string };
  /** The axis's title ("HR on a log scale"). */
  readonly axis: string;
  /** What a reference row reads in the ratio's column ("1 (reference)"). */
  readonly reference: string;
  /** Lines under the plot: the model's size, who it left out, its tests, the filters, the date. */
  readonly footer: readonly string[];
}

export interface ForestInput {
  readonly rows: readonly ForestRow[];
  readonly language: string;
  readonly texts: ForestTexts;
}

/** The widest the figure gets; it is as wide as its table, and no narrower than MIN_WIDTH. */
const MAX_WIDTH = 1200;
const MIN_WIDTH = 760;
const LINE = '#495057';
const COLOR = '#0072B2';
const SIZE = { title: 24, axis: 13 } as const;
const ROW = 28;
const GAP = 28;
const PLOT_WIDTH = 420;

export function buildForestFigure({ rows, language, texts }: ForestInput): Figure {
  const ratio = (value: number) => ratioOf(value, language);
  const tickText = (value: number) => ratioTickOf(value, language);
  const cells = rows.map((row) => ({
    label: row.label,
    hr: row.estimate
      ? `${ratio(row.estimate.hr)} (${ratio(row.estimate.hrLower)}–${ratio(row.estimate.hrUpper)})`
      : texts.reference,
    p: row.estimate ? pValue(row.estimate.p, language) : '',
  }));
  const widest = (values: string[], bold: string) =>
    Math.max(textWidth(bold, TABLE_SIZE, true), ...values.map((value) => textWidth(value, TABLE_SIZE)));
  const labelWidth = Math.min(
    widest(
      cells.map((cell) => cell.label),
      texts.columns.term,
    ),
    MAX_WIDTH - 2 * PAD - PLOT_WIDTH - 3 * GAP - 300,
  );
  const hrWidth = widest(
    cells.map((cell) => cell.hr),
    texts.columns.hr,
  );
  const plotLeft = PAD + labelWidth + GAP;
  const plotRight = plotLeft + PLOT_WIDTH;
  const hrRight = plotRight + GAP + hrWidth;
  const pRight =
    hrRight +
    GAP +
    widest(
      cells.map((cell) => cell.p),
      texts.columns.p,
    );
  const WIDTH = Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, Math.ceil(pRight + PAD)));
  const estimates = rows.flatMap((row) =>
    row.estimate ? [{ lower: row.estimate.hrLower, upper: row.estimate.hrUpper }] : [],
  );
  const domain = forestDomain(estimates);
  const x = (value: number) => plotLeft + 10 + forestX(value, domain, PLOT_WIDTH - 20);
  const out: string[] = [];

  let y = PAD + SIZE.title - 4;
  for (const line of wrapText(texts.title, WIDTH - 2 * PAD, SIZE.title)) {
    out.push(text(PAD, y, line, { 'font-size': SIZE.title, 'font-weight': 700 }));
    y += SIZE.title + 6;
  }
  y += 14;
  out.push(text(PAD, y, texts.columns.term, { 'font-weight': 700 }));
  out.push(text(hrRight, y, texts.columns.hr, { 'font-weight': 700, 'text-anchor': 'end' }));
  out.push(text(pRight, y, texts.columns.p, { 'font-weight': 700, 'text-anchor': 'end' }));
  out.push(tag('line', { x1: PAD, y1: y + 8, x2: pRight, y2: y + 8, stroke: MUTED, 'stroke-width': 1 }));
  const top = y + 12;
  const bottom = top + rows.length * ROW;
  out.push(tag('line', { x1: x(1), y1: top, x2: x(1), y2: bottom, stroke: LINE, 'stroke-dasharray': '4 4' }));
  rows.forEach((row, index) => {
    const middle = top + index * ROW + ROW / 2;
    const cell = cells[index];
    out.push(text(PAD, middle + 5, cell?.label ?? ''));
    out.push(
      text(
        hrRight,
        middle + 5,
        cell?.hr ?? '',
        row.estimate ? { 'text-anchor': 'end' } : { 'text-anchor': 'end', fill: MUTED },
      ),
    );
    out.push(text(pRight, middle + 5, cell?.p ?? '', { 'text-anchor': 'end' }));
    if (row.estimate) {
      out.push(
        tag('line', {
          x1: x(row.estimate.hrLower),
          y1: middle,
          x2: x(row.estimate.hrUpper),
          y2: middle,
          stroke: COLOR,
          'stroke-width': 2,
        }),
      );
      out.push(tag('rect', { x: x(row.estimate.hr) - 6, y: middle - 6, width: 12, height: 12, fill: COLOR }));
    } else {
      const at = x(1);
      out.push(
        tag('path', {
          d: `M${at} ${middle - 6}l6 6l-6 6l-6 -6z`,
          fill: '#ffffff',
          stroke: LINE,
          'stroke-width': 1.5,
        }),
      );
    }
  });
  // The log axis under the rows, its ticks in figures, and its title.
  out.push(tag('line', { x1: plotLeft, y1: bottom + 4, x2: plotRight, y2: bottom + 4, stroke: LINE }));
  for (const value of forestTicks(domain)) {
    out.push(tag('line', { x1: x(value), y1: bottom + 4, x2: x(value), y2: bottom + 10, stroke: LINE }));
    out.push(
      text(x(value), bottom + 26, tickText(value), { 'font-size': SIZE.axis, 'text-anchor': 'middle' }),
    );
  }
  y = bottom + 48;
  out.push(
    text((plotLeft + plotRight) / 2, y, texts.axis, { 'font-size': SIZE.axis, 'text-anchor': 'middle' }),
  );

  return svgDocument({
    body: out,
    y: y + 12,
    footer: texts.footer,
    title: texts.title,
    width: WIDTH,
  });
}
