import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { type Database, pgliteOf } from '../db/client.ts';
import { backgroundJobs } from '../db/schema.ts';

/**
 * Work that runs on the server after its request has answered (an import's check and apply, a
 * dataset's build), in this process, one row of `background_jobs` each: its kind, what it works on
 * (`subjectId`, the import's or the dataset's id), its state and its progress. A page that was closed
 * and opened again reads the progress from the row. A job that a stopped server left `running` is
 * marked `failed` by the next sweep (at start-up, and every minute on each instance): its heartbeat,
 * written with its progress and at least every `HEARTBEAT_MS`, is then old. Features keep their own
 * state beside it, and hear a job that ended in failure through their kind's `failed`.
 */

export const JOB_STATES = ['running', 'done', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];

/** How often a running job's row says it is alive. */
export const HEARTBEAT_MS = 10_000;
/** A running job not heard of for this long belongs to a server that stopped. */
export const ABANDONED_AFTER_MS = 60_000;
/** Progress is written at most this often (besides its first and last). */
const PROGRESS_EVERY_MS = 500;

/** What a job's work is given. */
export interface JobHandle {
  readonly id: string;
  /** Aborted when the server stops: the work ends at its next safe point. */
  readonly signal: AbortSignal;
  /** Records how far the work is; written to the row at most twice a second. */
  progress(done: number, total: number): void;
}

/** A kind of job, and what its feature does when one of them fails or is found abandoned. */
export interface JobKind {
  readonly name: string;
  /** The job's work threw, or its server stopped under it: the feature records it on its subject. */
  failed(db: Database, subjectId: string, error: unknown): Promise<void>;
}

export interface JobRow {
  readonly id: string;
  readonly kind: string;
  readonly subjectId: string;
  readonly state: JobState;
  readonly done: number;
  readonly total: number;
  readonly error: string | null;
}

/** The state of the latest job of each subject. */
export async function latestJobs(db: Database, subjectIds: readonly string[]): Promise<Map<string, JobRow>> {
  if (subjectIds.length === 0) {
    return new Map();
  }
  const rows = await db
    .selectDistinctOn([backgroundJobs.subjectId], {
      id: backgroundJobs.id,
      kind: backgroundJobs.kind,
      subjectId: backgroundJobs.subjectId,
      state: backgroundJobs.state,
      done: backgroundJobs.done,
      total: backgroundJobs.total,
      error: backgroundJobs.error,
    })
    .from(backgroundJobs)
    .where(inArray(backgroundJobs.subjectId, [...subjectIds]))
    .orderBy(backgroundJobs.subjectId, desc(backgroundJobs.startedAt), desc(backgroundJobs.id));
  return new Map(rows.map((row) => [row.subjectId, { ...row, state: row.state as JobState }]));
}

/**
 * Marks failed every running job whose heartbeat is older than `olderThanMs`, and tells its kind.
 * Answers how many it marked.
 */
export async function failAbandonedJobs(
  db: Database,
  kinds: readonly JobKind[],
  now: Date,
  olderThanMs = ABANDONED_AFTER_MS,
): Promise<number> {
  const abandoned = await db
    .update(backgroundJobs)
    .set({ state: 'failed', error: 'abandoned', finishedAt: now })
    .where(
      and(
        eq(backgroundJobs.state, 'running'),
        lt(backgroundJobs.heartbeatAt, new Date(now.getTime() - olderThanMs)),
      ),
    )
    .returning({ kind: backgroundJobs.kind, subjectId: backgroundJobs.subjectId });
  for (const job of abandoned) {
    await kinds.find((kind) => kind.name === job.kind)?.failed(db, job.subjectId, new JobAbandoned());
  }
  return abandoned.length;
}

/** The error a kind hears for a job its server left running. */
export class JobAbandoned extends Error {
  constructor() {
    super('the server stopped while the job ran');
    this.name = 'JobAbandoned';
  }
}

export interface JobRunner {
  /**
   * Records a job of `kind` on `subjectId` as running and starts `work` after the caller's answer; its
   * row ends `done`, or `failed` (and the kind hears it). Answers the job's id.
   */
  start(kind: JobKind, subjectId: string, work: (job: JobHandle) => Promise<void>): Promise<string>;
  /** Whether a job on the subject runs in this process. */
  runs(subjectId: string): boolean;
  /** Resolves when no job of this process runs (tests). */
  idle(): Promise<void>;
  /** Asks every job to stop, and waits for them (the server's shutdown). */
  close(): Promise<void>;
}

