import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobRunnerOf } from '../background/jobs.ts';
import { expectClose } from '../test/expect-close.ts';
import { buildTestApp, type TestApp } from '../test/helper.ts';
import { type Caller, newAdmin, newDoctor } from '../test/patients.ts';
import { type ReadZip, readZip } from '../test/zip.ts';
import { parseDoFile, parseSpssSyntax } from './scripts/script-parsers.ts';

/**
 * The dataset of a cohort created through the API (fixtures/dataset-cohort.csv) read in R with its own
 * `read_dataset.R` gives exactly the registry's Kaplan–Meier estimates, cumulative incidences and counts
 * (CONTRACT §15). fixtures/dataset/ holds that dataset as the registry built it; fixtures/dataset-cohort.R
 * reads it with its read_dataset.R and computes, with survival and cmprsk, what the outcomes screens
 * show, into fixtures/dataset-cohort.json. This test builds the dataset again: its files must be those
 * R read (the pseudonyms aside, which depend on the patients' ids, and the registration dates, which
 * count to the day the test runs), and the outcomes screens must answer what R answered. Where R is
 * installed, it also reads the dataset just built and must answer the same.
 *
 * Regenerate, from the repository's root, after a change to the dataset's files:
 *   WRITE_DATASET_FIXTURE=1 npx vitest run --project server server/src/datasets/dataset-fixture.test.ts
 *   (cd server/src/datasets/fixtures && Rscript dataset-cohort.R dataset > dataset-cohort.json)
 *   npx biome format --write server/src/datasets/fixtures
 */
const here = path.join(path.dirname(new URL(import.meta.url).pathname), 'fixtures');
const datasetFolder = path.join(here, 'dataset');
const writing = process.env.WRITE_DATASET_FIXTURE === '1';
const cohort = parse(readFileSync(path.join(here, 'dataset-cohort.csv')), {
  columns: true,
  cast: (value) => (value === '' ? null : value),
}) as Record<string, string | null>[];
const hasR = spawnSync('Rscript', ['--version'], { stdio: 'ignore' }).status === 0;
const hasPspp = spawnSync('pspp', ['--version'], { stdio: 'ignore' }).status === 0;
const TABLES = ['patients', 'treatments', 'drugs', 'responses', 'markers'] as const;

/** The request of the fixture's dataset. */
const REQUEST = {
  purpose: 'Survival of the fixture cohort, read in R',
  studyKey: 'fixture',
  language: 'en',
};

/** What the outcomes screens answer, in the shape the R script writes. */
interface Answers {
  counts: { patients: number; bySubtype: Record<string, number>; relapses: number; deaths: number };
  followUp: unknown;
  os: unknown;
  efs: unknown;
  rfsCR: unknown;
  incidence: unknown;
}

