import { describe, expect, it } from 'vitest';
import { isStorableText, nullableText, requiredText, searchText } from './text.ts';

describe('storable text', () => {
  it.each([
    ['Juan Pérez', true],
    ['emoji 🧬 paired', true],
    ['', true],
    ['nul \u0000 inside', false],
    ['lone high \ud83e', false],
    ['lone low \udddd here', false],
    ['reversed \udc00\ud800', false],
  ])('judges %j storable: %s', (value, expected) => {
    expect(isStorableText(value)).toBe(expected);
  });

  it('refuses a NUL or a lone surrogate in every kind of text field with one message', () => {
    for (const schema of [requiredText(100), nullableText(100), searchText(100)]) {
      for (const value of ['a\u0000b', 'a\ud800b']) {
        const parsed = schema.safeParse(value);
        expect(parsed.success).toBe(false);
        expect(parsed.error?.issues[0]?.message).toBe('validation.invalidCharacters');
      }
    }
  });
});
