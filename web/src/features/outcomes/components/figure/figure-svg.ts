import { CENSOR_MARK_GAP_PX, censorMarkTimes, type SeriesStyle, seriesStyle } from '../chart-data.ts';
import {
  atRiskAt,
  type Curve,
  isIncidence,
  LANDMARK_DAYS,
  lastTime,
  nrmCurves,
  type OutcomeEndpoint,
  originValue,
} from '../curves.ts';
import { landmarkText, medianText, type NotReached } from '../estimates.ts';
import { countOf, pValue } from '../format.ts';
import { timeAxis, valueAxis } from './figure-axes.ts';
import { INK, MUTED, PAD, svgDocument, TABLE_SIZE, tag, text, textWidth } from './svg-text.ts';

/**
 * The outcome curves as a figure for a slide or a paper (CONTRACT §12): a standalone SVG document built
 * from the numbers the screen has — the curves with their censoring marks, the numbers at risk under
 * the ticks of the time axis, per group its n, events, median and time-point estimates (which double as
 * the legend), the test between the groups and its p, the filters in force and the date. The time axis
 * and the number-at-risk heading name the unit and the origin the curves count from (diagnosis, first
 * CR, landmark); an incidence of relapse carries its non-relapse mortality dashed beside it, and Gray's
 * tests of both. No page is
 * needed to build it, so the same string is the SVG download, the PNG's source and the PDF's.
 */

/** What the figure says, in the user's language. */
export interface FigureTexts {
  readonly title: string;
  /** 'Survival (%)' or 'Cumulative incidence (%)'. */
  readonly valueAxis: string;
  /** The time axis's title in each unit, naming the origin ("Years from first CR"). */
  readonly timeAxis: { readonly months: string; readonly years: string };
  /** The number-at-risk heading in each unit, naming the unit and the origin it counts in. */
  readonly atRisk: { readonly months: string; readonly years: string };
  readonly columns: {
    readonly group: string;
    readonly n: string;
    readonly events: string;
    /** The median's header (survival) or the competing deaths' (incidence). */
    readonly third: string;
    readonly year: (count: number) => string;
  };
  readonly notReached: NotReached;
  /**
   * The tests between the groups, each with its p as text or why there is none (the log-rank test;
   * Gray's of relapse and of non-relapse mortality); none for one group.
   */
  readonly comparisons: readonly (
    | { readonly p: number; readonly text: (p: string) => string }
    | { readonly reason: string }
  )[];
  /** Lines in small print at the foot: the notes, the filters in force, the date. */
  readonly footer: readonly string[];
}

export interface FigureInput {
  readonly endpoint: OutcomeEndpoint;
  readonly curves: readonly Curve[];
  readonly labels: readonly string[];
  /** Each curve's colour and dash, as on the screen (`curveStyles`); by position when absent. */
  readonly styles?: readonly SeriesStyle[];
  readonly language: string;
  readonly texts: FigureTexts;
}

export interface Figure {
  readonly markup: string;
  readonly width: number;
  readonly height: number;
}

export const FIGURE_WIDTH = 1200;
const GRID = '#dee2e6';
const SIZE = { title: 24, axis: 15, axisTitle: 16 } as const;
const PLOT_HEIGHT = 400;
const ROW = 22;
const SWATCH = 22;
/** A group's name is cut beyond this width, so that the plot keeps its room. */
const MAX_LABEL_WIDTH = 340;
const COLUMN_GAP = 28;
/** The dash of a non-relapse mortality curve, as on the screen (outcome-chart.tsx's NRM_DASH). */
const NRM_FIGURE_DASH = '6 4';

/** `label` cut with an ellipsis to fit `width` at `size`. */
function ellipsized(label: string, width: number, size: number): string {
  if (textWidth(label, size) <= width) {
    return label;
  }
  let cut = label;
  while (cut.length > 1 && textWidth(`${cut}…`, size) > width) {
    cut = cut.slice(0, -1);
  }
  return `${cut.trimEnd()}…`;
}

/** A short line in the curve's colour and dash, as in the legend. */
function swatch(style: SeriesStyle, x: number, y: number): string {
  return tag('line', {
    x1: x,
    y1: y,
    x2: x + SWATCH - 4,
    y2: y,
    stroke: style.color,
    'stroke-width': 3,
    'stroke-dasharray': style.dash,
  });
}

