import { once } from 'node:events';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DATASET_TABLES,
  DATASET_TEXTS,
  type DatasetFilters,
  type DatasetRows,
  EXPORT_TEXTS,
  type Genetics,
} from '@registry/shared';
import type { JobHandle } from '../background/jobs.ts';
import type { AppContext } from '../context.ts';
import { rowsOf } from '../db/statements.ts';
import { type BatchReader, batchCohort, todayOf, withPatientBatches } from '../patients/index.ts';
import { TableStats } from './csv-table.ts';
import { markerRows, patientRow, type RowContext, recordRow, type SourceRow } from './dataset-rows.ts';
import {
  cohortCountSql,
  drugRowsSql,
  geneticsRowsSql,
  PATIENT_COLUMNS,
  patientRowsSql,
  responseRowsSql,
  treatmentRowsSql,
} from './dataset-sql.ts';
import { type PlannedTable, planOf } from './dataset-variables.ts';
import { createDatasetsRepository, type DatasetRecord } from './datasets.repository.ts';
import { codebookCsv, dataPackage } from './descriptors.ts';
import { type DisclosureCheck, DisclosureCounter } from './disclosure.ts';
import { fileOf } from './layout.ts';
import { centreName, datasetKeyOf, pseudonymsOf } from './pseudonyms.ts';
import { readmeText, shownFilters } from './readme.ts';
import { rScript } from './scripts/r-script.ts';
import { spssScript } from './scripts/spss-script.ts';
import { stataScript } from './scripts/stata-script.ts';
import { openSpool, type TableSpool } from './table-spool.ts';
import { chunkSink } from './zip-store.ts';

/**
 * Builds a dataset's zip in the background (CONTRACT §15, docs/api-datasets.md): one pass over the
 * patients of its filters, a batch at a time, each batch's rows of the five tables (a statement each)
 * written as CSV to the build's temporary files (`table-spool.ts`); then the zip, which goes a chunk at
 * a time into the database (`zip-store.ts`): the five files, the codebook, the data package, the
 * scripts and the README, written from what the pass counted. The pass reads one snapshot on
 * PostgreSQL; on PGlite, where a snapshot would hold the one connection, it reads the patients
 * registered by the time the dataset was asked for. Memory holds a few batches and the zip's buffers,
 * whatever the number of patients.
 */

/** The files after the tables, in the zip's order. */
export const DESCRIPTION_FILES = [
  'codebook.csv',
  'datapackage.json',
  'read_dataset.R',
  'dataset.do',
  'dataset.sps',
  'README.txt',
] as const;

/** Every file of a dataset's zip, in its order. */
export const DATASET_FILES: readonly string[] = [...DATASET_TABLES.map(fileOf), ...DESCRIPTION_FILES];

/** What a build ends with. */
export interface Built {
  readonly rows: DatasetRows;
  readonly size: number;
  readonly sha256: string;
  readonly disclosure: DisclosureCheck;
}

/** `yyyy-MM-dd HH:mm:ss UTC`. */
const stampOf = (at: Date) => `${at.toISOString().slice(0, 19).replace('T', ' ')} UTC`;

/** The rows of one batch of a table, in its columns' order. */
type BatchRows = (reader: BatchReader, ids: readonly string[]) => Promise<unknown[][]>;

function batchRowsOf(planned: PlannedTable, context: RowContext, disclosure: DisclosureCounter): BatchRows {
  const names = planned.columns.map((column) => column.column.name);
  const wanted = new Set(names);
  switch (planned.layout.name) {
    case 'patients': {
      const read = names.filter((name) => PATIENT_COLUMNS.has(name));
      // The disclosure check reads the sex, age and subtype whether the dataset holds them or not.
      for (const name of ['sex', 'age_dx', 'dx_subtype']) {
        if (!read.includes(name)) {
          read.push(name);
        }
      }
      return async (reader, ids) =>
        (
          await reader.run<SourceRow & { institutionId: string; genetics: Genetics | null }>(
            patientRowsSql(batchCohort(ids), read),
          )
        ).map((row) => {
          const { values, group } = patientRow(planned, row, context);
          disclosure.add(group);
          return values;
        });
    }
    case 'markers':
      return async (reader, ids) =>
        (
          await reader.run<SourceRow & { genetics: Genetics | null }>(geneticsRowsSql(batchCohort(ids)))
        ).flatMap((row) => markerRows(planned, row, context));
    default: {
      const sqlOf = { treatments: treatmentRowsSql, responses: responseRowsSql, drugs: drugRowsSql }[
        planned.layout.name
      ];
      return async (reader, ids) =>
        (await reader.run<SourceRow>(sqlOf(batchCohort(ids), wanted))).map((row) =>
          recordRow(planned, row, context),
        );
    }
  }
}

/** A table of the build: its file, what it has counted, how a batch's rows are read. */
interface BuiltTable {
  readonly name: string;
  readonly stats: TableStats;
  readonly read: BatchRows;
  readonly freeText: ReadonlySet<string>;
}

/**
 * The pass: each batch's rows of every table, read on the batch's connection, appended to the table's
 * file. Reports the patients done to `job`.
 */
