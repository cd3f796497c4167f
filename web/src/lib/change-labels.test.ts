import { describe, expect, it } from 'vitest';
import { FIELD_KEYS } from './change-labels.ts';
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
