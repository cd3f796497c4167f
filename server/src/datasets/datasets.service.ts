import type { Readable } from 'node:stream';
import type {
  Dataset,
  DatasetError,
  DatasetListQuery,
  DatasetRequest,
  DatasetStarted,
} from '@registry/shared';
import { created, recordAudit } from '../audit/record.ts';
import type { Actor } from '../auth/actor.ts';
import { JobAbandoned, type JobKind, jobRunnerOf, latestJobs } from '../background/jobs.ts';
import type { AppContext } from '../context.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { type Page, toPage } from '../http/paging.ts';
import { buildDataset } from './dataset-build.ts';
import { createDatasetsRepository, type DatasetRecord } from './datasets.repository.ts';
import { chunkSource } from './zip-store.ts';

/**
 * The analysis datasets (CONTRACT §15, docs/api-datasets.md): an admin asks for one, it is built in the
 * background (`dataset-build.ts`) with its progress in its job's row, kept in the database, listed and
 * downloaded. Every step is audited: the request with its purpose, filters and options, the build's
 * rows and SHA-256 (or its failure), each download.
 */

/** The background job of a dataset's build; a failed or abandoned one fails its dataset. */
export const DATASET_JOB: JobKind = {
  name: 'dataset',
  async failed(db, datasetId, error) {
    const code: DatasetError =
      error instanceof JobAbandoned || isAbort(error) ? 'SERVER_STOPPED' : 'BUILD_FAILED';
    await createDatasetsRepository(db).failed(datasetId, code, new Date());
  },
};

const isAbort = (error: unknown) => error instanceof Error && error.name === 'AbortError';

/**
 * Builds running at once on a server: each holds a snapshot (two connections on PostgreSQL) and a core.
 * A build asked for beyond them waits its turn, `building` at no progress.
 */
export const DATASET_BUILDS_MAX = 2;

/** Turns to build, per application: a build takes one before it starts and gives it back when it ends. */
function turnsOf(ctx: AppContext): { take(signal: AbortSignal): Promise<() => void> } {
  let turns = TURNS.get(ctx);
  if (!turns) {
    let free = DATASET_BUILDS_MAX;
    const waiting: (() => void)[] = [];
    const give = () => {
      const next = waiting.shift();
      if (next) {
        next();
      } else {
        free++;
      }
    };
    turns = {
      async take(signal) {
        if (free > 0) {
          free--;
        } else {
          await new Promise<void>((resolve, reject) => {
            const go = () => {
              signal.removeEventListener('abort', stop);
              resolve();
            };
            const stop = () => {
              waiting.splice(waiting.indexOf(go), 1);
              reject(signal.reason);
            };
            waiting.push(go);
            signal.addEventListener('abort', stop, { once: true });
          });
        }
        return give;
      },
    };
    TURNS.set(ctx, turns);
  }
  return turns;
}
const TURNS = new WeakMap<AppContext, { take(signal: AbortSignal): Promise<() => void> }>();

/** Records the request and starts its build: 202 with the dataset's id, state and progress. */
export async function requestDataset(
  ctx: AppContext,
  actor: Actor,
  request: DatasetRequest,
): Promise<DatasetStarted> {
  const repository = createDatasetsRepository(ctx.db);
  const record = await repository.create(request, actor.principal.userId);
  await recordAudit(ctx.db, actor, {
    action: 'datasets.request',
    entityType: 'dataset',
    entityId: record.id,
    changes: created({
      purpose: request.purpose,
      filters: request.filters,
      identified: request.identified,
      dates: request.identified ? 'exact' : request.dates,
      freeText: request.freeText,
      studyKey: request.studyKey,
      language: request.language,
    }),
  });
  await jobRunnerOf(ctx).start(DATASET_JOB, record.id, async (job) => {
    let done: (() => void) | null = null;
    try {
      done = await turnsOf(ctx).take(job.signal);
      const built = await buildDataset(ctx, record, actor.principal.nickname, job);
      const at = ctx.now();
      await repository.ready(
        record.id,
        {
          rows: built.rows,
          size: built.size,
          sha256: built.sha256,
          smallestGroup: built.disclosure.smallest,
        },
        at,
      );
      await recordAudit(
        ctx.db,
        { ...actor, now: at },
        {
          action: 'datasets.ready',
          entityType: 'dataset',
          entityId: record.id,
          changes: created({
            identified: record.identified,
            rows: built.rows,
            size: built.size,
            sha256: built.sha256,
            smallestGroup: built.disclosure.smallest,
            groupsUnderFive: built.disclosure.small.length,
          }),
        },
      );
    } catch (error) {
      await recordAudit(
        ctx.db,
        { ...actor, now: ctx.now() },
        {
          action: 'datasets.ready',
          outcome: 'failed',
          entityType: 'dataset',
          entityId: record.id,
        },
      ).catch(() => undefined);
      throw error;
    } finally {
      done?.();
    }
  });
  return { id: record.id, status: 'building', progress: { done: 0, total: 0 } };
}

/**
 * The records with their builds' progress, as their jobs last wrote it: each table's pass over the
 * patients counts, so a build is done at five times its patients.
 */
async function withProgress(ctx: AppContext, records: readonly DatasetRecord[]): Promise<Dataset[]> {
  const jobs = await latestJobs(
    ctx.db,
    records.map((record) => record.id),
  );
  return records.map((record) => {
    const job = jobs.get(record.id);
    return { ...record, progress: { done: job?.done ?? 0, total: job?.total ?? 0 } };
  });
}

export async function getDataset(ctx: AppContext, id: string): Promise<Dataset> {
  const record = await createDatasetsRepository(ctx.db).find(id);
  if (!record) {
    throw notFound();
  }
  const [dataset] = await withProgress(ctx, [record]);
  return dataset as Dataset;
}

export async function listDatasets(ctx: AppContext, query: DatasetListQuery): Promise<Page<Dataset>> {
  const { rows, total } = await createDatasetsRepository(ctx.db).page(query.page, query.size);
  return toPage(await withProgress(ctx, rows), total, query.page, query.size);
}

/** A ready dataset's zip, audited as an export; 404 for an unknown one, 409 while it is not ready. */
export async function downloadDataset(
  ctx: AppContext,
  actor: Actor,
  id: string,
): Promise<{ record: DatasetRecord; body: Readable }> {
  const repository = createDatasetsRepository(ctx.db);
  const record = await repository.find(id);
  if (!record) {
    throw notFound();
  }
  if (record.status !== 'ready') {
    throw new HttpError(409, 'DATASET_NOT_READY');
  }
  await recordAudit(ctx.db, actor, {
    action: 'datasets.download',
    entityType: 'dataset',
    entityId: id,
    changes: created({ identified: record.identified, sha256: record.sha256 }),
  });
  return { record, body: chunkSource(repository, id) };
}
