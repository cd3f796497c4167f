import type { PatientFilters } from '@registry/shared';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { type Database, poolOf, type Queryable } from '../../db/client.ts';
import * as schema from '../../db/schema.ts';
import {
  documentsSql,
  type ExportKey,
  keysSql,
  patientRowsSql,
  RECORD_ROWS,
  type RecordKind,
} from './export-sql.ts';

/** Patients per batch: each kind of row of a batch is one statement. */
export const BATCH = 2000;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** A flat row as the export statements answer it. */
export type ExportRow = Record<string, unknown>;

/**
 * What a format reads: batches of patients in the exports' order, then, for a batch, its patient rows,
 * its records of one kind, or its whole patient files as JSON text. A format that needs several passes
 * (an XLSX, a sheet at a time) asks for the batches again; within one export they are read from one
 * snapshot.
 */
export interface ExportSource {
  batches(): AsyncGenerator<readonly string[]>;
  patientRows(ids: readonly string[]): Promise<ExportRow[]>;
  recordRows(kind: RecordKind, ids: readonly string[]): Promise<ExportRow[]>;
  documents(ids: readonly string[]): Promise<string[]>;
}

function sourceOn(db: Queryable, filters: PatientFilters, today: string, batchSize: number): ExportSource {
  const run = async <T>(query: SQL) => rowsOf<T>(await db.execute(query));
  return {
    async *batches() {
      let after: ExportKey | null = null;
      for (;;) {
        const keys: ExportKey[] = await run<ExportKey>(keysSql(filters, after, batchSize));
        if (keys.length > 0) {
          yield keys.map((key) => key.id);
        }
        if (keys.length < batchSize) {
          return;
        }
        after = keys[keys.length - 1] ?? null;
      }
    },
    patientRows: (ids) => run<ExportRow>(patientRowsSql(ids, today)),
    recordRows: (kind, ids) => run<ExportRow>(RECORD_ROWS[kind](ids)),
    documents: async (ids) => (await run<{ json: string }>(documentsSql(ids, today))).map((row) => row.json),
  };
}

/**
 * Runs an export over one snapshot of the registry. On PostgreSQL it holds a connection of its own in a
 * read-only, repeatable-read transaction for the length of the download, so that every batch and every
 * pass sees the same patients and records while others write. PGlite has a single connection, which a
 * long transaction would hold against every other request: there each batch is a short statement of
 * its own, and the keys still give every patient once, oldest first.
 */
export async function withExportSource<T>(
  db: Database,
  filters: PatientFilters,
  today: string,
  work: (source: ExportSource) => Promise<T>,
  batchSize = BATCH,
): Promise<T> {
  const pool = poolOf(db);
  if (!pool) {
    return work(sourceOn(db, filters, today, batchSize));
  }
  const client = await pool.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const result = await work(
      sourceOn(drizzlePg({ client, schema }) as unknown as Database, filters, today, batchSize),
    );
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
