import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngine } from '../test/database.ts';
import { buildTestApp, type TestApp } from '../test/helper.ts';
import { type Caller, createPatient, newDoctor } from '../test/patients.ts';
import { openDatabase } from './client.ts';

/** Holds an exclusive lock on the list's read model from another connection, until released. */
async function lockReadModel(url: string): Promise<() => Promise<void>> {
  const holder = new pg.Client({ connectionString: url });
  await holder.connect();
  await holder.query('begin');
  await holder.query('lock table patient_list in access exclusive mode');
  return async () => {
    await holder.query('rollback');
    await holder.end();
  };
}

async function waitingOnTheLock(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query(
    "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
  );
  await client.end();
  return rows[0].n;
}

describe.skipIf(testEngine !== 'postgres')('statements that take too long', () => {
  let first: TestApp;
  let t: TestApp;
  let doctor: Caller;
  let url: string;
  beforeAll(async () => {
    first = await buildTestApp();
    url = first.database.url ?? '';
    // The same database, with a time limit of 400 ms per statement.
    t = await buildTestApp({}, { database: await openDatabase({ url, statementTimeoutMs: 400 }) });
    doctor = await newDoctor(t);
    await createPatient(t, doctor);
  });
  afterAll(async () => {
    await t.app.close();
    await t.database.close();
    await first.close();
  });

  it('stops a statement at its time limit and answers 503', async () => {
    const release = await lockReadModel(url);
    try {
      const started = Date.now();
      const res = await t.request({ method: 'GET', url: '/api/patients/list', token: doctor.token });
      expect(res.statusCode).toBe(503);
      expect(res.json().code).toBe('UNAVAILABLE');
      expect(Date.now() - started).toBeLessThan(3000);
    } finally {
      await release();
    }
  });

  it('cancels the statement of a request whose client went away', async () => {
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const release = await lockReadModel(url);
    try {
      const gone = new AbortController();
      const request = fetch(`${address}/api/patients/list`, {
        headers: { authorization: `Bearer ${doctor.token}` },
        signal: gone.signal,
      }).catch(() => 'aborted');
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(await waitingOnTheLock(url)).toBe(1);
      gone.abort();
      expect(await request).toBe('aborted');
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(await waitingOnTheLock(url)).toBe(0);
    } finally {
      await release();
    }
  });
});