async function writeTables(
  ctx: AppContext,
  selection: { readonly filters: DatasetFilters; readonly until: Date },
  today: string,
  tables: readonly BuiltTable[],
  spool: TableSpool,
  job: Pick<JobHandle, 'progress' | 'signal'>,
  patients: number,
): Promise<void> {
  for (const table of tables) {
    await spool.append(table.name, table.stats.header());
  }
  let done = 0;
  await withPatientBatches(ctx.db, selection, today, async (source) => {
    const batches = source.read(async (reader, ids) => {
      // One after the other: a connection runs one statement at a time.
      const rows: unknown[][][] = [];
      for (const table of tables) {
        rows.push(await table.read(reader, ids));
      }
      return { ids, rows };
    });
    for await (const batch of batches) {
      job.signal.throwIfAborted();
      for (const [index, table] of tables.entries()) {
        await spool.append(table.name, table.stats.lines(batch.rows[index] ?? [], table.freeText));
      }
      done += batch.ids.length;
      job.progress(done, patients);
    }
  });
}

/** Builds the dataset `record`'s zip into the database, reporting its progress to `job`. */
export async function buildDataset(
  ctx: AppContext,
  record: DatasetRecord,
  requestedBy: string,
  job: Pick<JobHandle, 'progress' | 'signal'>,
): Promise<Built> {
  const repository = createDatasetsRepository(ctx.db);
  const key = datasetKeyOf(ctx.config);
  const pseudonyms = pseudonymsOf(key, record.studyKey);
  const numbers = await repository.centres(pseudonyms.study, pseudonyms.centreRank);
  const centres = new Map([...numbers].map(([id, number]) => [id, centreName(number)]));
  const institutionOfCode = await repository.institutionsByCode();
  const centreOfCode = (code: string) => centres.get(institutionOfCode.get(code.toLowerCase()) ?? '') ?? null;
  const plan = planOf(record);
  const context: RowContext = { options: record, pseudonyms, centres };
  const requestedAt = new Date(record.createdAt);
  // The patients registered by the request: its time is the database's, to the microsecond, read back
  // to the millisecond; the next millisecond takes in every patient registered before it.
  const until = new Date(requestedAt.getTime() + 1);
  // Stored as asked: the shared schema's filters.
  const filters = record.filters as DatasetFilters;
  const [counted] = rowsOf<{ total: number }>(await ctx.db.execute(cohortCountSql(filters, until)));
  const patients = counted?.total ?? 0;
  job.progress(0, patients);

  const disclosure = new DisclosureCounter();
  const tables: BuiltTable[] = plan.map((planned) => ({
    name: fileOf(planned.layout.name),
    stats: new TableStats(planned.layout),
    read: batchRowsOf(planned, context, disclosure),
    freeText: new Set(
      planned.columns.filter((column) => column.freeText).map((column) => column.column.name),
    ),
  }));
  const spool = await openSpool(tables.map((table) => table.name));
  try {
    await writeTables(ctx, { filters, until }, todayOf(requestedAt), tables, spool, job, patients);

    const sink = chunkSink(repository, record.id);
    const { ZipArchive } = await import('archiver');
    // The fastest level: the CSV files shrink almost as much as at the default, in a fraction of its time.
    const zip = new ZipArchive({ zlib: { level: 1 } });
    const stored = pipeline(zip, sink);
    // Awaited at the end; a failure before must not go unhandled meanwhile.
    stored.catch(() => undefined);
    /** Appends a file and waits until the zip has written it, so that one file is read at a time. */
    const write = async (name: string, part: Readable) => {
      const written = once(zip, 'entry');
      part.on('error', (error) => zip.destroy(error));
      zip.append(part, { name, date: requestedAt });
      await written;
    };
    const whole = (text: () => string) =>
      Readable.from(
        (function* () {
          yield text();
        })(),
        { objectMode: false },
      );
    for (const table of tables) {
      await write(table.name, spool.read(table.name));
    }

    const layouts = plan.map((planned) => planned.layout);
    const stats = tables.map((table) => table.stats);
    const texts = DATASET_TEXTS[record.language];
    const exportTexts = EXPORT_TEXTS[record.language];
    const yesNo = [exportTexts.yes, exportTexts.no] as const;
    const stamp = stampOf(requestedAt);
    const derived = new Set(
      plan.flatMap((planned) =>
        planned.columns
          .filter((column) => column.declaration.derivation)
          .map((column) => `${planned.layout.name}.${column.column.name}`),
      ),
    );
    const rows = Object.fromEntries(stats.map((table) => [table.layout.name, table.rows])) as DatasetRows;
    const widths = Object.fromEntries(stats.map((table) => [table.layout.name, table.widths]));
    const check = disclosure.check();
    await write(
      'codebook.csv',
      whole(() => codebookCsv(layouts, (table, column) => derived.has(`${table}.${column.name}`))),
    );
    await write(
      'datapackage.json',
      whole(() =>
        dataPackage(layouts, {
          title: texts.title,
          description: record.purpose,
          created: requestedAt.toISOString(),
        }),
      ),
    );
    await write(
      'read_dataset.R',
      whole(() => rScript(layouts, texts, stamp)),
    );
    await write(
      'dataset.do',
      whole(() => stataScript(layouts, texts, stamp, yesNo)),
    );
    await write(
      'dataset.sps',
      whole(() => spssScript(layouts, widths, texts, stamp, yesNo)),
    );
    await write(
      'README.txt',
      whole(() =>
        readmeText({
          texts,
          requestedBy,
          requestedAt: stamp,
          purpose: record.purpose,
          filters: shownFilters(filters, texts, centreOfCode, record.identified),
          identified: record.identified,
          dates: record.dates,
          freeText: record.freeText,
          studyKey: record.studyKey,
          language: record.language,
          rows,
          files: DATASET_FILES,
          disclosure: check,
          sexLabel: (code) => exportTexts.values.sex[code] ?? code,
        }),
      ),
    );
    await zip.finalize();
    await stored;
    const { size, sha256 } = sink.stored();
    return { rows, size, sha256, disclosure: check };
  } finally {
    await spool.remove();
  }
}
