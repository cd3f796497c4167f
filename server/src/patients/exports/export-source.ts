import type { Language, OutcomeFilters } from '@registry/shared';
import type { SQL } from 'drizzle-orm';
import type { Database, Queryable } from '../../db/client.ts';
import { BATCH_READ_SETTINGS } from '../../db/planner.ts';
import { executePrepared } from '../../db/prepared.ts';
import { withSnapshot } from '../../db/snapshot.ts';
import { rowsOf } from '../../db/statements.ts';
import {
  batchCohort,
  documentsSql,
  type ExportKey,
  keysSql,
  patientRowsSql,
  RECORD_ROWS,
  type RecordKind,
} from './export-sql.ts';

/**
 * Patients per batch: each kind of row of a batch is one statement. Small batches keep the server's
 * memory down, since a few are read ahead of the format and an XLSX holds a batch's cells and XML while
 * the zip takes them; the statements are prepared, so a small batch costs little more
 * (docs/performance.md).
 */
export const BATCH = 500;

/** A flat row as the export statements answer it. */
export type ExportRow = Record<string, unknown>;

/**
 * What can be read for one batch of patients: its patient rows, its records of one kind, its files; or
 * any statement over the batch's keys (`run`, given `batchCohort(ids)`), prepared as the others are.
 */
export interface BatchReader {
  patientRows(ids: readonly string[]): Promise<ExportRow[]>;
  recordRows(kind: RecordKind, ids: readonly string[]): Promise<ExportRow[]>;
  documents(ids: readonly string[], language: Language): Promise<string[]>;
  run<T>(query: SQL): Promise<T[]>;
}

/**
 * Which patients a source reads: those matching the filters (the list's and a range of diagnosis dates),
 * and, when `until` is given, registered no later than then (a source read in several passes without a
 * snapshot, on PGlite, then never meets a patient registered between two passes).
 */
export interface BatchSelection {
  readonly filters: OutcomeFilters;
  readonly until?: Date;
}

/**
 * What a format reads: every batch of patients in the exports' order, each turned by `read` into what
 * the format writes. Batches are read ahead of the format (on PostgreSQL on two connections sharing one
 * snapshot), so that the database works on the next batches while the server writes this one. A format
 * that needs several passes (an XLSX, a sheet at a time) reads again; within one export every pass sees
 * the same snapshot.
 */
export interface ExportSource {
  read<T>(read: (reader: BatchReader, ids: readonly string[]) => Promise<T>): AsyncGenerator<T>;
}

/** Runs one statement at a time on a connection, in the order asked (a connection cannot run two). */
function serial(): <T>(job: () => Promise<T>) => Promise<T> {
  let tail: Promise<unknown> = Promise.resolve();
  return (job) => {
    const run = tail.then(job);
    tail = run.catch(() => undefined);
    return run;
  };
}

interface Connection {
  run<T>(query: SQL): Promise<T[]>;
}

/**
 * Each statement of an export has one text for every batch (the batch's keys are one array value), so
 * it is prepared: PostgreSQL plans it once per connection rather than once per batch.
 */
function connectionOf(db: Queryable): Connection {
  const queue = serial();
  return { run: (query) => queue(async () => rowsOf(await executePrepared(db, query))) };
}

function readerOn(connection: Connection, today: string): BatchReader {
  return {
    patientRows: (ids) => connection.run<ExportRow>(patientRowsSql(batchCohort(ids), today)),
    recordRows: (kind, ids) => connection.run<ExportRow>(RECORD_ROWS[kind](batchCohort(ids))),
    documents: async (ids, language) =>
      (await connection.run<{ json: string }>(documentsSql(batchCohort(ids), today, language))).map(
        (row) => row.json,
      ),
    run: (query) => connection.run(query),
  };
}

/**
 * Keys are read a page at a time, in several batches' worth: each statement is a round trip (and a
 * system call at each end), and a page of keys is small (10,000 keys, about a megabyte).
 */
const KEY_PAGE = 10_000;

/** The keys of every batch, read on the first connection a page at a time. */
async function* keysOf(
  connection: Connection,
  selection: BatchSelection,
  batchSize: number,
  keyPage: number,
): AsyncGenerator<readonly string[]> {
  const page = Math.max(batchSize, Math.floor(keyPage / batchSize) * batchSize);
  let after: ExportKey | null = null;
  for (;;) {
    const keys: ExportKey[] = await connection.run<ExportKey>(keysSql(selection, after, page));
    for (let start = 0; start < keys.length; start += batchSize) {
      yield keys.slice(start, start + batchSize).map((key) => key.id);
    }
    if (keys.length < page) {
      return;
    }
    after = keys[keys.length - 1] ?? null;
  }
}

/**
 * Batch i is read on connection i mod n, at most n + 1 batches ahead of the consumer, and handed over in
 * order. A consumer that stops early (a client gone) stops the reading: nothing more is asked.
 */
function sourceOn(
  connections: readonly Connection[],
  selection: BatchSelection,
  today: string,
  batchSize: number,
  keyPage: number,
): ExportSource {
  const readers = connections.map((connection) => readerOn(connection, today));
  return {
    async *read(read) {
      const ahead: Promise<unknown>[] = [];
      let index = 0;
      try {
        for await (const ids of keysOf(connections[0] as Connection, selection, batchSize, keyPage)) {
          const reading = read(readers[index++ % readers.length] as BatchReader, ids);
          // Awaited below, in order; meanwhile a failure must not go unhandled.
          reading.catch(() => undefined);
          ahead.push(reading);
          while (ahead.length > readers.length) {
            yield (await ahead.shift()) as Awaited<ReturnType<typeof read>>;
          }
        }
        while (ahead.length > 0) {
          yield (await ahead.shift()) as Awaited<ReturnType<typeof read>>;
        }
      } finally {
        // Let what was already asked finish before the connections go back to the pool.
        await Promise.allSettled(ahead);
      }
    },
  };
}

/**
 * Runs an export over one snapshot of the registry (`withSnapshot`), so that every batch and every
 * pass sees the same patients and records while others write; a second connection reads every other
 * batch when the pool has one to spare. On PGlite each batch is a short statement of its own, and the
 * keys still give every patient once, oldest first.
 */
export function withExportSource<T>(
  db: Database,
  selection: OutcomeFilters | BatchSelection,
  today: string,
  work: (source: ExportSource) => Promise<T>,
  batchSize = BATCH,
  keyPage = KEY_PAGE,
): Promise<T> {
  const selected: BatchSelection = 'filters' in selection ? selection : { filters: selection };
  return withSnapshot(db, { settings: BATCH_READ_SETTINGS, readers: 2 }, (readers) =>
    work(sourceOn(readers.map(connectionOf), selected, today, batchSize, keyPage)),
  );
}
