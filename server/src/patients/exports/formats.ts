import { Readable } from 'node:stream';
import { EXPORT_TEXTS } from '@registry/shared';
import { csvRecords } from '../../http/csv.ts';
import { ByteWriter } from './byte-writer.ts';
import {
  type Column,
  type ColumnKind,
  headerOf,
  labelOf,
  PATIENT_COLUMNS,
  type Presentation,
  SHEETS,
  safeCell,
  safeXlsxText,
  sheetNameOf,
} from './columns.ts';
import type { BatchReader, ExportRow, ExportSource } from './export-source.ts';
import { type XlsxSheet, type XlsxValue, xlsxWorkbook } from './xlsx-writer.ts';

/**
 * A stream of the chunks an async generator yields, each written once the client has taken the
 * previous ones (backpressure runs from the client to the database). Destroying the stream — a client
 * gone — returns the generator, which stops reading.
 */
function streamOf(chunks: () => AsyncGenerator<string | Buffer>): Readable {
  return Readable.from(chunks(), { objectMode: false, highWaterMark: 1 });
}

const spanish = (presentation: Presentation) => !presentation.raw && presentation.language === 'es';

/** `yyyy-mm-dd` as `dd/mm/yyyy`; a bare year, or anything else, as it is. */
const dayMonthYear = (text: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(text) ? `${text.slice(8, 10)}/${text.slice(5, 7)}/${text.slice(0, 4)}` : text;

/** An ISO timestamp as `yyyy-mm-dd hh:mm` (UTC), which spreadsheets read as a date and time. */
const dateTime = (text: string) => (text.length >= 16 ? `${text.slice(0, 10)} ${text.slice(11, 16)}` : text);

/** One CSV cell in the presentation asked for. */
function csvCell(value: unknown, kind: ColumnKind, presentation: Presentation): unknown {
  if (presentation.raw || value === null || value === undefined) {
    return safeCell(value);
  }
  const label = labelOf(value, kind, EXPORT_TEXTS[presentation.language]);
  const es = spanish(presentation);
  if (typeof label === 'number') {
    return es ? String(label).replace('.', ',') : label;
  }
  if (typeof label === 'string' && (kind === 'date' || kind === 'timestamp')) {
    const text = kind === 'timestamp' ? dateTime(label) : label;
    return es ? dayMonthYear(text.slice(0, 10)) + text.slice(10) : text;
  }
  return safeCell(label);
}

/**
 * CSV: one row per patient, UTF-8 with a BOM so that Excel reads accents, quoted as RFC 4180 says
 * (`csv.ts`); in Spanish separated by `;` (a Spanish Excel's list separator, as the decimal comma takes
 * `,`). Each batch of patients becomes one piece of text: a write per batch, not per cell.
 */
export function csvStream(source: ExportSource, presentation: Presentation): Readable {
  const delimiter = spanish(presentation) ? ';' : ',';
  const cells = (row: ExportRow) =>
    PATIENT_COLUMNS.map((column) => csvCell(row[column.field] ?? null, column.kind, presentation));
  return streamOf(async function* () {
    yield `\uFEFF${csvRecords([PATIENT_COLUMNS.map((column) => headerOf(column, presentation))], delimiter)}`;
    for await (const text of source.read(async (reader, ids) =>
      csvRecords((await reader.patientRows(ids)).map(cells), delimiter),
    )) {
      yield text;
    }
  });
}

/**
 * JSON: `{ "data": [ …whole patient files… ] }`, a batch at a time, in the machine format of the API
 * whatever the language (the ELN reasons' sentences, text as in the patient file, in the caller's). The database writes each patient's JSON text, so that the server only joins
 * the pieces (parsing and writing 100,000 files again would cost more than reading them).
 */
export function jsonStream(source: ExportSource, presentation: Presentation): Readable {
  return streamOf(async function* () {
    yield '{"data":[';
    let first = true;
    for await (const documents of source.read((reader, ids) =>
      reader.documents(ids, presentation.language),
    )) {
      const bytes = new ByteWriter();
      for (const document of documents) {
        const filled = [first ? undefined : bytes.write(','), bytes.write(document)];
        first = false;
        for (const full of filled) {
          if (full) {
            yield full;
          }
        }
      }
      const rest = bytes.take();
      if (rest) {
        yield rest;
      }
    }
    yield ']}\n';
  });
}

/** One XLSX cell: text is text (no quote for `+8`), dates are dates when labelled. */
function xlsxCell(value: unknown, kind: ColumnKind, presentation: Presentation): XlsxValue {
  if (value === null || value === undefined) {
    return null;
  }
  const shown = presentation.raw ? value : labelOf(value, kind, EXPORT_TEXTS[presentation.language]);
  if (!presentation.raw && typeof shown === 'string' && (kind === 'date' || kind === 'timestamp')) {
    return { date: shown };
  }
  if (typeof shown === 'string') {
    return safeXlsxText(shown);
  }
  if (typeof shown === 'number' || typeof shown === 'boolean') {
    return shown;
  }
  return null;
}

const WIDTHS: Record<string, number> = {
  id: 38,
  date: 12,
  timestamp: 17,
  integer: 9,
  decimal: 10,
  boolean: 9,
  text: 24,
  subtype: 16,
  schemes: 28,
};

/** Wide enough for the header, and for the values a column of its kind usually holds. */
function widthOf(column: Column, header: string): number {
  const base = typeof column.kind === 'object' ? 16 : (WIDTHS[column.kind] ?? 20);
  return Math.min(48, Math.max(base, header.length + 3));
}

type RowsOf = (reader: BatchReader, ids: readonly string[]) => Promise<ExportRow[]>;

/**
 * XLSX: a Patients sheet like the CSV, then Diagnostics, Treatments, Drugs and Lab reports keyed by
 * patient id; a bold, frozen header row with widths and an autofilter on each. The zip takes one sheet
 * at a time, so each sheet is a pass of its own over the batches (within one snapshot).
 */
export function xlsxStream(source: ExportSource, presentation: Presentation): Readable {
  const sheet = (name: string, columns: readonly Column[], rowsOf: RowsOf): XlsxSheet => {
    const headers = columns.map((column) => headerOf(column, presentation));
    return {
      name,
      columns: columns.map((column, i) => ({
        header: headers[i] ?? '',
        width: widthOf(column, headers[i] ?? ''),
      })),
      rows: () =>
        source.read(async (reader, ids) =>
          (await rowsOf(reader, ids)).map((row) => {
            const cells: XlsxValue[] = new Array(columns.length);
            for (let i = 0; i < columns.length; i++) {
              const column = columns[i] as Column;
              cells[i] = xlsxCell(row[column.field], column.kind, presentation);
            }
            return cells;
          }),
        ),
    };
  };
  const es = spanish(presentation);
  return xlsxWorkbook(
    [
      sheet(sheetNameOf('patients', presentation), PATIENT_COLUMNS, (reader, ids) => reader.patientRows(ids)),
      ...SHEETS.map((spec) =>
        sheet(sheetNameOf(spec.sheet, presentation), spec.columns, (reader, ids) =>
          reader.recordRows(spec.kind, ids),
        ),
      ),
    ],
    {
      dateFormat: es ? 'dd/mm/yyyy' : 'yyyy-mm-dd',
      timestampFormat: es ? 'dd/mm/yyyy hh:mm' : 'yyyy-mm-dd hh:mm',
    },
  );
}
