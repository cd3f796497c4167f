import { z } from 'zod';

/**
 * Free text as the registry takes it (docs/product-rules.md#validation): PostgreSQL cannot store a NUL
 * character, and an unpaired UTF-16 surrogate is no character at all, so both are refused with a field
 * message wherever a client sends text — fields, list filters and audit filters alike.
 */

// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const UNPAIRED_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Whether a text can be stored: no NUL character and no unpaired surrogate. */
export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !UNPAIRED_SURROGATE.test(value);
}

/** Any string, refused when it cannot be stored. */
export const storableString = (error = 'validation.invalid') =>
  z.string({ error }).refine(isStorableText, { error: 'validation.invalidCharacters' });

/** A required, trimmed text of at most `max` characters. */
export const requiredText = (max: number) =>
  storableString('validation.required').trim().min(1, 'validation.required').max(max, 'validation.tooLong');

/** An optional free text: trimmed, empty becomes null. */
export const nullableText = (max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    storableString().trim().max(max, 'validation.tooLong').nullable(),
  );

/** The free text of a list's search or filter: trimmed, at most `max` characters. */
export const searchText = (max: number) => storableString().trim().max(max, 'validation.tooLong');
