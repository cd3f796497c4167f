import { describe, expect, it } from 'vitest';
import en from './en/translation.json';
import es from './es/translation.json';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) {
    return [prefix];
  }
  return Object.entries(value).flatMap(([key, inner]) => keys(inner, prefix ? `${prefix}.${key}` : key));
}

describe('translations', () => {
  it('Spanish and English have exactly the same keys', () => {
    expect(keys(en).sort()).toEqual(keys(es).sort());
  });

  it('no text is empty', () => {
    for (const table of [es, en]) {
      for (const key of keys(table)) {
        const text = key
          .split('.')
          .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], table);
        expect(text, key).not.toBe('');
      }
    }
  });
});
