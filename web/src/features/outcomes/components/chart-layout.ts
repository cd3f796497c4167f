/**
 * Where the chart's plot sits, so that the number-at-risk table below lines up with its x-axis ticks:
 * the table has a label column, then one equal column per tick; the plot runs from the centre of the
 * first tick column to the centre of the last.
 */
export interface ChartLayout {
  readonly height: number;
  /** A phone: smaller type and swatches in the table. */
  readonly narrow: boolean;
  /** The table's label column. */
  readonly labelWidth: number;
  /** Each tick's column in the table. */
  readonly columnWidth: number;
  /** The chart's y axis: the label column plus half a tick column. */
  readonly yAxisWidth: number;
  /** The chart's right margin: half a tick column. */
  readonly rightMargin: number;
}

/** Below this width (a phone), a shorter chart and a narrower label column. */
const NARROW = 560;
/** The narrowest tick column that still holds a four-digit count (narrower type on a phone). */
const minColumnOf = (width: number) => (width < NARROW ? 38 : 44);
/** More ticks than this clutter the axis however wide the screen. */
const MAX_TICKS = 11;
/** What jsdom measures (nothing) is taken as a laptop's width. */
const FALLBACK_WIDTH = 800;

const labelWidthOf = (width: number) => (width < NARROW ? 84 : 136);

/** How many ticks fit across `width` pixels. */
export function maxTicksFor(measured: number): number {
  const width = measured > 0 ? measured : FALLBACK_WIDTH;
  return Math.min(MAX_TICKS, Math.max(2, Math.floor((width - labelWidthOf(width)) / minColumnOf(width))));
}

export function chartLayout(measured: number, tickCount: number): ChartLayout {
  const width = measured > 0 ? measured : FALLBACK_WIDTH;
  const labelWidth = labelWidthOf(width);
  const columnWidth = (width - labelWidth) / Math.max(tickCount, 1);
  return {
    height: width < NARROW ? 280 : 380,
    narrow: width < NARROW,
    labelWidth,
    columnWidth,
    yAxisWidth: labelWidth + columnWidth / 2,
    rightMargin: columnWidth / 2,
  };
}
