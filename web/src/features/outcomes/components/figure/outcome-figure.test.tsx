import type { Incidence, Survival } from '@registry/shared';
import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../../lib/i18n.ts';
import { type Outcome, outcomeOfIncidence, outcomeOfSurvival } from '../curves.ts';
import { INCIDENCE, SURVIVAL } from '../test-outcomes.ts';
import { useOutcomeFigure } from './outcome-figure.ts';

const TODAY = new Date('2026-11-29T12:00:00Z');

/** The figure of an outcome in a language: its words, and its curves' strokes. */
async function figureOf(outcome: Outcome, language: 'es' | 'en', labels?: string[]) {
  await i18n.changeLanguage(language);
  const { result } = renderHook(() => useOutcomeFigure());
  const built = result.current({
    outcome,
    labels: labels ?? outcome.curves.map((curve) => String(curve.key)),
    title: 'Figure',
    filters: {},
    today: TODAY,
  });
  const document = new DOMParser().parseFromString(built.markup, 'image/svg+xml');
  const words = [...document.querySelectorAll('text')].map((node) =>
    (node.textContent ?? '').replaceAll('\u00a0', ' '),
  );
  return { document, words };
}

/** Two groups of an incidence from the first CR, one without a value, with Gray's tests of both causes. */
const FROM_CR: Incidence = {
  ...INCIDENCE,
  groupBy: 'eln2022',
  from: 'cr',
  groups: [
    { ...(INCIDENCE.groups[0] as Incidence['groups'][number]), key: 'favorable' },
    { ...(INCIDENCE.groups[0] as Incidence['groups'][number]), key: 'adverse' },
    { ...(INCIDENCE.groups[0] as Incidence['groups'][number]), key: null, n: 4 },
  ],
  grayTest: { stat: 4.2, df: 1, p: 0.0403 },
  grayTestNrm: { stat: 3.4, df: 1, p: 0.0637 },
};

describe('the downloaded figure', () => {
  afterEach(async () => {
    await i18n.changeLanguage('es');
  });

  it('labels its time axis and its number at risk from the first CR, in both languages', async () => {
    const outcome = outcomeOfSurvival({ ...SURVIVAL, endpoint: 'rfsCR' } as Survival);
    const es = await figureOf(outcome, 'es');
    expect(es.words).toContain('Meses desde la primera RC');
    expect(es.words).toContain('Número en riesgo (meses desde la primera RC)');
    expect(es.words).not.toContain('Meses desde el diagnóstico');
    const en = await figureOf(outcome, 'en');
    expect(en.words).toContain('Months from first CR');
    expect(en.words).toContain('Number at risk (months from first CR)');
  });

  it('labels its time axis from the landmark and says where the landmark falls', async () => {
    const outcome = outcomeOfSurvival({ ...SURVIVAL, endpoint: 'os', landmark: 183 });
    const es = await figureOf(outcome, 'es');
    expect(es.words).toContain('Meses desde el landmark, a 6 meses del diagnóstico');
    expect(es.words).toContain('Número en riesgo (meses desde el landmark, a 6 meses del diagnóstico)');
    const en = await figureOf(outcomeOfSurvival({ ...SURVIVAL, endpoint: 'rfsCR', landmark: 91 }), 'en');
    expect(en.words).toContain('Months from the landmark, 3 months after first CR');
  });

  it('carries the non-relapse mortality beside the relapses and names both of Gray’s tests with their p', async () => {
    const outcome = outcomeOfIncidence(FROM_CR);
    const es = await figureOf(outcome, 'es');
    expect(es.document.querySelectorAll('path[data-curve="nrm"]')).toHaveLength(3);
    expect(es.words).toContain('Prueba de Gray, recaída: p = 0,040');
    expect(es.words).toContain('Prueba de Gray, mortalidad sin recaída: p = 0,064');
    expect(es.words).toContain('A trazos, del mismo color: mortalidad sin recaída (riesgo competitivo).');
    expect(es.words).toContain(
      'Los 4 pacientes sin dato se muestran como curva («Sin dato») pero no entran en la prueba, como en R con un factor ausente.',
    );
    const en = await figureOf({ ...outcome, grayTestNrm: null }, 'en');
    expect(en.words).toContain('Gray’s test, relapse: p = 0.040');
    expect(en.words).toContain('Gray’s test, non-relapse mortality: no test');
    expect(en.words).toContain('Months from first CR');
  });

  it('colours the ELN groups by their risk: favourable green, adverse red, the unknown grey', async () => {
    const { document } = await figureOf(outcomeOfIncidence(FROM_CR), 'es');
    const strokes = [...document.querySelectorAll('path[data-curve="nrm"]')].map((path) =>
      path.getAttribute('stroke'),
    );
    expect(strokes).toEqual(['#1E7B34', '#C92A2A', '#343A40']);
  });
});
