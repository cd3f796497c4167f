/**
 * Text in a figure made as a string, with no page to measure it in: the SVG is built before any DOM
 * sees it (and in unit tests there is none), so widths are estimated from Helvetica's average glyph
 * widths — close enough to size the columns and margins, with a little slack.
 */

/** Escapes text for an SVG element or attribute. */
export function escapeXml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&apos;');
}

const NARROW = new Set([...'iljtfrI.,:;!|()[]\'" ']);
const WIDE = new Set([...'mwMW@%']);

/** The estimated width of `text` in pixels at `size` (Helvetica). */
export function textWidth(text: string, size: number, bold = false): number {
  let em = 0;
  for (const char of text) {
    if (NARROW.has(char)) {
      em += 0.3;
    } else if (WIDE.has(char)) {
      em += 0.86;
    } else if (char >= 'A' && char <= 'Z') {
      em += 0.68;
    } else {
      em += 0.56;
    }
  }
  return em * size * (bold ? 1.07 : 1);
}

/** Splits `text` into lines no wider than `width` at `size`, at spaces (a longer word keeps its line). */
export function wrapText(text: string, width: number, size: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const candidate = line === '' ? word : `${line} ${word}`;
    if (line !== '' && textWidth(candidate, size) > width) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line !== '') {
    lines.push(line);
  }
  return lines;
}

/** Attributes as SVG writes them, escaped; undefined ones left out. */
export function attributes(values: Record<string, string | number | undefined>): string {
  return Object.entries(values)
    .filter((entry): entry is [string, string | number] => entry[1] !== undefined)
    .map(([name, value]) => `${name}="${escapeXml(typeof value === 'number' ? round(value) : value)}"`)
    .join(' ');
}

/** A coordinate with at most two decimals: smaller files, same picture. */
function round(value: number): string {
  return String(Math.round(value * 100) / 100);
}

/** One SVG element. */
export function tag(
  name: string,
  values: Record<string, string | number | undefined>,
  text?: string,
): string {
  return text === undefined
    ? `<${name} ${attributes(values)}/>`
    : `<${name} ${attributes(values)}>${escapeXml(text)}</${name}>`;
}

/** The figures' common look: their margin, their type, their inks and the size of the text of a table. */
export const PAD = 20;
export const FONT = 'Helvetica, Arial, sans-serif';
export const INK = '#212529';
export const MUTED = '#5c636a';
export const TABLE_SIZE = 15;
const FOOTER_SIZE = 13;

/** A line of a figure's text, at the size of its tables and in ink unless `extra` says otherwise. */
export const text = (
  x: number,
  y: number,
  content: string,
  extra: Record<string, string | number | undefined> = {},
) => tag('text', { x, y, 'font-size': TABLE_SIZE, fill: INK, ...extra }, content);

/** What a figure ends with: its footer's paragraphs, wrapped to its width, in a muted small type. */
export interface FigureEnd {
  /** The elements drawn so far. */
  readonly body: readonly string[];
  /** Where the footer starts. */
  readonly y: number;
  readonly footer: readonly string[];
  readonly title: string;
  readonly width: number;
}

/**
 * The whole SVG document of a figure: the body, then the footer's paragraphs wrapped to the width, on a
 * white page as tall as they need, with its title for screen readers.
 */
export function svgDocument(end: FigureEnd): { markup: string; width: number; height: number } {
  const { body, footer, title, width } = end;
  const lines: string[] = [];
  let y = end.y;
  for (const paragraph of footer) {
    for (const line of wrapText(paragraph, width - 2 * PAD, FOOTER_SIZE)) {
      y += FOOTER_SIZE + 6;
      lines.push(tag('text', { x: PAD, y, 'font-size': FOOTER_SIZE, fill: MUTED }, line));
    }
  }
  const height = Math.ceil(y + PAD);
  const markup = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="${FONT}">`,
    tag('title', {}, title),
    tag('rect', { x: 0, y: 0, width, height, fill: '#ffffff' }),
    ...body,
    ...lines,
    '</svg>',
  ].join('\n');
  return { markup, width, height };
}
