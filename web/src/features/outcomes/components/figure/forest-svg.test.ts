import { describe, expect, it } from 'vitest';
import { buildForestFigure, type ForestInput } from './forest-svg.ts';

const INPUT: ForestInput = {
  rows: [
    { label: 'Trasplante: Alogénico', estimate: null },
    { label: 'Trasplante: Sin trasplante', estimate: { hr: 2.345, hrLower: 1.2, hrUpper: 4.58, p: 0.0123 } },
    {
      label: 'Edad al diagnóstico (por año): por año',
      estimate: { hr: 1.03, hrLower: 1.01, hrUpper: 1.05, p: 0.0004 },
    },
  ],
  language: 'es',
  texts: {
    title: 'Modelo de Cox de Supervivencia global: HR según Trasplante',
    columns: { term: 'Término', hr: 'HR (IC 95 %)', p: 'p' },
    axis: 'HR en escala logarítmica',
    reference: '1 (referencia)',
    footer: ['n = 120 pacientes, 45 eventos.', 'Razón de verosimilitud: χ² = 9,10, gl = 2, p = 0,011'],
  },
};

function figure(input: ForestInput = INPUT) {
  const built = buildForestFigure(input);
  const document = new DOMParser().parseFromString(built.markup, 'image/svg+xml');
  const words = [...document.querySelectorAll('text')].map((node) => node.textContent ?? '');
  return { built, document, words };
}

describe('the forest plot figure', () => {
  it('writes each term with its ratio, interval and p, the reference at 1, in the user’s language', () => {
    const { words, document } = figure();
    expect(document.querySelector('parsererror')).toBeNull();
    expect(words).toContain('Modelo de Cox de Supervivencia global: HR según Trasplante');
    expect(words).toEqual(expect.arrayContaining(['Término', 'HR (IC 95 %)', 'p']));
    expect(words).toContain('Trasplante: Alogénico');
    expect(words).toContain('1 (referencia)');
    expect(words).toContain('2,35 (1,20–4,58)');
    expect(words).toContain('p = 0,012');
    expect(words).toContain('HR en escala logarítmica');
    expect(words).toContain('n = 120 pacientes, 45 eventos.');
    const english = figure({ ...INPUT, language: 'en' }).words;
    expect(english).toContain('2.35 (1.20–4.58)');
  });

  it('draws a square and an interval per estimate, a diamond per reference, and a dashed line at 1', () => {
    const { document } = figure();
    expect(document.querySelectorAll('rect[fill="#0072B2"]')).toHaveLength(2);
    expect(document.querySelectorAll('path[fill="#ffffff"]')).toHaveLength(1);
    expect(document.querySelectorAll('line[stroke-dasharray="4 4"]')).toHaveLength(1);
  });

  it('ticks its log axis with round ratios, 1 among them', () => {
    const { words } = figure();
    expect(words).toContain('1');
    expect(words).toContain('2');
  });
});
