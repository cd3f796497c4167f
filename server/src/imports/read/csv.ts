import { Readable } from 'node:stream';
import { TextDecoder } from 'node:util';
import { CsvError, parse } from 'csv-parse';
import { parse as parseSync } from 'csv-parse/sync';
import { ImportFileError } from './errors.ts';
import type { Cell, RowSource } from './table.ts';

/**
 * A CSV: text in one of the encodings spreadsheets save (UTF-8 with or without its byte order mark,
 * Windows-1252 — a Spanish Excel's "CSV (delimitado por comas)" — or UTF-16 with its mark, Excel's
 * "Unicode text"), its cells separated by commas, semicolons or tabs. csv-parse reads it, quotes
 * respected; the encoding and the delimiter are recognised here.
 */

export type TextEncoding = 'utf-8' | 'utf-8-bom' | 'utf-16le' | 'utf-16be' | 'windows-1252';
export type Delimiter = ',' | ';' | '\t';

/** How much of the start of a file is read to judge whether it is text, and its delimiter. */
const SAMPLE_BYTES = 64 * 1024;
/** How many records of that sample judge the delimiter. */
const SAMPLE_RECORDS = 50;
/** How much text is decoded at a time while the rows are read. */
const CHUNK_BYTES = 1024 * 1024;

/**
 * The encoding of a file that is text, or `null` when it is not: a byte order mark says it, else UTF-8
 * when every byte sequence is valid UTF-8, else Windows-1252 (which decodes any byte). Text has no NUL
 * and almost no other control character; a PDF, an XML or an RTF document is text but no spreadsheet.
 */
export function textEncoding(bytes: Buffer): TextEncoding | null {
  const encoding = bomEncoding(bytes) ?? (isUtf8(bytes) ? 'utf-8' : 'windows-1252');
  const sample = decoder(encoding).decode(bytes.subarray(0, SAMPLE_BYTES));
  let controls = 0;
  for (let index = 0; index < sample.length; index += 1) {
    const code = sample.charCodeAt(index);
    if (code === 0) {
      return null;
    }
    if ((code < 0x20 && !WHITE_SPACE.has(code)) || (code >= 0x7f && code <= 0x9f)) {
      controls += 1;
    }
  }
  if (controls > sample.length / 100 || NOT_A_TABLE.test(sample)) {
    return null;
  }
  return encoding;
}

/** Tab, line feed, vertical tab, form feed, carriage return, and the end-of-file mark of old DOS files. */
const WHITE_SPACE = new Set([0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x1a]);
const NOT_A_TABLE = /^\s*(?:%PDF-|<\?xml|<!DOCTYPE|<html|\{\\rtf)/i;

function bomEncoding(bytes: Buffer): TextEncoding | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return 'utf-8-bom';
  }
  if (bytes[0] === 0xff && bytes[1] === 0xfe) {
    return 'utf-16le';
  }
  if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    return 'utf-16be';
  }
  return null;
}

/** Whether the whole file is valid UTF-8, checked a piece at a time (nothing of it kept). */
function isUtf8(bytes: Buffer): boolean {
  const check = new TextDecoder('utf-8', { fatal: true });
  try {
    for (let start = 0; start < bytes.length; start += CHUNK_BYTES) {
      check.decode(bytes.subarray(start, start + CHUNK_BYTES), { stream: true });
    }
    check.decode();
    return true;
  } catch {
    return false;
  }
}

/** A decoder that drops the byte order mark of the encodings that have one. */
function decoder(encoding: TextEncoding): TextDecoder {
  return new TextDecoder(encoding === 'utf-8-bom' ? 'utf-8' : encoding);
}

/** Excel's first line naming the delimiter (`sep=;`), which Excel reads and does not show as a row. */
const SEP_LINE = /^sep=([,;\t])[ \t]*(?:\r\n|\n|\r|$)/i;

/** A CSV's delimiter, and whether its first line only names it (`sep=;`). */
export interface CsvLayout {
  readonly delimiter: Delimiter;
  readonly sepLine: boolean;
}

/**
 * The delimiter of a CSV: the one its `sep=` line names, else judged on its first records, quotes
 * respected: the one that splits the most records into the same number of cells, that number being
 * more than one; between equals, the one that makes more cells. A file of one column is read with commas.
 */