/** The jobs of one process. `log` hears a job that failed, and a write of progress that did not land. */
export function createJobRunner(
  db: Database,
  options: { log?: (message: string, error: unknown) => void; now?: () => Date } = {},
): JobRunner {
  const now = options.now ?? (() => new Date());
  const running = new Map<string, { subjectId: string; promise: Promise<void>; stop: AbortController }>();
  const log = options.log ?? (() => undefined);

  const finish = async (id: string, state: JobState, error: string | null, progress?: [number, number]) => {
    await db
      .update(backgroundJobs)
      .set({
        state,
        error,
        finishedAt: now(),
        heartbeatAt: now(),
        ...(progress ? { done: progress[0], total: progress[1] } : {}),
      })
      .where(eq(backgroundJobs.id, id));
  };

  return {
    async start(kind, subjectId, work) {
      const [row] = await db
        .insert(backgroundJobs)
        .values({ kind: kind.name, subjectId, state: 'running', startedAt: now(), heartbeatAt: now() })
        .returning({ id: backgroundJobs.id });
      if (!row) {
        throw new Error('insert returned no row');
      }
      const id = row.id;
      const stop = new AbortController();
      let last: [number, number] = [0, 0];
      let written = 0;
      let writing: Promise<unknown> = Promise.resolve();
      const write = () => {
        written = Date.now();
        const [done, total] = last;
        writing = writing
          .then(() =>
            db
              .update(backgroundJobs)
              .set({ done, total, heartbeatAt: now() })
              .where(and(eq(backgroundJobs.id, id), eq(backgroundJobs.state, 'running'))),
          )
          .catch((error: unknown) => log('a job’s progress was not recorded', error));
      };
      const heartbeat = setInterval(write, HEARTBEAT_MS);
      heartbeat.unref();
      const handle: JobHandle = {
        id,
        signal: stop.signal,
        progress(done, total) {
          last = [done, total];
          if (Date.now() - written >= PROGRESS_EVERY_MS || done === total) {
            write();
          }
        },
      };
      const promise = (async () => {
        // After the caller's answer: the request that started the job is not kept waiting.
        await new Promise<void>((resolve) => setImmediate(resolve));
        try {
          await work(handle);
          clearInterval(heartbeat);
          await writing;
          await finish(id, 'done', null, last);
        } catch (error) {
          clearInterval(heartbeat);
          await writing;
          log(`a ${kind.name} job failed`, error);
          await finish(id, 'failed', error instanceof Error ? error.name : 'Error', last).catch(
            (failure: unknown) => log('a failed job was not recorded', failure),
          );
          await kind
            .failed(db, subjectId, error)
            .catch((failure: unknown) => log(`a failed ${kind.name} job was not recorded`, failure));
        } finally {
          running.delete(id);
        }
      })();
      running.set(id, { subjectId, promise, stop });
      return id;
    },
    runs: (subjectId) => [...running.values()].some((job) => job.subjectId === subjectId),
    async idle() {
      while (running.size > 0) {
        await Promise.allSettled([...running.values()].map((job) => job.promise));
      }
    },
    async close() {
      for (const job of running.values()) {
        job.stop.abort();
      }
      await this.idle();
    },
  };
}

const runners = new WeakMap<object, JobRunner>();

/** The job runner of one application (its context): one per server process. */
export function jobRunnerOf(ctx: { readonly db: Database; readonly now: () => Date }): JobRunner {
  let runner = runners.get(ctx);
  if (!runner) {
    runner = createJobRunner(ctx.db, {
      now: ctx.now,
      log: (message, error) => console.error(message, error instanceof Error ? error.message : error),
    });
    runners.set(ctx, runner);
  }
  return runner;
}

/** Whether the database holds a running job of the subject (any instance). */
export async function jobRunning(db: Database, subjectId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(backgroundJobs)
    .where(and(eq(backgroundJobs.subjectId, subjectId), eq(backgroundJobs.state, 'running')))
    .limit(1);
  return row !== undefined;
}

/** How often each instance looks for jobs a stopped server left running. */
export const SWEEP_EVERY_MS = 60_000;

/**
 * Marks failed the jobs a stopped server left running: now (at start-up) and every minute while the
 * server runs. Answers a function that stops it.
 */
export function startJobSweep(
  ctx: { readonly db: Database; readonly now: () => Date },
  kinds: readonly JobKind[],
  log: { warn(obj: object, message: string): void },
): () => void {
  const sweep = (olderThanMs: number) => {
    failAbandonedJobs(ctx.db, kinds, ctx.now(), olderThanMs).catch((error: unknown) =>
      log.warn({ err: error instanceof Error ? error.message : String(error) }, 'job sweep failed'),
    );
  };
  // The embedded database has one process at a time: at its start, whatever runs is abandoned.
  sweep(pgliteOf(ctx.db) ? 0 : ABANDONED_AFTER_MS);
  const timer = setInterval(() => sweep(ABANDONED_AFTER_MS), SWEEP_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
