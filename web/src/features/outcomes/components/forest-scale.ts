/**
 * The log axis of a forest plot (hazard ratios): a domain that holds every interval and 1 (no effect),
 * round ticks within it, and where a ratio falls across a width.
 */

export interface ForestDomain {
  readonly low: number;
  readonly high: number;
}

/** The widest a forest plot reaches: a ratio beyond is drawn at the edge. */
const LIMIT = 1000;
const NICE = [
  0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000,
] as const;

/**
 * The domain of the axis: the lowest lower end and the highest upper end of the intervals, 1 always
 * inside, widened to the round values around them and kept within 1/1000–1000.
 */
export function forestDomain(intervals: readonly { lower: number; upper: number }[]): ForestDomain {
  const finite = (value: number, fallback: number) =>
    Number.isFinite(value) && value > 0 ? value : fallback;
  const low = Math.min(1, ...intervals.map((interval) => finite(interval.lower, 1 / LIMIT)));
  const high = Math.max(1, ...intervals.map((interval) => finite(interval.upper, LIMIT)));
  const roundLow = [...NICE].reverse().find((value) => value <= low) ?? NICE[0];
  const roundHigh = NICE.find((value) => value >= high) ?? LIMIT;
  return { low: roundLow, high: roundHigh };
}

/** Round ticks within the domain, 1 among them, no more than `max` (every other dropped, 1 kept). */
export function forestTicks(domain: ForestDomain, max = 7): number[] {
  let ticks: number[] = NICE.filter((value) => value >= domain.low && value <= domain.high);
  while (ticks.length > max) {
    const one = ticks.indexOf(1);
    ticks = ticks.filter((_, index) => (index - one) % 2 === 0);
  }
  return ticks;
}

/** Where a ratio falls from the left edge of a plot `width` wide, on the log scale, held within it. */
export function forestX(value: number, domain: ForestDomain, width: number): number {
  const span = Math.log(domain.high) - Math.log(domain.low);
  const clamped = Math.min(domain.high, Math.max(domain.low, value > 0 ? value : domain.low));
  return ((Math.log(clamped) - Math.log(domain.low)) / span) * width;
}