describe('a dataset read in R gives the registry’s survival, incidences and counts', () => {
  let t: TestApp;
  let admin: Caller;
  let doctor: Caller;
  let zip: ReadZip;

  beforeAll(async () => {
    t = await buildTestApp({ DATASET_KEY: 'cd'.repeat(32) });
    admin = await newAdmin(t);
    doctor = await newDoctor(t);
    const send = async (method: 'POST' | 'PATCH' | 'PUT', url: string, payload: object) => {
      const res = await t.request({ method, url, token: doctor.token, payload });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
      return res.json();
    };
    for (const [index, row] of cohort.entries()) {
      const id = (
        await send('POST', '/api/patients', {
          identification: row.identification,
          demography: { birthDate: row.birthDate, gender: row.gender },
        })
      ).data.id as string;
      if (row.dxDate) {
        const diagnostic = await send('POST', '/api/patients/diagnostics', {
          patientId: id,
          dxDate: row.dxDate,
          dxSubType: row.subtype,
          patientFit: row.patientFit,
          relapse: row.relapseDate !== null,
          relapseDate: row.relapseDate,
          consent: true,
          consentDate: row.dxDate,
        });
        // Every third AML with a normal karyotype, NPM1 mutated and FLT3-ITD not: rows of markers.csv.
        if (row.subtype === 'AML' && index % 3 === 0) {
          await send('PUT', `/api/patients/diagnostics/${diagnostic.data.id}/genetics`, {
            karyotype: row.gender === 'male' ? '46,XY[20]' : '46,XX[20]',
            karyotypeResult: 'normal',
            markers: [
              { code: 'NPM1', result: 'positive', vaf: 35.5 },
              { code: 'FLT3-ITD', result: 'negative', vaf: null },
            ],
          });
        }
        const treatments: object[] = [];
        if (row.scheme) {
          treatments.push({
            order: 1,
            scheme: row.scheme,
            startDate: row.startDate,
            diseaseAssessment: row.response,
            diseaseAssessmentDate: row.responseDate,
            EMRStatus: row.mrd,
            EMRDate: row.mrdDate,
            // One drug of the scheme on its first day: rows of drugs.csv.
            drugs: [
              {
                name: 'Citarabina',
                dose: '100 mg/m2',
                startApplicationDate: row.startDate,
                lastAplicationDate: row.startDate,
              },
            ],
          });
        }
        if (row.scheme2) {
          treatments.push({
            order: 2,
            scheme: row.scheme2,
            startDate: row.start2,
            diseaseAssessment: row.response2,
            diseaseAssessmentDate: row.responseDate2,
          });
        }
        if (treatments.length > 0) {
          await send('POST', '/api/patients/treatments', { patientId: id, treatments });
        }
      }
      if (row.deathDate || row.lastContactDate) {
        await send('PATCH', `/api/patients/${id}`, {
          ...(row.deathDate ? { deathDate: row.deathDate } : {}),
          ...(row.lastContactDate ? { lastContactDate: row.lastContactDate } : {}),
        });
      }
    }
    const res = await t.request({
      method: 'POST',
      url: '/api/datasets',
      token: admin.token,
      payload: REQUEST,
    });
    expect(res.statusCode, res.body).toBe(202);
    await jobRunnerOf(t.ctx).idle();
    const download = await t.request({
      method: 'GET',
      url: `/api/datasets/${res.json().data.id}/download`,
      token: admin.token,
    });
    expect(download.statusCode, download.body).toBe(200);
    zip = await readZip(download.rawPayload);
  }, 300_000);
  afterAll(() => t.close());

  const get = async (url: string) => {
    const res = await t.request({ method: 'GET', url, token: admin.token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };

  /** What the outcomes screens answer for the whole registry, by subtype. */
  async function screens(): Promise<Answers> {
    const summary = await get('/api/outcomes/summary');
    const survival = async (endpoint: string) => {
      const answer = await get(`/api/outcomes/survival?endpoint=${endpoint}&groupBy=subtype`);
      return { groups: answer.groups, logRank: answer.logRank, excluded: answer.excluded };
    };
    const incidence = await get('/api/outcomes/relapse-incidence?groupBy=subtype');
    return {
      counts: {
        patients: summary.patients,
        bySubtype: Object.fromEntries(
          summary.bySubtype.map((entry: { key: string; n: number }) => [entry.key, entry.n]),
        ),
        relapses: summary.relapses,
        deaths: summary.deaths,
      },
      followUp: summary.followUp,
      os: await survival('os'),
      efs: await survival('efs'),
      rfsCR: await survival('rfsCR'),
      incidence: {
        groups: incidence.groups,
        grayTest: incidence.grayTest,
        grayTestNrm: incidence.grayTestNrm,
        excluded: incidence.excluded,
      },
    };
  }

  /** A table's rows with the patients' pseudonyms as `P1…` in the order of patients.csv, without `drop`. */
  function comparable(
    read: (name: string) => string,
    table: string,
    drop: readonly string[] = [],
  ): string[][] {
    const patients = parse(read('patients.csv'), { columns: true }) as Record<string, string>[];
    const number = new Map(patients.map((row, index) => [row.pid, `P${index + 1}`]));
    const rows = parse(read(table)) as string[][];
    const header = rows[0] ?? [];
    const kept = header
      .map((name, index) => (drop.includes(name) ? -1 : index))
      .filter((index) => index >= 0);
    const pid = header.indexOf('pid');
    return rows.map((row, line) =>
      kept.map((index) =>
        line > 0 && index === pid ? (number.get(row[index] ?? '') ?? '?') : (row[index] ?? ''),
      ),
    );
  }

  it.runIf(writing)('writes the dataset into fixtures/dataset (WRITE_DATASET_FIXTURE=1)', () => {
    rmSync(datasetFolder, { recursive: true, force: true });
    mkdirSync(datasetFolder, { recursive: true });
    for (const name of zip.names) {
      writeFileSync(path.join(datasetFolder, name), zip.text(name));
    }
    expect(zip.names.length).toBe(11);
  });

  it.skipIf(writing)(
    'builds the very files R read for the fixture, the pseudonyms and registration days aside',
    () => {
      const fixture = (name: string) => readFileSync(path.join(datasetFolder, name), 'utf8');
      for (const table of ['patients.csv', 'treatments.csv', 'drugs.csv', 'responses.csv', 'markers.csv']) {
        expect(comparable(zip.text, table, ['registration_date']), table).toEqual(
          comparable(fixture, table, ['registration_date']),
        );
      }
      const unstamped = (text: string) => text.replace(/^# Generated by the Leukaemia Registry, .*$/m, '');
      expect(unstamped(zip.text('read_dataset.R'))).toBe(unstamped(fixture('read_dataset.R')));
      expect(zip.text('codebook.csv')).toBe(fixture('codebook.csv'));
    },
  );

  it.skipIf(writing)('answers on the outcomes screens what R answers from the dataset', async () => {
    const expected = JSON.parse(readFileSync(path.join(here, 'dataset-cohort.json'), 'utf8')) as Answers;
    const answers = await screens();
    expectClose(answers.os, expected.os, 'os');
    expectClose(answers.efs, expected.efs, 'efs');
    expectClose(answers.rfsCR, expected.rfsCR, 'rfsCR');
    expectClose(answers.incidence, expected.incidence, 'incidence');
    expectClose(answers.followUp, expected.followUp, 'follow-up');
    expect(answers.counts).toEqual(expected.counts);
  });

  it.skipIf(!hasR || writing)(
    'answers what R answers from the dataset just built, read with its own read_dataset.R (skipped where Rscript is not installed)',
    async () => {
      const folder = mkdtempSync(path.join(tmpdir(), 'registry-dataset-r-'));
      try {
        for (const name of zip.names) {
          writeFileSync(path.join(folder, name), zip.text(name));
        }
        const output = execFileSync('Rscript', [path.join(here, 'dataset-cohort.R'), folder], {
          encoding: 'utf8',
        });
        const fromR = JSON.parse(output) as Answers;
        const answers = await screens();
        expectClose(answers.os, fromR.os, 'os');
        expectClose(answers.efs, fromR.efs, 'efs');
        expectClose(answers.rfsCR, fromR.rfsCR, 'rfsCR');
        expectClose(answers.incidence, fromR.incidence, 'incidence');
        expectClose(answers.followUp, fromR.followUp, 'follow-up');
        expect(answers.counts).toEqual(fromR.counts);
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
    },
  );

  it.skipIf(writing)('writes a do-file and SPSS syntax that read every table and column, labelled', () => {
    const stata = parseDoFile(zip.text('dataset.do'));
    const spss = parseSpssSyntax(zip.text('dataset.sps'));
    expect(stata.tables.map((table) => table.file)).toEqual(TABLES.map((table) => `${table}.csv`));
    expect(spss.tables.map((table) => table.file)).toEqual(TABLES.map((table) => `${table}.csv`));
    for (const [index, table] of TABLES.entries()) {
      const header = zip.header(`${table}.csv`);
      expect(Object.keys(stata.tables[index]?.variableLabels ?? {}), table).toEqual(header);
      expect(stata.tables[index]?.stringCols.length, table).toBeGreaterThan(0);
      expect(
        spss.tables[index]?.variables.map((variable) => variable.name),
        table,
      ).toEqual(header);
      expect(Object.keys(spss.tables[index]?.variableLabels ?? {}), table).toEqual(header);
    }
    expect(stata.tables[0]?.valueLabels.relapse_event).toEqual({
      0: 'Censored',
      1: 'Relapse',
      2: 'Death without relapse',
    });
    expect(spss.tables[0]?.valueLabels.sex).toEqual({ male: 'Male', female: 'Female' });
  });

  it.skipIf(!hasPspp || writing)(
    'reads the dataset just built in GNU PSPP with dataset.sps, every case of every table (skipped where GNU PSPP is not installed)',
    () => {
      const folder = mkdtempSync(path.join(tmpdir(), 'registry-dataset-pspp-'));
      try {
        for (const name of zip.names) {
          writeFileSync(path.join(folder, name), zip.text(name));
        }
        const run = spawnSync('pspp', ['-O', 'format=csv', 'dataset.sps'], { cwd: folder, encoding: 'utf8' });
        expect(run.status, run.stdout + run.stderr).toBe(0);
        expect(`${run.stdout}${run.stderr}`).not.toMatch(/error|warning/i);
        const check = TABLES.map((table) => `GET FILE='${table}.sav'.\nDISPLAY DICTIONARY.\nLIST.`).join(
          '\n',
        );
        writeFileSync(path.join(folder, 'check.sps'), check);
        const listed = spawnSync('pspp', ['-O', 'format=csv', 'check.sps'], {
          cwd: folder,
          encoding: 'utf8',
        });
        expect(listed.status, listed.stdout + listed.stderr).toBe(0);
        const lists = listed.stdout
          .split(/\n(?=Table: )/)
          .filter((part) => part.startsWith('Table: Data List'));
        expect(
          lists.map((part) => (parse(part.split('\n').slice(1).join('\n')) as string[][]).length - 1),
        ).toEqual(TABLES.map((table) => zip.rows(`${table}.csv`).length));
        expect(listed.stdout).toContain('Overall survival: event');
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
    },
  );
});
