import type { FileMimeType } from '@registry/shared';

/** The extensions of each accepted type; the first is the one a file gets when it has none of them. */
const EXTENSIONS: Record<FileMimeType, readonly string[]> = {
  'application/pdf': ['pdf'],
  'image/jpeg': ['jpg', 'jpeg'],
};

/** The longest name kept, extension included, in characters. */
export const MAX_FILE_NAME = 120;

// Control (Cc) and format (Cf: bidi overrides such as U+202E, zero-width characters) characters, and
// halves of surrogate pairs left alone, which no name should hold.
const INVISIBLE = /[\p{Cc}\p{Cf}]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/gu;

/**
 * A file's name as it is stored and sent back (docs/product-rules.md#files): no folders, no control or
 * format characters, no quotes, spaces folded, at most MAX_FILE_NAME characters, and the extension of
 * the type its bytes were judged to be — `scan.jpg` holding a PDF becomes `scan.pdf`.
 */
export function safeFileName(name: string, mimeType: FileMimeType): string {
  const base = (name.split(/[\\/]/).pop() ?? '')
    .replace(INVISIBLE, '')
    .replace(/["]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  const allowed = EXTENSIONS[mimeType];
  const match = /^(.*)\.([A-Za-z0-9]{1,5})$/.exec(base);
  const stem = (match ? match[1] : base)?.trim().replace(/\.+$/, '') || 'file';
  const given = match?.[2]?.toLowerCase();
  const extension = given && allowed.includes(given) ? given : (allowed[0] ?? 'bin');
  const characters = Array.from(stem);
  const room = MAX_FILE_NAME - extension.length - 1;
  return `${characters.slice(0, room).join('')}.${extension}`;
}
