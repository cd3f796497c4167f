/**
 * A text as the import compares it: accents stripped (`Fecha de diagnóstico` = `fecha de diagnostico`),
 * case folded, every run of punctuation or white space one space, trimmed (`F. nac.` = `f nac`,
 * `aml-m2` = `AML M2`). `ñ` keeps its tilde: `año` is not `ano`. Superscripts and other compatibility
 * forms become their plain characters (`×10⁹/L` = `109 l`).
 */
export function normalise(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/n\u0303/gi, (match) => (match[0] === 'N' ? 'Ñ' : 'ñ'))
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * The abbreviations of "número" before what they number: `Nº`, `N°`, `N.º`, `Nª`, `Nro.`, `Nro`, `Núm.`,
 * `Num`, and `No.` when a word or a number follows it (a plain `No` is a word of its own). The ordinal
 * sign is `º`, but keyboards give `°` (a degree) and `ª` as often.
 */
const NUMBER_SIGN =
  /(?<![\p{L}\p{N}])n(?:\.?\s?[º°ª˚]|ro(?![\p{L}\p{N}])\.?|[uú]m(?![\p{L}\p{N}])\.?|o\.(?=\s*[\p{L}\p{N}]))/giu;
/** An ordinal sign after a number (`1º`, `1°`, `2ª`): the number alone. */
const ORDINAL_SIGN = /(?<=\p{N})\s?[º°ª˚]/gu;

/**
 * A header as the guessing compares it (`import-guess.ts`): normalised, with "número" however it is
 * abbreviated written out (`Nº HC` = `N° HC` = `Nro. HC` = `numero hc`) and an ordinal's sign dropped
 * (`1º` = `1° ` = `1`). Only headers: a cell's `No.` is a no.
 */
export function normaliseHeader(text: string): string {
  return normalise(text.replace(NUMBER_SIGN, ' número ').replace(ORDINAL_SIGN, ''));
}
