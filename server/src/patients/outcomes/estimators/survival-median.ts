import type { KaplanMeierStep } from './kaplan-meier.ts';

/** A median time in days with its 95% interval; `null` where not reached (R's NA). */
export interface MedianEstimate {
  readonly median: number | null;
  readonly lower: number | null;
  readonly upper: number | null;
}

/**
 * R's tolerance for "exactly one half" (`.Machine$double.eps^0.5`): a product such as 5/6 · 4/5 · 3/4
 * lands a rounding error away from 0.5, and R still treats it as 0.5.
 */
const TOLERANCE = Math.sqrt(Number.EPSILON);

/**
 * The median survival and its 95% interval exactly as `print(survfit(...))` shows them (`median`,
 * `0.95LCL`, `0.95UCL`, from `survival:::survmean`). The limits are where the lower and the upper curve
 * cross one half, so the lower limit comes from the lower curve.
 */
export function survivalMedian(steps: readonly KaplanMeierStep[]): MedianEstimate {
  return {
    median: halfwayTime(steps, 'survival'),
    lower: halfwayTime(steps, 'lower'),
    upper: halfwayTime(steps, 'upper'),
  };
}

/**
 * R's `minmin` inside `survmean`: the first time the curve is at or below one half, ignoring NA values
 * (a limit is NA once survival is 0, so a limit that has not crossed one half by then stays NA). When
 * the curve sits exactly at one half, the median is the midpoint between that time and the first time
 * the curve drops below it — censorings in between do not count, as they do not move the curve; if it
 * never drops, the time it reached one half. The upper limit is not monotone (it is capped at 1 and
 * widens as patients leave), which is why this reads the values in order rather than searching.
 */
function halfwayTime(
  steps: readonly KaplanMeierStep[],
  curve: 'survival' | 'lower' | 'upper',
): number | null {
  let first: KaplanMeierStep | null = null;
  for (const step of steps) {
    const value = step[curve];
    if (value === null || !(value < 0.5 + TOLERANCE)) {
      continue;
    }
    if (!first) {
      first = step;
      if (Math.abs(value - 0.5) >= TOLERANCE) {
        return step.time;
      }
    } else if (value < (first[curve] ?? 0)) {
      return (first.time + step.time) / 2;
    }
  }
  return first ? first.time : null;
}
