import type { Language } from './index.ts';

/**
 * The karyotype reader's messages (`karyotype.<key>`, with `{{line}}`, `{{text}}`, `{{count}}`…): what the
 * genetics panel shows as a text is typed and what the server words in its answers. Kept apart from the
 * texts every screen loads (the sign-in page's budget, docs/decisions/016-first-load-budget.md).
 */
export const KARYOTYPE_TEXTS: Record<Language, Record<string, string>> = {
  es: {
    tooLong: 'El texto tiene {{length}} caracteres; se leen hasta {{max}}.',
    emptyLine: 'La línea celular {{line}} está vacía.',
    countFirst: 'Línea {{line}}: primero va el número de cromosomas, no «{{text}}».',
    notCount: 'Línea {{line}}: «{{text}}» no es un número de cromosomas.',
    sexFirst: 'Línea {{line}}: tras el número van los cromosomas sexuales (o idem, sl, sdl).',
    noEarlierLine: 'Línea {{line}}: «{{text}}» no remite a una línea anterior.',
    notCellCount: 'Línea {{line}}: «{{text}}» no es un número de células.',
    cannotRead: 'Línea {{line}}: no se puede leer «{{text}}».',
    noChromosome: 'Línea {{line}}: no existe el cromosoma «{{text}}».',
    bandsMismatch: 'Línea {{line}}: los puntos de rotura de «{{text}}» no corresponden a sus cromosomas.',
    notBreakpoint: 'Línea {{line}}: «{{text}}» tiene un punto de rotura que no es una banda.',
    needsBreakpoints: 'Línea {{line}}: «{{text}}» necesita sus puntos de rotura para saber qué muestra.',
    countMismatch:
      'Línea {{line}}: el número {{count}} no concuerda con sus ganancias y pérdidas (serían {{expected}}).',
    gainAndLoss: 'Línea {{line}}: el cromosoma {{chromosome}} aparece a la vez perdido y ganado.',
  },
  en: {
    tooLong: 'The text has {{length}} characters; up to {{max}} are read.',
    emptyLine: 'Cell line {{line}} is empty.',
    countFirst: 'Line {{line}}: the chromosome count comes first, not “{{text}}”.',
    notCount: 'Line {{line}}: “{{text}}” is not a chromosome count.',
    sexFirst: 'Line {{line}}: the sex chromosomes (or idem, sl, sdl) follow the count.',
    noEarlierLine: 'Line {{line}}: “{{text}}” names no earlier cell line.',
    notCellCount: 'Line {{line}}: “{{text}}” is not a cell count.',
    cannotRead: 'Line {{line}}: cannot read “{{text}}”.',
    noChromosome: 'Line {{line}}: there is no chromosome “{{text}}”.',
    bandsMismatch: 'Line {{line}}: the breakpoints of “{{text}}” do not match its chromosomes.',
    notBreakpoint: 'Line {{line}}: “{{text}}” has a breakpoint that is no band.',
    needsBreakpoints: 'Line {{line}}: “{{text}}” needs its breakpoints to tell what it shows.',
    countMismatch:
      'Line {{line}}: the count {{count}} does not agree with its gains and losses (they give {{expected}}).',
    gainAndLoss: 'Line {{line}}: chromosome {{chromosome}} is both lost and gained.',
  },
};

/**
 * Resolves a reader's message key (`karyotype.<key>`) with its parameters to its text in a language, else
 * the key. It imports no other texts: the sign-in page's chunks stay as they are.
 */
export function translateMessage(
  language: Language,
  key: string,
  params: Record<string, string> = {},
): string {
  const [group, name] = key.split('.');
  const text = (group === 'karyotype' && name && KARYOTYPE_TEXTS[language][name]) || key;
  return text.replace(/\{\{(\w{1,20})\}\}/g, (whole, param: string) => params[param] ?? whole);
}
