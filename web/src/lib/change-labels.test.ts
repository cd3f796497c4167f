import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FIELD_KEYS, useChangeLabels } from './change-labels.ts';
import { i18n } from './i18n.ts';

describe('the labels of audited fields', () => {
  const keys = Object.entries(FIELD_KEYS).flatMap(([entity, fields]) =>
    Object.entries(fields).map(([field, key]) => ({ entity, field, key })),
  );

  it.each(['es', 'en'])('name every field with a text of the file or the wizard in %s', (language) => {
    const missing = keys.filter(({ key }) => !i18n.exists(key, { lng: language }));
    expect(missing).toEqual([]);
    const texts = keys.map(({ key }) => i18n.t(key as never, { lng: language }) as string);
    // No label is a raw column name.
    expect(texts.filter((text) => /^[a-z]+[A-Z_.]/.test(text))).toEqual([]);
  });
});

describe('the changes of a treatment', () => {
  const changes = {
    diseaseAssessment: { old: null, new: 'EP' },
    diseaseAssessmentDate: { old: null, new: '2025-02-20' },
    EMRStatus: { old: 'positive', new: 'negative' },
    EMRMethod: { old: null, new: 'flow' },
    EMRBlasts: { old: 1.5, new: 0.05 },
  };

  it.each([
    [
      'es',
      [
        ['Evaluación de la enfermedad', '—', 'EP (enfermedad progresiva)'],
        ['Fecha de la evaluación', '—', '20/02/2025'],
        ['Resultado de la EMR', 'Positiva', 'Negativa'],
        ['Método de la EMR', '—', 'Citometría de flujo'],
        ['Blastos EMR', '1,5', '0,05'],
      ],
    ],
    [
      'en',
      [
        ['Disease assessment', '—', 'PD (progressive disease)'],
        ['Assessment date', '—', '20/02/2025'],
        ['MRD result', 'Positive', 'Negative'],
        ['MRD method', '—', 'Flow cytometry'],
        ['MRD blasts', '1.5', '0.05'],
      ],
    ],
  ])('reads the response, its date and the MRD in %s, never as codes', async (language, expected) => {
    await i18n.changeLanguage(language);
    const { result } = renderHook(() => useChangeLabels());
    const none = i18n.t('patientCommon.noData');
    const shown = result.current
      .changesOf('treatment', changes)
      .map((change) => [change.label, change.old, change.new].map((text) => (text === none ? '—' : text)));
    expect(shown).toEqual(expected);
    await i18n.changeLanguage('es');
  });
});
