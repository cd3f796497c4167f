import type { EarlyDeath } from '@registry/shared';
import { describe, expect, it } from 'vitest';
import { earlyDeathDays, earlyDeathRows } from './response-rows.ts';

const entry = (key: string | null, days: number, deaths: number, n: number) => ({
  key,
  days,
  n,
  deaths,
  proportion: deaths / n,
  lower: 0,
  upper: 1,
});

const ANSWER: EarlyDeath = {
  groupBy: 'ageBand',
  excluded: { noDiagnosisDate: 0 },
  groups: [entry('<40', 60, 2, 10), entry('<40', 30, 1, 10), entry(null, 30, 0, 4)],
};

describe('the early deaths as a table', () => {
  it('has the day counts ascending', () => {
    expect(earlyDeathDays(ANSWER)).toEqual([30, 60]);
  });

  it('has one row per group in the answer’s order, a cell per day count, and none where it is missing', () => {
    const rows = earlyDeathRows(ANSWER, [30, 60]);
    expect(rows.map((row) => row.key)).toEqual(['<40', null]);
    expect(rows[0]?.byDay.map((cell) => cell?.deaths)).toEqual([1, 2]);
    expect(rows[1]?.byDay[1]).toBeNull();
  });
});
