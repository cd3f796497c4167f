import type { Readable } from 'node:stream';
import { TextDecoder } from 'node:util';
import { SaxesParser } from 'saxes';
import { ImportFileError } from './errors.ts';
import { xmlEncoding } from './zip.ts';

/**
 * What reading an XML part needs of saxes (a strict, streaming XML parser): elements by their local name
 * (a prefix such as `x:` dropped, as some writers use one), their attributes, and their text. A document
 * that is not well-formed XML is a damaged workbook. saxes expands no entity a document declares.
 */
export interface XmlHandlers {
  open?(name: string, attributes: Readonly<Record<string, string>>): void;
  close?(name: string): void;
  text?(text: string): void;
}

/**
 * How deep elements may nest: a sheet's cells are seven levels down. A part nesting deeper is no
 * spreadsheet, and would grow the parser's stack of open elements without bound.
 */
const MAX_DEPTH = 64;

function parser(handlers: XmlHandlers): SaxesParser {
  const xml = new SaxesParser({ position: false });
  let depth = 0;
  // Called through the object: a reader's methods keep their `this`.
  xml.on('opentag', (tag) => {
    depth += 1;
    if (depth > MAX_DEPTH) {
      throw new ImportFileError('damaged');
    }
    handlers.open?.(localName(tag.name), tag.attributes as Record<string, string>);
  });
  xml.on('closetag', (tag) => {
    depth -= 1;
    handlers.close?.(localName(tag.name));
  });
  if (handlers.text) {
    xml.on('text', (text) => handlers.text?.(text));
  }
  return xml;
}

/** Reads a whole part held as text. */
export function readXml(text: string, handlers: XmlHandlers): void {
  try {
    parser(handlers).write(text).close();
  } catch (error) {
    throw damaged(error);
  }
}

/**
 * Reads a part as it inflates, a piece at a time; after each piece `drain` may hand on what the
 * handlers gathered, so that a sheet is never held whole.
 */
export async function* streamXml<T>(
  stream: Readable,
  handlers: XmlHandlers,
  drain: () => T[],
): AsyncGenerator<T> {
  const xml = parser(handlers);
  let decoder: TextDecoder | null = null;
  try {
    for await (const chunk of stream) {
      const bytes = chunk as Buffer;
      decoder ??= new TextDecoder(xmlEncoding(bytes));
      xml.write(decoder.decode(bytes, { stream: true }));
      yield* drain();
    }
    xml.write(decoder?.decode() ?? '').close();
    yield* drain();
  } catch (error) {
    throw damaged(error);
  } finally {
    stream.destroy();
  }
}

function damaged(error: unknown): ImportFileError {
  return error instanceof ImportFileError ? error : new ImportFileError('damaged');
}

/** `x:row` → `row`. */
function localName(name: string): string {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
}

/** An attribute by its local name (`r:id` → `id` where asked with `id`). */
export function attribute(attributes: Readonly<Record<string, string>>, name: string): string | undefined {
  if (name in attributes) {
    return attributes[name];
  }
  const key = Object.keys(attributes).find((candidate) => localName(candidate) === name);
  return key === undefined ? undefined : attributes[key];
}

/** Office's escapes of characters XML cannot carry (`_x000D_`; `_x005F_` is the underscore itself). */
export function unescapeOffice(text: string): string {
  return text.includes('_x')
    ? text.replace(/_x([0-9A-Fa-f]{4})_/g, (_whole, hex: string) =>
        String.fromCharCode(Number.parseInt(hex, 16)),
      )
    : text;
}