export function detectDelimiter(bytes: Buffer, encoding: TextEncoding): CsvLayout {
  const sample = decoder(encoding).decode(bytes.subarray(0, SAMPLE_BYTES));
  const named = SEP_LINE.exec(sample)?.[1];
  if (named) {
    return { delimiter: named as Delimiter, sepLine: true };
  }
  let best: { delimiter: Delimiter; share: number; cells: number } = { delimiter: ',', share: 0, cells: 1 };
  for (const delimiter of [',', ';', '\t'] as const) {
    const counts = sampleCounts(sample, delimiter);
    const records = counts.filter((count) => count > 0);
    const cells = mode(records);
    const share = cells > 1 ? records.filter((count) => count === cells).length / records.length : 0;
    if (share > best.share || (share === best.share && share > 0 && cells > best.cells)) {
      best = { delimiter, share, cells };
    }
  }
  return { delimiter: best.delimiter, sepLine: false };
}

/**
 * How many filled cells each of the first records has with this delimiter (0 for a blank one). A sample
 * that ends inside a quoted cell is cut shorter until it reads.
 */
function sampleCounts(sample: string, delimiter: Delimiter): number[] {
  for (let text = sample; text.length > 0; text = text.slice(0, lastLineEnd(text, text.length / 2))) {
    try {
      const records = parseSync(text, { ...OPTIONS, delimiter, to_line: SAMPLE_RECORDS }) as string[][];
      return records.map((fields) => trimmed(fields).length);
    } catch {
      // Cut at an earlier line end and try again.
    }
  }
  return [];
}

/** Where the last line end before `before` is (0 when there is none). */
function lastLineEnd(text: string, before: number): number {
  return Math.max(text.lastIndexOf('\n', before), text.lastIndexOf('\r', before), 0);
}

function mode(values: readonly number[]): number {
  const counts = new Map<number, number>();
  let best = 0;
  let bestCount = 0;
  for (const value of values) {
    const count = (counts.get(value) ?? 0) + 1;
    counts.set(value, count);
    if (count > bestCount || (count === bestCount && value > best)) {
      best = value;
      bestCount = count;
    }
  }
  return best;
}

/** Messy files: a stray quote inside a cell, rows of different lengths, any of the three line ends. */
const OPTIONS = {
  relax_quotes: true,
  relax_column_count: true,
  skip_empty_lines: false,
  record_delimiter: ['\r\n', '\n', '\r'],
  bom: false,
};

/**
 * The rows of a CSV that are not blank, numbered by record as a spreadsheet numbers its rows (a `sep=`
 * line is no row).
 */
export function csvRows(bytes: Buffer, encoding: TextEncoding, { delimiter, sepLine }: CsvLayout): RowSource {
  return async function* rows() {
    // The line each record ends on, as the parser reaches it: a broken record starts on the next.
    let line = 0;
    const parser = parse({
      ...OPTIONS,
      delimiter,
      on_record: (record: string[], context: { lines: number }) => {
        line = context.lines;
        return record;
      },
    });
    const input = Readable.from(decodeChunks(bytes, encoding), { objectMode: false });
    input.on('error', (error) => parser.destroy(error));
    input.pipe(parser);
    let row = 0;
    let named = false;
    try {
      for await (const record of parser as AsyncIterable<string[]>) {
        // The first record of a file with a `sep=` line is that line.
        if (sepLine && !named) {
          named = true;
          continue;
        }
        row += 1;
        const cells = trimmed(record);
        if (cells.length > 0) {
          yield { row, cells };
        }
      }
    } catch (error) {
      if (error instanceof CsvError) {
        throw new ImportFileError('csvUnreadable', { line: String(line + 1) });
      }
      throw error;
    } finally {
      input.destroy();
      parser.destroy();
    }
  };
}

/** A record's cells, an empty one (or one of white space alone) as `null`, without the empty ones that end it. */
function trimmed(fields: readonly string[]): Cell[] {
  const cells = fields.map((field) => (field.trim() === '' ? null : field));
  let end = cells.length;
  while (end > 0 && cells[end - 1] === null) {
    end -= 1;
  }
  return cells.slice(0, end);
}

function* decodeChunks(bytes: Buffer, encoding: TextEncoding): Generator<string> {
  const text = decoder(encoding);
  for (let start = 0; start <= bytes.length; start += CHUNK_BYTES) {
    const last = start + CHUNK_BYTES >= bytes.length;
    const chunk = text.decode(bytes.subarray(start, start + CHUNK_BYTES), { stream: !last });
    if (chunk !== '') {
      yield chunk;
    }
  }
}
