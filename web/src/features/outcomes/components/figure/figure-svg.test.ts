import { describe, expect, it } from 'vitest';
import type { Curve } from '../curves.ts';
import { timeAxis, valueAxis } from './figure-axes.ts';
import { buildFigure, type FigureInput, type FigureTexts } from './figure-svg.ts';

type StepTuple = [time: number, atRisk: number, events: number, censored: number, value: number];

/** A curve from its steps; `competing` deaths only for the incidence. */
function curve(key: string, steps: StepTuple[], median: number | null = null): Curve {
  return {
    key,
    n: steps[0]?.[1] ?? 0,
    events: steps.reduce((sum, step) => sum + step[2], 0),
    competing: null,
    nrm: null,
    median,
    medianLower: median === null ? null : median - 100,
    medianUpper: null,
    steps: steps.map(([time, atRisk, events, censored, value]) => ({
      time,
      atRisk,
      events,
      competing: 0,
      censored,
      value,
      lower: null,
      upper: null,
    })),
  };
}

/** Followed for about eight years: 3,000 days. */
const LONG = [
  curve(
    'AML',
    [
      [200, 10, 2, 0, 0.8],
      [432, 8, 1, 1, 0.7],
      [900, 6, 2, 0, 0.46667],
      [3000, 4, 0, 4, 0.46667],
    ],
    432,
  ),
  curve('ALL', [
    [100, 5, 0, 1, 1],
    [2000, 4, 1, 3, 0.75],
  ]),
];

const TEXTS: FigureTexts = {
  title: 'Supervivencia global: Subtipo',
  valueAxis: 'Supervivencia (%)',
  timeAxis: { months: 'Meses desde el diagnóstico', years: 'Años desde el diagnóstico' },
  atRisk: {
    months: 'Número en riesgo (meses desde el diagnóstico)',
    years: 'Número en riesgo (años desde el diagnóstico)',
  },
  columns: {
    group: 'Grupo',
    n: 'n',
    events: 'Eventos',
    third: 'Mediana (IC 95 %), meses',
    year: (count) => `${count} año${count === 1 ? '' : 's'}`,
  },
  notReached: { median: 'no alcanzada', bound: 'NA', interval: 'IC 95 % no alcanzado' },
  comparisons: [{ p: 0.0321, text: (p) => `Prueba de log-rank entre los grupos: ${p}` }],
  footer: ['Filtros: Subtipo: AML M2.', 'Generado el 26 de noviembre de 2026.'],
};

function figure(overrides: Partial<FigureInput> = {}) {
  const built = buildFigure({
    endpoint: 'os',
    curves: LONG,
    labels: ['AML M2', 'ALL-B'],
    language: 'es',
    texts: TEXTS,
    ...overrides,
  });
  const document = new DOMParser().parseFromString(built.markup, 'image/svg+xml');
  const texts = [...document.querySelectorAll('text')];
  // Intl puts a no-break space before the Spanish per cent sign.
  const words = texts.map((node) => (node.textContent ?? '').replaceAll('\u00a0', ' '));
  return { built, document, texts, words };
}

describe('the axes of the figure', () => {
  it('counts months for a short follow-up and years once it passes three years', () => {
    expect(timeAxis(500)).toMatchObject({ unit: 'months', ticks: [0, 2, 4, 6, 8, 10, 12, 14, 16, 18] });
    expect(timeAxis(3000)).toMatchObject({ unit: 'years', ticks: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] });
    expect(timeAxis(20 * 365.25).ticks).toEqual([0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20]);
  });

  it('scales the incidence to its highest value and keeps survival on 0–100 %', () => {
    expect(valueAxis(true, 0.18)).toEqual({ top: 20, ticks: [0, 5, 10, 15, 20] });
    expect(valueAxis(true, 0.04)).toEqual({ top: 5, ticks: [0, 1, 2, 3, 4, 5] });
    expect(valueAxis(true, 0.55).top).toBe(60);
    expect(valueAxis(false, 1)).toEqual({ top: 100, ticks: [0, 25, 50, 75, 100] });
  });
});

