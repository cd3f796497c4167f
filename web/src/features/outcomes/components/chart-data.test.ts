import { describe, expect, it } from 'vitest';
import {
  bandKey,
  censorKey,
  censorMarkTimes,
  chartRows,
  lineKey,
  seriesStyle,
  seriesStyles,
} from './chart-data.ts';
import { DAYS_PER_MONTH, outcomeOfIncidence, outcomeOfSurvival } from './curves.ts';
import { curveOf, INCIDENCE, SURVIVAL } from './test-outcomes.ts';

describe('the chart rows', () => {
  const rows = chartRows(outcomeOfSurvival(SURVIVAL).curves, 1, true);

  it('start at the origin, then every time of every curve in order, in months', () => {
    expect(rows.map((row) => Math.round(row.month * DAYS_PER_MONTH))).toEqual([
      0, 0, 100, 200, 400, 500, 800,
    ]);
    expect(rows[0]).toEqual({
      month: 0,
      [lineKey(0)]: 100,
      [bandKey(0)]: [100, 100],
      [lineKey(1)]: 100,
      [bandKey(1)]: [100, 100],
    });
  });

  it('give a curve values only at its own steps, as percentages with their band', () => {
    const day200 = rows.find((row) => Math.round(row.month * DAYS_PER_MONTH) === 200);
    expect(day200?.[lineKey(0)]).toBe(66.67);
    expect(day200?.[bandKey(0)]).toEqual([30, 100]);
    expect(day200?.[lineKey(1)]).toBeUndefined();
  });

  it('close a band where survival reaches 0, which has no interval', () => {
    const curve = curveOf(outcomeOfSurvival(SURVIVAL), 0);
    const steps = [
      { time: 50, atRisk: 2, events: 1, competing: 0, censored: 0, value: 0.5, lower: 0.1, upper: 1 },
      { time: 90, atRisk: 1, events: 1, competing: 0, censored: 0, value: 0, lower: null, upper: null },
    ];
    const closed = chartRows([{ ...curve, steps }], 1, true);
    expect(closed.map((row) => row[bandKey(0)])).toEqual([
      [100, 100],
      [10, 100],
      [10, 100],
    ]);
    expect(closed.at(-1)?.[lineKey(0)]).toBe(0);
  });

  it('mark the censorings on their own curve', () => {
    const censored = rows
      .filter((row) => row[censorKey(1)])
      .map((row) => Math.round(row.month * DAYS_PER_MONTH));
    expect(censored).toEqual([100, 500]);
  });

  it('draw the incidence rising from 0, without bands', () => {
    const incidence = chartRows(outcomeOfIncidence(INCIDENCE).curves, 0, false);
    expect(incidence[0]).toEqual({ month: 0, [lineKey(0)]: 0 });
    expect(incidence.at(-1)?.[lineKey(0)]).toBe(40);
    expect(incidence.some((row) => bandKey(0) in row)).toBe(false);
  });
});

describe('the curves’ styles', () => {
  it('differ in colour, then in dash once the colours repeat', () => {
    const first = seriesStyle(0);
    expect(seriesStyle(1).color).not.toBe(first.color);
    expect(seriesStyle(7)).toEqual({ color: first.color, dash: '8 4' });
  });

  it('thins the censoring marks of thousands of patients to one per gap, keeping the first of each run', () => {
    const steps = Array.from({ length: 3000 }, (_, day) => ({ time: day, censored: day % 2 === 0 ? 3 : 0 }));
    expect(censorMarkTimes(steps, 0).size).toBe(1500);
    const thinned = censorMarkTimes(steps, 30);
    expect(thinned.size).toBe(100);
    expect([...thinned].slice(0, 3)).toEqual([0, 30, 60]);
    const rows = chartRows(
      [
        {
          ...curveOf(outcomeOfSurvival(SURVIVAL), 0),
          steps: steps.map((step) => ({
            ...step,
            atRisk: 1,
            events: 0,
            competing: 0,
            value: 1,
            lower: null,
            upper: null,
          })),
        },
      ],
      1,
      false,
      30,
    );
    expect(rows.filter((row) => row[censorKey(0)]).length).toBe(100);
  });

  it('colours ELN groups and risk levels by their risk, adverse never green, and other groupings by position', () => {
    const [favorable, intermediate, adverse, insufficient, unknown] = seriesStyles('eln2022', [
      'favorable',
      'intermediate',
      'adverse',
      'insufficient',
      null,
    ]);
    expect(favorable?.color).toBe('#1E7B34');
    expect(intermediate?.color).toBe('#A86B00');
    expect(adverse?.color).toBe('#C92A2A');
    expect(insufficient?.color).toBe('#6C757D');
    expect(unknown).toEqual({ color: '#343A40', dash: '2 3' });
    // Adverse alone is still red, whatever its position.
    expect(seriesStyles('eln2022', ['adverse'])[0]?.color).toBe('#C92A2A');
    expect(seriesStyles('riskLevel', ['Bajo', 'Alto']).map((style) => style.color)).toEqual([
      '#1E7B34',
      '#C92A2A',
    ]);
    expect(seriesStyles('subtype', ['AML M2', 'ALL-B'])).toEqual([seriesStyle(0), seriesStyle(1)]);
  });
});
