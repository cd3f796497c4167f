import type { PatientFilters } from '@registry/shared';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { type Database, poolOf, type Queryable } from '../../db/client.ts';
import { executePrepared } from '../../db/prepared.ts';
import * as schema from '../../db/schema.ts';
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
 * the zip takes them; the statements are prepared, so a small batch costs little more. At 100,000
 * patients from a fresh start, the CSV grew the server by 98–103 MiB with batches of 500 and 128–144 MiB
 * with 2,000, and took 2.5–3.0 s against 2.8–3.3; the XLSX grew by 176–182 MiB with 500 and 211–216 MiB
 * with 1,000, in the same time.
 */
export const BATCH = 500;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** A flat row as the export statements answer it. */
export type ExportRow = Record<string, unknown>;

/** What can be read for one batch of patients: its patient rows, its records of one kind, its files. */
export interface BatchReader {
  patientRows(ids: readonly string[]): Promise<ExportRow[]>;
  recordRows(kind: RecordKind, ids: readonly string[]): Promise<ExportRow[]>;
  documents(ids: readonly string[]): Promise<string[]>;
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
 * it is prepared: PostgreSQL plans it once per connection rather than once per batch, which cost a
 * tenth to a fifth of each batch's time.
 */
function connectionOf(db: Queryable): Connection {
  const queue = serial();
  return { run: (query) => queue(async () => rowsOf(await executePrepared(db, query))) };
}

function readerOn(connection: Connection, today: string): BatchReader {
  return {
    patientRows: (ids) => connection.run<ExportRow>(patientRowsSql(batchCohort(ids), today)),
    recordRows: (kind, ids) => connection.run<ExportRow>(RECORD_ROWS[kind](batchCohort(ids))),
    documents: async (ids) =>
      (await connection.run<{ json: string }>(documentsSql(batchCohort(ids), today))).map((row) => row.json),
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
  filters: PatientFilters,
  batchSize: number,
  keyPage: number,
): AsyncGenerator<readonly string[]> {
  const page = Math.max(batchSize, Math.floor(keyPage / batchSize) * batchSize);
  let after: ExportKey | null = null;
  for (;;) {
    const keys: ExportKey[] = await connection.run<ExportKey>(keysSql(filters, after, page));
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
  filters: PatientFilters,
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
        for await (const ids of keysOf(connections[0] as Connection, filters, batchSize, keyPage)) {
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

/** A snapshot's name as pg_export_snapshot gives it, checked before it is written into SQL. */
const SNAPSHOT_ID = /^[0-9A-F]+-[0-9A-F]+(-[0-9]+)?$/i;

/**
 * Settings of an export's transactions: its statements look up a few thousand patients by key in
 * tables the server keeps cached, and sort and group a batch's records in memory.
 */
const EXPORT_SETTINGS = ["set local work_mem = '64MB'", 'set local random_page_cost = 1.1'];

/**
 * Runs an export over one snapshot of the registry. On PostgreSQL it holds a connection in a read-only,
 * repeatable-read transaction for the length of the download, so that every batch and every pass sees
 * the same patients and records while others write; when the pool has a connection to spare, a second
 * one joins the same snapshot (`pg_export_snapshot`) and reads every other batch. PGlite has a single
 * connection, which a long transaction would hold against every other request: there each batch is a
 * short statement of its own, and the keys still give every patient once, oldest first.
 */
export async function withExportSource<T>(
  db: Database,
  filters: PatientFilters,
  today: string,
  work: (source: ExportSource) => Promise<T>,
  batchSize = BATCH,
  keyPage = KEY_PAGE,
): Promise<T> {
  const pool = poolOf(db);
  if (!pool) {
    return work(sourceOn([connectionOf(db)], filters, today, batchSize, keyPage));
  }
  const clients: pg.PoolClient[] = [];
  try {
    const main = await pool.connect();
    clients.push(main);
    await main.query('begin isolation level repeatable read read only');
    for (const setting of EXPORT_SETTINGS) {
      await main.query(setting);
    }
    // A second reader only when the pool has one to spare now: an export never waits for the pool.
    const [exported] = (await main.query<{ snapshot: string }>('select pg_export_snapshot() as snapshot'))
      .rows;
    const spare =
      pool.waitingCount === 0 && (pool.idleCount > 0 || pool.totalCount < (pool.options.max ?? 10));
    if (spare && exported && SNAPSHOT_ID.test(exported.snapshot)) {
      const helper = await pool.connect();
      clients.push(helper);
      await helper.query('begin isolation level repeatable read read only');
      await helper.query(`set transaction snapshot '${exported.snapshot}'`);
      for (const setting of EXPORT_SETTINGS) {
        await helper.query(setting);
      }
    }
    const connections = clients.map((client) =>
      connectionOf(drizzlePg({ client, schema }) as unknown as Database),
    );
    const result = await work(sourceOn(connections, filters, today, batchSize, keyPage));
    for (const client of clients) {
      await client.query('commit');
    }
    return result;
  } catch (error) {
    for (const client of clients) {
      await client.query('rollback').catch(() => undefined);
    }
    throw error;
  } finally {
    for (const client of clients) {
      client.release();
    }
  }
}