describe('the figure of the curves', () => {
  it('draws the time axis in years for a long follow-up', () => {
    const { words } = figure();
    expect(words).toContain('Años desde el diagnóstico');
    expect(words).not.toContain('Meses desde el diagnóstico');
    for (const year of ['0', '1', '5', '9']) {
      expect(words).toContain(year);
    }
  });

  it('scales the incidence axis to the data', () => {
    const incidence = [
      curve('x', [
        [100, 20, 2, 0, 0.1],
        [300, 18, 2, 1, 0.18],
      ]),
    ];
    const { words } = figure({ endpoint: 'cir', curves: incidence, labels: ['Todos'] });
    expect(words).toEqual(expect.arrayContaining(['0', '5', '10', '15', '20']));
    expect(words).not.toContain('100');
    expect(words).not.toContain('25');
  });

  it('puts every number at risk under its tick, as the screen counts them', () => {
    const { texts } = figure();
    const atRisk = texts.filter((node) => node.hasAttribute('data-at-risk'));
    // Two groups, ten ticks (0 to 9 years).
    expect(atRisk).toHaveLength(20);
    const tickLabel = (year: string) =>
      texts.find((node) => node.textContent === year && node.getAttribute('text-anchor') === 'middle');
    for (const node of atRisk) {
      const tick = tickLabel(node.getAttribute('data-at-risk') ?? '');
      expect(node.getAttribute('x')).toBe(tick?.getAttribute('x'));
    }
    const row = (group: number) => atRisk.slice(group * 10, group * 10 + 10).map((node) => node.textContent);
    // AML: 10 at the start; 8 at a year (two deaths at day 200); 6 at two (a death and a censoring at
    // day 432); 4 from the third (two deaths at day 900) until the last are censored at day 3,000.
    expect(row(0)).toEqual(['10', '8', '6', '4', '4', '4', '4', '4', '4', '0']);
    expect(row(1)).toEqual(['5', '4', '4', '4', '4', '4', '0', '0', '0', '0']);
  });

  it('writes the decimals with a comma in Spanish and a point in English', () => {
    const spanish = figure().words;
    expect(spanish).toContain('14,2 (10,9–NA)');
    expect(spanish).toContain('Prueba de log-rank entre los grupos: p = 0,032');
    expect(spanish).toContain('70,0 %');
    const english = figure({ language: 'en' }).words;
    expect(english).toContain('14.2 (10.9–NA)');
    expect(english).toContain('Prueba de log-rank entre los grupos: p = 0.032');
    expect(english).toContain('70.0%');
  });

  it('gives each group its n, events, median and the estimates its follow-up reaches', () => {
    const { words } = figure();
    expect(words).toEqual(expect.arrayContaining(['Grupo', 'n', 'Eventos', '1 año', '2 años', '5 años']));
    expect(words).toContain('no alcanzada');
    const short = figure({
      curves: [
        curve('a', [
          [100, 4, 1, 0, 0.75],
          [500, 3, 0, 3, 0.75],
        ]),
      ],
      labels: ['Todos'],
    }).words;
    expect(short).toContain('1 año');
    expect(short).not.toContain('2 años');
    expect(short).toContain('Meses desde el diagnóstico');
  });

  it('says why there is no test when there is none, and prints the filters and the date', () => {
    const { words } = figure({
      texts: { ...TEXTS, comparisons: [{ reason: 'Con un solo grupo no hay comparación.' }] },
    });
    expect(words).toContain('Con un solo grupo no hay comparación.');
    expect(words.some((word) => word.startsWith('p ='))).toBe(false);
    expect(words).toContain('Filtros: Subtipo: AML M2.');
    expect(words).toContain('Generado el 26 de noviembre de 2026.');
  });

  it('fits its content with no empty margin below and escapes its text', () => {
    const { built, document } = figure({ labels: ['<40 & más', 'ALL-B'] });
    expect(document.querySelector('parsererror')).toBeNull();
    expect(built.markup).toContain('&lt;40 &amp; más');
    const baselines = [...document.querySelectorAll('text')].map((node) => Number(node.getAttribute('y')));
    expect(built.height - Math.max(...baselines)).toBeLessThanOrEqual(24);
    expect(document.documentElement.getAttribute('viewBox')).toBe(`0 0 ${built.width} ${built.height}`);
  });
});
