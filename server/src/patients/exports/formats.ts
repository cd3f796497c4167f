import { PassThrough, pipeline, Readable, type Writable } from 'node:stream';
import type { Patient } from '@registry/shared';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';
import { PATIENT_COLUMNS, SHEETS, safeCell } from './columns.ts';

/** Batches of patients, read anew for each pass (an XLSX reads one pass per sheet). */
export type PatientSource = (parts?: 'all' | Sheet['part']) => AsyncIterable<Patient[]>;
type Sheet = (typeof SHEETS)[number];

/**
 * CSV: one row per patient, UTF-8 with a BOM so that Excel reads accents, quoted by csv-stringify.
 * Backpressure runs from the client to the database cursor: a slow client slows the reading.
 */
export function csvStream(source: PatientSource): Readable {
  async function* records() {
    for await (const batch of source('all')) {
      for (const patient of batch) {
        yield PATIENT_COLUMNS.map((column) => safeCell(column.value(patient)));
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

/** JSON: `{ "data": [ …full nested patient records… ] }`, written one batch at a time. */
export function jsonStream(source: PatientSource): Readable {
  async function* chunks() {
    yield '{"data":[';
    let first = true;
    for await (const batch of source('all')) {
      if (batch.length === 0) {
        continue;
      }
      yield `${first ? '' : ','}${batch.map((patient) => JSON.stringify(patient)).join(',')}`;
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
 * of its own over the cursor, committed row by row.
 */
export function xlsxStream(source: PatientSource): Readable {
  const out = new PassThrough();
  const write = async () => {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: out,
      useStyles: false,
      useSharedStrings: false,
    });
    const passes = [
      {
        name: 'Patients',
        part: 'all' as const,
        headers: PATIENT_COLUMNS.map((c) => c.header),
        rows: (patient: Patient) => [PATIENT_COLUMNS.map((column) => safeCell(column.value(patient)))],
      },
      ...SHEETS.map((sheet) => ({
        name: sheet.name,
        part: sheet.part,
        headers: sheet.columns.map((c) => c.header),
        rows: (patient: Patient) =>
          sheet.rows(patient).map((row) => sheet.columns.map((column) => safeCell(column.value(row)))),
      })),
    ];
    for (const pass of passes) {
      const worksheet = workbook.addWorksheet(pass.name);
      worksheet.addRow(pass.headers).commit();
      for await (const batch of source(pass.part)) {
        for (const patient of batch) {
          for (const row of pass.rows(patient)) {
            worksheet.addRow(row).commit();
          }
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
