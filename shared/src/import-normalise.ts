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
