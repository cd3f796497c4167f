import { attribute, readXml } from './xml.ts';

/**
 * What a cell's number format says of its number (ECMA-376 Part 1, §18.8.30–31): a date (a serial day,
 * read as a `Date`), a percentage (0.45 shown as 45 %, read as the 45 a person sees), or a plain number.
 */
export type CellFormat = 'date' | 'percent' | null;

/** The built-in formats that are dates or times (§18.8.30), and the two percentages (9, 10). */
const BUILT_IN_DATES = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36]);
for (const id of [45, 46, 47, 50, 51, 52, 53, 54, 55, 56, 57, 58]) {
  BUILT_IN_DATES.add(id);
}
const BUILT_IN_PERCENT = new Set([9, 10]);

/** The format of each cell style (`cellXfs`), by the style's index (a cell's `s`). */
export function readStyles(xml: string): CellFormat[] {
  const custom = new Map<number, string>();
  const formats: CellFormat[] = [];
  let inCellXfs = false;
  readXml(xml, {
    open(name, attributes) {
      if (name === 'numFmt') {
        custom.set(Number(attribute(attributes, 'numFmtId')), attribute(attributes, 'formatCode') ?? '');
      } else if (name === 'cellXfs') {
        inCellXfs = true;
      } else if (name === 'xf' && inCellXfs) {
        const id = Number(attribute(attributes, 'numFmtId') ?? 0);
        formats.push(formatKind(id, custom.get(id)));
      }
    },
    close(name) {
      if (name === 'cellXfs') {
        inCellXfs = false;
      }
    },
  });
  return formats;
}

/** A format's kind from its id and, for a custom one, its code. */
export function formatKind(id: number, code: string | undefined): CellFormat {
  if (code === undefined) {
    if (BUILT_IN_DATES.has(id)) {
      return 'date';
    }
    return BUILT_IN_PERCENT.has(id) ? 'percent' : null;
  }
  // Only the first section (positive numbers) counts; quoted text, escaped characters and the
  // bracketed colours, conditions and locales say nothing of the kind.
  const section = (code.split(';')[0] ?? '')
    .replace(/"[^"]*"/g, '')
    .replace(/\\./g, '')
    .replace(/_./g, '')
    .replace(/\*./g, '');
  const elapsed = /\[(?:h+|m+|s+)\]/i.test(section);
  const plain = section.replace(/\[[^\]]*\]/g, '');
  if (plain.includes('%')) {
    return 'percent';
  }
  // An elapsed time ([h]:mm) is a duration, not a date.
  return !elapsed && /[dmyhse]/i.test(plain.replace(/General/gi, '').replace(/E[+-]/gi, '')) ? 'date' : null;
}
