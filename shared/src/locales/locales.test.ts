import { describe, expect, it } from 'vitest';
import { ELN_TEXTS, en, es, pickLanguage, translateKey } from './index.ts';

/** Every key path of a nested texts object, such as `errors.NOT_FOUND`. */
function keysOf(texts: object, prefix = ''): string[] {
  return Object.entries(texts).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? keysOf(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

describe('shared texts', () => {
  it('has exactly the same keys in es and en', () => {
    expect(keysOf(en).sort()).toEqual(keysOf(es).sort());
  });

  it('has no empty text in either language', () => {
    for (const texts of [es, en]) {
      for (const key of keysOf(texts)) {
        const text = key
          .split('.')
          .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], texts);
        expect(typeof text).toBe('string');
        expect(String(text).trim()).not.toBe('');
      }
    }
  });

  it('has the ELN reasons in the same keys in both languages, none empty', () => {
    expect(keysOf(ELN_TEXTS.en).sort()).toEqual(keysOf(ELN_TEXTS.es).sort());
    for (const texts of [ELN_TEXTS.es, ELN_TEXTS.en]) {
      for (const key of keysOf(texts)) {
        const text = key
          .split('.')
          .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], texts);
        expect(String(text).trim()).not.toBe('');
      }
    }
  });

  it('translates a message key, and leaves an unknown key as it is', () => {
    expect(translateKey('es', 'validation.required')).toBe(es.validation.required);
    expect(translateKey('en', 'validation.required')).toBe(en.validation.required);
    expect(translateKey('en', 'validation.nothingLikeThis')).toBe('validation.nothingLikeThis');
  });
});

describe('pickLanguage', () => {
  it.each([
    [undefined, 'es'],
    ['', 'es'],
    ['en', 'en'],
    ['es', 'es'],
    ['en-US,en;q=0.9', 'en'],
    ['fr, en;q=0.5', 'en'],
    ['de', 'es'],
    ['EN-gb', 'en'],
    ['es;q=0.4, en;q=0.8', 'en'],
    ['en;q=0, es;q=0.1', 'es'],
  ])('picks %s as %s', (header, language) => {
    expect(pickLanguage(header)).toBe(language);
  });
});
