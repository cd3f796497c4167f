import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backgroundJobs } from '../db/schema.ts';
import { openTestDatabase, type TestDatabase } from '../test/database.ts';
import { createJobRunner, failAbandonedJobs, type JobKind, jobRunning, latestJobs } from './jobs.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

/** A kind that remembers which of its subjects failed, and with what. */
function recordingKind(): JobKind & { failures: Map<string, unknown> } {
  const failures = new Map<string, unknown>();
  return {
    name: 'test',
    failures,
    async failed(_db, subjectId, error) {
      failures.set(subjectId, error);
    },
  };
}

describe('the background jobs', () => {
  it('runs a job after its start answers, records its progress and ends it done', async () => {
    const runner = createJobRunner(database.db);
    const kind = recordingKind();
    const subject = randomUUID();
    let started = false;
    const id = await runner.start(kind, subject, async (job) => {
      started = true;
      for (let done = 1; done <= 3; done++) {
        job.progress(done, 3);
      }
    });
    expect(started).toBe(false);
    expect(await jobRunning(database.db, subject)).toBe(true);
    await runner.idle();
    const job = (await latestJobs(database.db, [subject])).get(subject);
    expect(job).toMatchObject({ id, state: 'done', done: 3, total: 3, error: null });
    expect(runner.runs(subject)).toBe(false);
    expect(kind.failures.size).toBe(0);
  });

  it('ends a job whose work throws failed, and tells its kind', async () => {
    const runner = createJobRunner(database.db);
    const kind = recordingKind();
    const subject = randomUUID();
    await runner.start(kind, subject, async (job) => {
      job.progress(1, 10);
      throw new RangeError('no');
    });
    await runner.idle();
    expect((await latestJobs(database.db, [subject])).get(subject)).toMatchObject({
      state: 'failed',
      error: 'RangeError',
      done: 1,
      total: 10,
    });
    expect(kind.failures.get(subject)).toBeInstanceOf(RangeError);
  });

  it('asks its jobs to stop when the server closes', async () => {
    const runner = createJobRunner(database.db);
    const kind = recordingKind();
    const subject = randomUUID();
    await runner.start(kind, subject, async (job) => {
      while (!job.signal.aborted) {
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      throw job.signal.reason;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(runner.runs(subject)).toBe(true);
    await runner.close();
    expect((await latestJobs(database.db, [subject])).get(subject)?.state).toBe('failed');
    expect(kind.failures.has(subject)).toBe(true);
  });

  it('marks failed a job its server left running, once its heartbeat is old, and tells its kind', async () => {
    const kind = recordingKind();
    const stale = randomUUID();
    const alive = randomUUID();
    const now = new Date();
    await database.db.insert(backgroundJobs).values([
      { kind: 'test', subjectId: stale, state: 'running', heartbeatAt: new Date(now.getTime() - 120_000) },
      { kind: 'test', subjectId: alive, state: 'running', heartbeatAt: now },
    ]);
    expect(await failAbandonedJobs(database.db, [kind], now)).toBe(1);
    expect([...kind.failures.keys()]).toEqual([stale]);
    const rows = await database.db
      .select({ subjectId: backgroundJobs.subjectId, state: backgroundJobs.state })
      .from(backgroundJobs)
      .where(eq(backgroundJobs.kind, 'test'));
    expect(rows.find((row) => row.subjectId === stale)?.state).toBe('failed');
    expect(rows.find((row) => row.subjectId === alive)?.state).toBe('running');
    // At the start of the embedded database's one process, whatever runs is abandoned.
    expect(await failAbandonedJobs(database.db, [kind], new Date(now.getTime() + 1), 0)).toBe(1);
  });
});
