import { PassThrough, pipeline, Readable, type Writable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type ExcelJS from 'exceljs';
import { cellsOf, PATIENT_COLUMNS, SHEETS } from './columns.ts';
import type { ExportSource } from './export-source.ts';

/**
 * CSV: one row per patient, UTF-8 with a BOM so that Excel reads accents, quoted by csv-stringify.
 * Backpressure runs from the client to the database: a slow client slows the reading.
 */
export function csvStream(source: ExportSource): Readable {
  async function* records() {
    for await (const ids of source.batches()) {
      for (const row of await source.patientRows(ids)) {
        yield cellsOf(row, PATIENT_COLUMNS);
      }
    }
  }
  const csv = stringify({
    bom: true,
    header: true,
    columns: PATIENT_COLUMNS.map((column) => column.header),
    cast: { boolean: (value) => (value ? 'true' : 'false') },
  });
  return pipeline(Readable.from(records()), csv, () => undefined);
}

/**
 * JSON: `{ "data": [ …whole patient files… ] }`, a batch at a time. The database writes each patient's
 * JSON text, so that the server only joins the pieces (parsing and writing 100,000 files again would
 * cost more than reading them).
 */
export function jsonStream(source: ExportSource): Readable {
  async function* chunks() {
    yield '{"data":[';
    let first = true;
    for await (const ids of source.batches()) {
      const documents = await source.documents(ids);
      if (documents.length === 0) {
        continue;
      }
      yield `${first ? '' : ','}${documents.join(',')}`;
      first = false;
    }
    yield ']}\n';
  }
  return Readable.from(chunks(), { objectMode: false });
}

/** Resolves when the stream wants more, rejects when it was closed (the client went away). */
function drained(stream: Writable): Promise<void> {
  if (stream.destroyed) {
    return Promise.reject(new Error('export stream closed'));
  }
  const needsDrain =
    stream.writableNeedDrain ??
    (stream as { _writableState?: { needDrain?: boolean } })._writableState?.needDrain;
  if (!needsDrain) {
    return Promise.resolve();
  }
  return new Promise((resolve, reject) => {
    const done = (error?: Error) => {
      stream.off('drain', onDrain);
      stream.off('close', onClose);
      if (error) {
        reject(error);
      } else {
        resolve();
      }
    };
    const onDrain = () => done();
    const onClose = () => done(new Error('export stream closed'));
    stream.on('drain', onDrain);
    stream.on('close', onClose);
  });
}

/**
 * exceljs writes a sheet's rows into the zip's deflate stream without waiting for it (its StreamBuf
 * ignores backpressure), so a fast reader of the database would pile compressed-to-be rows up in
 * memory. These are the streams to wait on; exceljs keeps them in the sheet stream's `pipes`.
 */
function zipInputsOf(worksheet: ExcelJS.Worksheet): Writable[] {
  const stream = (worksheet as unknown as { stream?: { pipes?: unknown[] } }).stream;
  return (stream?.pipes ?? []).filter(
    (pipe): pipe is Writable => typeof (pipe as Writable | undefined)?.once === 'function',
  );
}

/**
 * XLSX through exceljs' streaming writer: a Patients sheet like the CSV, then Diagnostics, Treatments,
 * Drugs and LabReports keyed by patient id. The zip takes one sheet at a time, so each sheet is a pass
 * of its own over the batches, committed row by row.
 */
export function xlsxStream(source: ExportSource): Readable {
  const out = new PassThrough();
  const write = async () => {
    // Loaded on the first XLSX export, not at every start (it is the heaviest library of the server).
    const { default: excel } = await import('exceljs');
    const workbook = new excel.stream.xlsx.WorkbookWriter({
      stream: out,
      useStyles: false,
      useSharedStrings: false,
    });
    const passes = [
      {
        name: 'Patients',
        columns: PATIENT_COLUMNS,
        rows: (ids: readonly string[]) => source.patientRows(ids),
      },
      ...SHEETS.map((sheet) => ({
        name: sheet.name,
        columns: sheet.columns,
        rows: (ids: readonly string[]) => source.recordRows(sheet.kind, ids),
      })),
    ];
    for (const pass of passes) {
      const worksheet = workbook.addWorksheet(pass.name);
      worksheet.addRow(pass.columns.map((column) => column.header)).commit();
      for await (const ids of source.batches()) {
        for (const row of await pass.rows(ids)) {
          worksheet.addRow(cellsOf(row, pass.columns)).commit();
        }
        for (const stream of [...zipInputsOf(worksheet), out]) {
          await drained(stream);
        }
      }
      worksheet.commit();
    }
    await workbook.commit();
  };
  write().catch((error: unknown) => out.destroy(error as Error));
  return out;
}
