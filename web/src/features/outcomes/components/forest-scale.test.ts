import { describe, expect, it } from 'vitest';
import { forestDomain, forestTicks, forestX } from './forest-scale.ts';

describe('the log axis of the forest plot', () => {
  it('holds every interval and 1, widened to round values', () => {
    expect(forestDomain([{ lower: 1.3, upper: 3.4 }])).toEqual({ low: 1, high: 5 });
    expect(forestDomain([{ lower: 0.42, upper: 0.9 }])).toEqual({ low: 0.2, high: 1 });
    expect(
      forestDomain([
        { lower: 0.3, upper: 1.5 },
        { lower: 1.1, upper: 12 },
      ]),
    ).toEqual({ low: 0.2, high: 20 });
  });

  it('keeps an infinite or zero end within 1/1000–1000', () => {
    expect(forestDomain([{ lower: 0, upper: Number.POSITIVE_INFINITY }])).toEqual({ low: 0.001, high: 1000 });
  });

  it('has round ticks with 1 among them, thinned to the most it may show', () => {
    expect(forestTicks({ low: 0.2, high: 5 })).toEqual([0.2, 0.5, 1, 2, 5]);
    const thinned = forestTicks({ low: 0.001, high: 1000 });
    expect(thinned.length).toBeLessThanOrEqual(7);
    expect(thinned).toContain(1);
  });

  it('places ratios on a log scale: 1 in the middle of 0.5–2, the ends at the edges', () => {
    const domain = { low: 0.5, high: 2 };
    expect(forestX(1, domain, 200)).toBeCloseTo(100);
    expect(forestX(0.5, domain, 200)).toBeCloseTo(0);
    expect(forestX(2, domain, 200)).toBeCloseTo(200);
    expect(forestX(50, domain, 200)).toBeCloseTo(200);
  });
});