/** Builds the figure's SVG document. */
export function buildFigure({ endpoint, curves, labels, styles, language, texts }: FigureInput): Figure {
  const incidence = isIncidence(endpoint);
  const origin = originValue(endpoint);
  const styleOf = (index: number) => styles?.[index] ?? seriesStyle(index);
  const nrm = incidence ? nrmCurves(curves) : [];
  const last = lastTime(curves);
  const time = timeAxis(last);
  const highest = [...curves, ...nrm].reduce(
    (top, curve) => curve.steps.reduce((value, step) => Math.max(value, step.value), top),
    origin,
  );
  const values = valueAxis(incidence, highest);
  const names = labels.map((label) => ellipsized(label, MAX_LABEL_WIDTH, TABLE_SIZE));
  const out: string[] = [];

  // Horizontal layout: the groups' names at the left of the numbers at risk share the y axis's margin.
  const namesWidth = Math.max(...names.map((name) => textWidth(name, TABLE_SIZE)), 0) + SWATCH + 8;
  const yAxisWidth = SIZE.axisTitle + 12 + textWidth(String(values.top), SIZE.axis) + 10;
  const plotLeft = PAD + Math.max(namesWidth + 24, yAxisWidth);
  const lastTick = time.ticks.at(-1) ?? 1;
  const plotRight = FIGURE_WIDTH - PAD - textWidth(countOf(lastTick, language), SIZE.axis) / 2 - 4;
  const x = (day: number) => plotLeft + (day / (lastTick * time.daysPerUnit)) * (plotRight - plotLeft);
  let y = PAD + SIZE.title - 4;
  out.push(text(PAD, y, texts.title, { 'font-size': SIZE.title, 'font-weight': 700 }));

  // The plot: grid, axes, curves and censoring marks.
  const plotTop = y + 26;
  const plotBottom = plotTop + PLOT_HEIGHT;
  const yOf = (value: number) => plotBottom - (value * 100 * PLOT_HEIGHT) / values.top;
  for (const tick of values.ticks) {
    const at = yOf(tick / 100);
    out.push(tag('line', { x1: plotLeft, y1: at, x2: plotRight, y2: at, stroke: GRID, 'stroke-width': 1 }));
    out.push(
      text(plotLeft - 8, at + 5, countOf(tick, language), { 'font-size': SIZE.axis, 'text-anchor': 'end' }),
    );
  }
  const axisMiddle = (plotTop + plotBottom) / 2;
  out.push(
    text(PAD + SIZE.axisTitle - 2, axisMiddle, texts.valueAxis, {
      'font-size': SIZE.axisTitle,
      'text-anchor': 'middle',
      transform: `rotate(-90 ${PAD + SIZE.axisTitle - 2} ${axisMiddle})`,
    }),
  );
  out.push(
    tag('path', {
      d: `M${plotLeft} ${plotTop}V${plotBottom}H${plotRight}`,
      fill: 'none',
      stroke: INK,
      'stroke-width': 1.5,
    }),
  );
  for (const tick of time.ticks) {
    const at = x(tick * time.daysPerUnit);
    out.push(
      tag('line', { x1: at, y1: plotBottom, x2: at, y2: plotBottom + 6, stroke: INK, 'stroke-width': 1.5 }),
    );
    out.push(
      text(at, plotBottom + 24, countOf(tick, language), { 'font-size': SIZE.axis, 'text-anchor': 'middle' }),
    );
  }
  out.push(
    text((plotLeft + plotRight) / 2, plotBottom + 50, texts.timeAxis[time.unit], {
      'font-size': SIZE.axisTitle,
      'text-anchor': 'middle',
    }),
  );
  // Censoring marks at most one per few pixels (CENSOR_MARK_GAP_PX says why).
  const censorGapDays = (lastTick * time.daysPerUnit * CENSOR_MARK_GAP_PX) / (plotRight - plotLeft);
  // Each group's non-relapse mortality, dashed in its colour, under the incidences of relapse.
  nrm.forEach((curve, index) => {
    let d = `M${x(0).toFixed(2)} ${yOf(0).toFixed(2)}`;
    for (const step of curve.steps) {
      d += `H${x(step.time).toFixed(2)}V${yOf(step.value).toFixed(2)}`;
    }
    out.push(
      tag('path', {
        d,
        fill: 'none',
        stroke: styleOf(index).color,
        'stroke-width': 2,
        'stroke-dasharray': NRM_FIGURE_DASH,
        'data-curve': 'nrm',
      }),
    );
  });
  curves.forEach((curve, index) => {
    const style = styleOf(index);
    let d = `M${x(0).toFixed(2)} ${yOf(origin).toFixed(2)}`;
    let marks = '';
    const marked = censorMarkTimes(curve.steps, censorGapDays);
    for (const step of curve.steps) {
      d += `H${x(step.time).toFixed(2)}V${yOf(step.value).toFixed(2)}`;
      if (marked.has(step.time)) {
        const at = x(step.time).toFixed(2);
        marks += `M${at} ${(yOf(step.value) - 5).toFixed(2)}v10`;
      }
    }
    out.push(
      tag('path', {
        d,
        fill: 'none',
        stroke: style.color,
        'stroke-width': 2.5,
        'stroke-dasharray': style.dash,
        'stroke-linejoin': 'round',
      }),
    );
    if (marks !== '') {
      out.push(
        tag('path', {
          d: marks,
          fill: 'none',
          stroke: style.color,
          'stroke-width': 1.5,
          'data-censor-marks': marked.size,
        }),
      );
    }
  });

  // The numbers at risk, each under its tick.
  y = plotBottom + 84;
  out.push(text(PAD, y, texts.atRisk[time.unit], { 'font-weight': 700, 'data-test': 'at-risk' }));
  curves.forEach((curve, index) => {
    y += ROW;
    out.push(swatch(styleOf(index), PAD, y - 5));
    out.push(text(PAD + SWATCH, y, names[index] ?? ''));
    for (const tick of time.ticks) {
      out.push(
        text(x(tick * time.daysPerUnit), y, countOf(atRiskAt(curve, tick * time.daysPerUnit), language), {
          'text-anchor': 'middle',
          'data-at-risk': tick,
        }),
      );
    }
  });

  // Per group: n, events, the median (or the competing deaths) and the estimates the follow-up reaches.
  const days = LANDMARK_DAYS.filter((day) => day <= last);
  const header = [
    texts.columns.group,
    texts.columns.n,
    texts.columns.events,
    texts.columns.third,
    ...days.map((day) => texts.columns.year(Math.round(day / 365))),
  ];
  const rows = curves.map((curve, index) => [
    names[index] ?? '',
    countOf(curve.n, language),
    countOf(curve.events, language),
    incidence ? countOf(curve.competing ?? 0, language) : medianText(curve, language, texts.notReached),
    ...days.map((day) => landmarkText(curve, day, endpoint, language)),
  ]);
  const widths = header.map((cell, column) =>
    Math.max(
      textWidth(cell, TABLE_SIZE, true),
      ...rows.map((row) => textWidth(row[column] ?? '', TABLE_SIZE) + (column === 0 ? SWATCH : 0)),
    ),
  );
  // Column 0 is left-aligned from the margin; the others end at their right edge.
  const edges: number[] = [];
  let edge = PAD + (widths[0] ?? 0);
  for (let column = 1; column < header.length; column++) {
    edge += COLUMN_GAP + (widths[column] ?? 0);
    edges[column] = edge;
  }
  y += 40;
  header.forEach((cell, column) => {
    out.push(
      column === 0
        ? text(PAD, y, cell, { 'font-weight': 700 })
        : text(edges[column] ?? 0, y, cell, { 'font-weight': 700, 'text-anchor': 'end' }),
    );
  });
  out.push(tag('line', { x1: PAD, y1: y + 7, x2: edge, y2: y + 7, stroke: MUTED, 'stroke-width': 1 }));
  rows.forEach((row, index) => {
    y += ROW + 2;
    out.push(swatch(styleOf(index), PAD, y - 5));
    row.forEach((cell, column) => {
      out.push(
        column === 0
          ? text(PAD + SWATCH, y, cell)
          : text(edges[column] ?? 0, y, cell, { 'text-anchor': 'end' }),
      );
    });
  });

  texts.comparisons.forEach((comparison, index) => {
    y += index === 0 ? 34 : ROW;
    const line = 'p' in comparison ? comparison.text(pValue(comparison.p, language)) : comparison.reason;
    out.push(text(PAD, y, line, { 'font-weight': 700, 'data-test': 'comparison' }));
  });

  return svgDocument({
    body: out,
    y: y + 12,
    footer: texts.footer,
    title: texts.title,
    width: FIGURE_WIDTH,
  });
}
