import type { SeriesStyle } from './chart-data.ts';

/** A short sample of a curve's line (colour and dash), as the legend and the tables show it. */
export function SeriesSwatch({
  style,
  width = 24,
}: {
  readonly style: SeriesStyle;
  readonly width?: number;
}) {
  return (
    <svg width={width} height={10} aria-hidden="true" focusable="false" style={{ flexShrink: 0 }}>
      <line
        x1={0}
        y1={5}
        x2={width}
        y2={5}
        stroke={style.color}
        strokeWidth={3}
        strokeDasharray={style.dash}
      />
    </svg>
  );
}
