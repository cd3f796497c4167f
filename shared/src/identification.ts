/**
 * When two patients' identifications are the same (docs/product-rules.md#records): compared after
 * Unicode NFKC folding (full-width `ＮＣ4` is `NC4`), with every dash and minus sign as `-` (`NC4–T001`
 * is `NC4-T001`), without white space and without letter case. The text is stored as typed; only the
 * comparison folds. The database keeps the same key (`registry_identification_key`, generated from
 * `IDENTIFICATION_KEY_TRANSLATION` by the server), so that uniqueness holds whoever writes a row.
 */

/**
 * The characters with Unicode's Dash property, the minus sign among them, other than `-` itself; NFKC
 * already makes `-` of a few of them (`－`, `﹣`), the others stay as they are and are read as `-`.
 */
export const IDENTIFICATION_DASHES = [
  '\u058a',
  '\u05be',
  '\u1400',
  '\u1806',
  '\u2010',
  '\u2011',
  '\u2012',
  '\u2013',
  '\u2014',
  '\u2015',
  '\u2053',
  '\u207b',
  '\u208b',
  '\u2212',
  '\u2e17',
  '\u2e1a',
  '\u2e3a',
  '\u2e3b',
  '\u2e40',
  '\u2e5d',
  '\u301c',
  '\u3030',
  '\u30a0',
  '\ufe31',
  '\ufe32',
  '\ufe58',
  '\ufe63',
  '\uff0d',
  '\u{10d6e}',
  '\u{10ead}',
] as const;

/** White space, left out of the comparison (after NFKC, which makes a plain space of most others). */
export const IDENTIFICATION_SPACES = [
  '\t',
  '\n',
  '\v',
  '\f',
  '\r',
  ' ',
  '\u0085',
  '\u00a0',
  '\u1680',
  '\u2000',
  '\u2001',
  '\u2002',
  '\u2003',
  '\u2004',
  '\u2005',
  '\u2006',
  '\u2007',
  '\u2008',
  '\u2009',
  '\u200a',
  '\u2028',
  '\u2029',
  '\u202f',
  '\u205f',
  '\u3000',
  '\ufeff',
] as const;

/**
 * The fold after NFKC as one translation, as SQL's `translate(text, from, to)` reads it: each character
 * of `from` becomes the character at its place in `to`, and those past the end of `to` are left out —
 * the dashes first (each becomes `-`), then the spaces (left out).
 */
export const IDENTIFICATION_KEY_TRANSLATION = {
  from: [...IDENTIFICATION_DASHES, ...IDENTIFICATION_SPACES].join(''),
  to: '-'.repeat(IDENTIFICATION_DASHES.length),
} as const;

const TRANSLATED = new Map<string, string>([
  ...IDENTIFICATION_DASHES.map((dash) => [dash, '-'] as const),
  ...IDENTIFICATION_SPACES.map((space) => [space, ''] as const),
]);
const TRANSLATED_PATTERN = new RegExp(`[${[...TRANSLATED.keys()].join('')}]`, 'gu');

/** The key two identifications are compared by: NFKC, dashes as `-`, no white space, lower case. */
export function identificationKey(identification: string): string {
  return identification
    .normalize('NFKC')
    .replace(TRANSLATED_PATTERN, (character) => TRANSLATED.get(character) ?? character)
    .toLowerCase();
}

/** Whether two identifications are the same one (`identificationKey`). */
export function sameIdentification(a: string, b: string): boolean {
  return identificationKey(a) === identificationKey(b);
}
