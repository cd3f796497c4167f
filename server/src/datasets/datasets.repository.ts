import type { Dataset, DatasetError, DatasetRequest, DatasetRows, DatasetStatus } from '@registry/shared';
import { and, asc, count, desc, eq, max, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { datasetCentres, datasetChunks, datasets, institutions, users } from '../db/schema.ts';

/**
 * The datasets, their zips and the centres of each study key (`datasets`, `dataset_chunks`,
 * `dataset_centres`). The zip is written and read a chunk at a time, so that neither a build nor a
 * download holds it whole.
 */

/** The most bytes of a chunk of a stored zip (the table's check says the same). */
export const CHUNK_BYTES = 1024 * 1024;

const COLUMNS = {
  id: datasets.id,
  status: datasets.status,
  createdAt: datasets.createdAt,
  finishedAt: datasets.finishedAt,
  requestedById: datasets.requestedBy,
  requestedByEmail: users.email,
  purpose: datasets.purpose,
  filters: datasets.filters,
  identified: datasets.identified,
  dates: datasets.dates,
  studyKey: datasets.studyKey,
  freeText: datasets.freeText,
  language: datasets.language,
  rows: datasets.rows,
  size: datasets.size,
  sha256: datasets.sha256,
  smallestGroup: datasets.smallestGroup,
  error: datasets.error,
};

const selectOf = (db: Queryable) =>
  db.select(COLUMNS).from(datasets).leftJoin(users, eq(users.id, datasets.requestedBy));
type Row = Awaited<ReturnType<typeof selectOf>>[number];

/** A dataset as stored: the wire's shape but its progress, which is its background job's. */
export type DatasetRecord = Omit<Dataset, 'progress'>;

function toDataset(row: Row): DatasetRecord {
  return {
    id: row.id,
    status: row.status as DatasetStatus,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    requestedBy: { id: row.requestedById, email: row.requestedByEmail },
    purpose: row.purpose,
    filters: row.filters as Record<string, string>,
    identified: row.identified,
    dates: row.dates as Dataset['dates'],
    studyKey: row.studyKey,
    freeText: row.freeText,
    language: row.language as Dataset['language'],
    rows: (row.rows as DatasetRows | null) ?? null,
    size: row.size,
    sha256: row.sha256,
    smallestGroup: row.smallestGroup,
    error: row.error as DatasetRecord['error'],
  };
}

/** What a finished build records. */
export interface BuildResult {
  readonly rows: DatasetRows;
  readonly size: number;
  readonly sha256: string;
  readonly smallestGroup: number | null;
}

export function createDatasetsRepository(db: Queryable) {
  const select = () => selectOf(db);
  return {
    /**
     * Records a request, whose build starts. Its time is the database's, as the patients' registration
     * is: the build reads the patients registered by then.
     */
    async create(request: DatasetRequest, requestedBy: string): Promise<DatasetRecord> {
      const [created] = await db
        .insert(datasets)
        .values({
          requestedBy,
          purpose: request.purpose,
          filters: request.filters,
          identified: request.identified,
          dates: request.dates,
          studyKey: request.studyKey,
          freeText: request.freeText,
          language: request.language,
        })
        .returning({ id: datasets.id });
      const dataset = created ? await this.find(created.id) : null;
      if (!dataset) {
        throw new Error('the dataset just recorded cannot be read');
      }
      return dataset;
    },

    /** A dataset, or null for an unknown id. */
    async find(id: string): Promise<DatasetRecord | null> {
      const [row] = await select().where(eq(datasets.id, id));
      return row ? toDataset(row) : null;
    },

    /** A page of the datasets, newest first, and how many there are. */
    async page(page: number, size: number): Promise<{ rows: DatasetRecord[]; total: number }> {
      const rows = await select()
        .orderBy(desc(datasets.createdAt), desc(datasets.id))
        .limit(size)
        .offset(page * size);
      const [total] = await db.select({ total: count() }).from(datasets);
      return { rows: rows.map((row) => toDataset(row)), total: total?.total ?? 0 };
    },

    async ready(id: string, result: BuildResult, at: Date): Promise<void> {
      await db
        .update(datasets)
        .set({
          status: 'ready',
          rows: result.rows,
          size: result.size,
          sha256: result.sha256,
          smallestGroup: result.smallestGroup,
          finishedAt: at,
        })
        .where(eq(datasets.id, id));
    },

    /** The build failed: what it stored of the zip goes. */
    async failed(id: string, error: DatasetError, at: Date): Promise<void> {
      await db.delete(datasetChunks).where(eq(datasetChunks.datasetId, id));
      await db
        .update(datasets)
        .set({ status: 'failed', error, finishedAt: at })
        .where(and(eq(datasets.id, id), eq(datasets.status, 'building')));
    },

    /** Every institution's id by its code in lower case (codes are unique whatever their case). */
    async institutionsByCode(): Promise<Map<string, string>> {
      const rows = await db.select({ id: institutions.id, code: institutions.code }).from(institutions);
      return new Map(rows.map((row) => [row.code.toLowerCase(), row.id]));
    },

    async appendChunk(id: string, seq: number, content: Buffer): Promise<void> {
      await db.insert(datasetChunks).values({ datasetId: id, seq, content });
    },

    /** Chunk `seq` of a stored zip, or null past its last. */
    async chunk(id: string, seq: number): Promise<Buffer | null> {
      const [row] = await db
        .select({ content: datasetChunks.content })
        .from(datasetChunks)
        .where(and(eq(datasetChunks.datasetId, id), eq(datasetChunks.seq, seq)));
      return row?.content ?? null;
    },

    /**
     * The centre number of every institution under a study (its keyed hash): those numbered before keep
     * their number; the others get the next ones in the order of `rank`. Two builds of one study at
     * once number in turn (an advisory lock of the transaction), so no number is given twice.
     */
    async centres(study: string, rank: (institutionId: string) => string): Promise<Map<string, number>> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`dataset_centres:${study}`}))`);
        const known = await tx
          .select({ institutionId: datasetCentres.institutionId, number: datasetCentres.number })
          .from(datasetCentres)
          .where(eq(datasetCentres.study, study));
        const numbers = new Map(known.map((row) => [row.institutionId, row.number]));
        const all = await tx.select({ id: institutions.id }).from(institutions).orderBy(asc(institutions.id));
        const fresh = all
          .map((row) => row.id)
          .filter((id) => !numbers.has(id))
          .sort((a, b) => rank(a).localeCompare(rank(b)));
        if (fresh.length > 0) {
          const [last] = await tx
            .select({ last: max(datasetCentres.number) })
            .from(datasetCentres)
            .where(eq(datasetCentres.study, study));
          const first = (last?.last ?? 0) + 1;
          const rows = fresh.map((institutionId, index) => ({ study, institutionId, number: first + index }));
          await tx.insert(datasetCentres).values(rows);
          for (const row of rows) {
            numbers.set(row.institutionId, row.number);
          }
        }
        return numbers;
      });
    },
  };
}
export type DatasetsRepository = ReturnType<typeof createDatasetsRepository>;
