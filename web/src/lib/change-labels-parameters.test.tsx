import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useChangeLabels } from './change-labels.ts';
import { i18n } from './i18n.ts';

describe('the parameters of a query or an export in the audit trail', () => {
  it.each([
    ['es', 'Desenlace: Supervivencia global; Agrupado por: Subtipo; Filas por página: 10; Página: 0'],
    ['en', 'Outcome: Overall survival; Grouped by: Subtype; Rows per page: 10; Page: 0'],
  ])('are named in words in %s, a size being rows and not kilobytes', async (language, expected) => {
    await i18n.changeLanguage(language);
    const { result } = renderHook(() => useChangeLabels());
    const [change] = result.current.changesOf('outcomes', {
      query: { old: null, new: { endpoint: 'os', groupBy: 'subtype', size: 10, page: 0 } },
    });
    expect(change?.new).toBe(expected);
    expect(change?.new).not.toMatch(/KB|Otros datos|Other data/);
  });

  it('keeps the size of a file in kilobytes', async () => {
    await i18n.changeLanguage('en');
    const { result } = renderHook(() => useChangeLabels());
    expect(result.current.valueLabel('file', 'size', 2048)).toBe('2 KB');
  });
});
