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
import { chunkSink } from './zip-store.ts';

/**
 * Builds a dataset's zip in the background (CONTRACT §15, docs/api-datasets.md): the five tables, each a
 * pass over the patients of its filters a batch at a time, written as CSV straight into the zip, which
 * goes a chunk at a time into the database (`zip-store.ts`); then the codebook, the data package, the
 * scripts and the README, written from what the passes counted. Every pass reads one snapshot on
 * PostgreSQL; on PGlite, where a snapshot would hold the one connection, every pass reads the patients
 * registered by the time the dataset was asked for, so that no table names a patient another lacks.
 * Memory holds a batch and the zip's buffers, whatever the number of patients.
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
  const total = patients * plan.length;
  let done = 0;
  job.progress(0, total);

  const disclosure = new DisclosureCounter();
  const stats = plan.map((planned) => new TableStats(planned.layout));
  const sink = chunkSink(repository, record.id);
  const { ZipArchive } = await import('archiver');
  const zip = new ZipArchive({ zlib: { level: 6 } });
  const stored = pipeline(zip, sink);
  // Awaited at the end; a failure before must not go unhandled meanwhile.
  stored.catch(() => undefined);
  /**
   * Appends a file and waits until the zip has written it: the zip starts reading a stream as soon as
   * it is given one, and each file must be read only once those before it are written (a table's pass
   * after the previous one's, the descriptions from what the passes counted).
   */
  const write = async (name: string, chunks: AsyncIterable<string>) => {
    const written = once(zip, 'entry');
    const part = Readable.from(chunks, { objectMode: false });
    part.on('error', (error) => zip.destroy(error));
    zip.append(part, { name, date: requestedAt });
    await written;
  };
  const whole = (text: () => string) =>
    (async function* () {
      yield text();
    })();

  await withPatientBatches(ctx.db, { filters, until }, todayOf(requestedAt), async (source) => {
    for (const [index, planned] of plan.entries()) {
      const table = stats[index] as TableStats;
      const read = batchRowsOf(planned, context, disclosure);
      const freeText = new Set(
        planned.columns.filter((column) => column.freeText).map((column) => column.column.name),
      );
      await write(
        fileOf(planned.layout.name),
        (async function* () {
          yield table.header();
          for await (const batch of source.read(async (reader, ids) => ({
            rows: await read(reader, ids),
            ids,
          }))) {
            job.signal.throwIfAborted();
            yield table.lines(batch.rows, freeText);
            done += batch.ids.length;
            job.progress(done, total);
          }
        })(),
      );
    }
  });
  const layouts = plan.map((planned) => planned.layout);
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
}
