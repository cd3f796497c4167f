import { createHash } from 'node:crypto';
import { codebookVariables, DATASET_TABLES, type Dataset, translateKey } from '@registry/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../auth/passwords.ts';
import { jobRunnerOf } from '../background/jobs.ts';
import { rowsOf } from '../db/statements.ts';
import { seedCohort } from '../seed/seed-cohort.ts';
import { insertUser, TEST_PASSWORD } from '../test/fixtures.ts';
import { buildTestApp, type TestApp } from '../test/helper.ts';
import { type Caller, newDoctor, signIn } from '../test/patients.ts';
import { type ReadZip, readZip } from '../test/zip.ts';
import { DATASET_FILES } from './dataset-build.ts';
import { createDatasetsRepository } from './datasets.repository.ts';

/**
 * The analysis datasets over the API (CONTRACT §15): who may ask, what a request must hold, the build in
 * the background, the zip's files and columns from the codebook, the options, the endpoints as the
 * outcomes screens count them, and that a de-identified bundle holds nothing that names a patient, a
 * doctor or an institution of a seeded cohort.
 */

const KEY = 'ab'.repeat(32);
const PURPOSE = 'Supervivencia global por riesgo ELN 2022 en LMA';
const PATIENTS = 120;
/** Code OPs no other number of the dataset could spell. */
const CODE_OPS = [7_301_001, 7_301_002, 7_301_003, 7_301_004, 7_301_005];

interface Built {
  readonly id: string;
  readonly dataset: Dataset;
  readonly bytes: Buffer;
  readonly zip: ReadZip;
}

describe('analysis datasets', () => {
  let t: TestApp;
  let admin: Caller;
  let doctor: Caller;
  /** The patient older than 90 at diagnosis. */
  let oldest = '';
  const cache = new Map<string, Promise<Built>>();

  beforeAll(async () => {
    t = await buildTestApp({ DATASET_KEY: KEY });
    await seedCohort(t.ctx.db, {
      patients: PATIENTS,
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
    const ids = rowsOf<{ id: string }>(
      await t.ctx.db.execute(sql`select id from patients order by created_at, id limit ${CODE_OPS.length}`),
    );
    for (const [index, { id }] of ids.entries()) {
      const res = await t.request({
        method: 'PATCH',
        url: `/api/patients/${id}`,
        token: admin.token,
        payload: { codeOP: CODE_OPS[index] },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    // One patient born long before the diagnosis: older than 90 when diagnosed.
    const [old] = rowsOf<{ id: string; email: string }>(
      await t.ctx.db.execute(sql`select p.id, u.email from patients p join doctors d on d.id = p.doctor_id
        join users u on u.id = d.user_id join diagnostics x on x.patient_id = p.id
        where x.dx_date is not null order by p.created_at desc limit 1`),
    );
    oldest = old?.id ?? '';
    const aged = await t.request({
      method: 'PATCH',
      url: `/api/patients/${oldest}`,
      token: await signIn(t, old?.email ?? ''),
      payload: { demography: { birthDate: '1921-01-01' } },
    });
    expect(aged.statusCode, aged.body).toBe(200);
  }, 180_000);
  afterAll(() => t.close());

  const ask = (payload: object, caller = admin) =>
    t.request({ method: 'POST', url: '/api/datasets', token: caller.token, payload });

  /** Asks for a dataset (once for the same request), waits for its build, and answers it with its zip. */
  function built(payload: object): Promise<Built> {
    const request = { purpose: PURPOSE, studyKey: 'AML-2027', ...payload };
    const key = JSON.stringify(request);
    let found = cache.get(key);
    if (!found) {
      found = (async () => {
        const res = await ask(request);
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
        return { id, dataset, bytes: download.rawPayload, zip: await readZip(download.rawPayload) };
      })();
      cache.set(key, found);
    }
    return found;
  }

  /** Every text of every file of a zip, one after the other. */
  const allText = (zip: ReadZip) => zip.names.map((name) => zip.text(name)).join('\n');

  describe('who may ask, and what a request must hold', () => {
    it('refuses doctors every call (403), and callers without a session (401)', async () => {
      const { id } = await built({});
      expect((await ask({ purpose: PURPOSE, studyKey: 'x' }, doctor)).statusCode).toBe(403);
      for (const url of ['/api/datasets', `/api/datasets/${id}`, `/api/datasets/${id}/download`]) {
        expect((await t.request({ method: 'GET', url, token: doctor.token })).statusCode, url).toBe(403);
        expect((await t.request({ method: 'GET', url })).statusCode, url).toBe(401);
      }
    });

    it.each([
      ['no purpose', { studyKey: 'x' }, 'purpose', 'datasets.purposeLength'],
      [
        'a purpose of 9 characters',
        { purpose: 'Demasiado', studyKey: 'x' },
        'purpose',
        'datasets.purposeLength',
      ],
      [
        'a purpose of 501 characters',
        { purpose: 'x'.repeat(501), studyKey: 'x' },
        'purpose',
        'datasets.purposeLength',
      ],
      ['no study key', { purpose: PURPOSE }, 'studyKey', 'validation.required'],
      [
        'a study key of 101 characters',
        { purpose: PURPOSE, studyKey: 'k'.repeat(101) },
        'studyKey',
        'validation.tooLong',
      ],
      [
        'free text in a de-identified dataset',
        { purpose: PURPOSE, studyKey: 'x', freeText: true },
        'freeText',
        'datasets.freeTextIdentified',
      ],
      [
        'dates other than intervals or shifted',
        { purpose: PURPOSE, studyKey: 'x', dates: 'exact' },
        'dates',
        'validation.chooseOption',
      ],
      [
        'a filter the list has not',
        { purpose: PURPOSE, studyKey: 'x', filters: { ward: '3' } },
        'filters',
        null,
      ],
    ])('refuses %s (400, with the field named)', async (_case, payload, field, key) => {
      const res = await ask(payload);
      expect(res.statusCode, res.body).toBe(400);
      const body = res.json();
      expect(body.code).toBe('VALIDATION_FAILED');
      expect(
        Object.keys(body.fields ?? {}).some((path) => path.startsWith(field)),
        res.body,
      ).toBe(true);
      if (key) {
        const en = await t.request({
          method: 'POST',
          url: '/api/datasets',
          token: admin.token,
          payload,
          headers: { 'accept-language': 'en' },
        });
        // In the caller's language, never the key itself.
        expect(translateKey('en', key)).not.toBe(key);
        expect(Object.values(en.json().fields ?? {})).toContain(translateKey('en', key));
      }
    });

    it('accepts a purpose of 10 and of 500 characters, and free text in an identified dataset', async () => {
      for (const payload of [
        { purpose: 'Diez letra', studyKey: 'x' },
        { purpose: 'x'.repeat(500), studyKey: 'x' },
        { purpose: PURPOSE, studyKey: 'x', identified: true, freeText: true },
      ]) {
        const res = await ask(payload);
        expect(res.statusCode, res.body).toBe(202);
      }
      await jobRunnerOf(t.ctx).idle();
    });

    it('answers 404 for an unknown dataset and 409 for one not ready', async () => {
      const unknown = '00000000-0000-4000-8000-000000000000';
      expect(
        (await t.request({ method: 'GET', url: `/api/datasets/${unknown}`, token: admin.token })).statusCode,
      ).toBe(404);
      const pending = await createDatasetsRepository(t.ctx.db).create(
        {
          purpose: PURPOSE,
          studyKey: 'x',
          filters: {},
          identified: false,
          dates: 'intervals',
          freeText: false,
          language: 'es',
        },
        admin.userId,
      );
      const res = await t.request({
        method: 'GET',
        url: `/api/datasets/${pending.id}/download`,
        token: admin.token,
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('DATASET_NOT_READY');
    });
  });

  describe('the build and the zip', () => {
    it('builds in the background, keeps the zip, and gives its size and SHA-256', async () => {
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
        filters: {},
        identified: false,
        dates: 'intervals',
        freeText: false,
        studyKey: 'AML-2027',
        language: 'es',
        error: null,
        // One pass over the patients, every table at once.
        progress: { done: PATIENTS, total: PATIENTS },
        requestedBy: { id: admin.userId, email: admin.email },
      });
      expect(dataset.rows.patients).toBe(PATIENTS);
      const download = await t.request({
        method: 'GET',
        url: `/api/datasets/${id}/download`,
        token: admin.token,
      });
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-type']).toBe('application/zip');
      expect(download.headers['content-disposition']).toBe(
        `attachment; filename="dataset-${id.slice(0, 8)}-${dataset.createdAt.slice(0, 10)}.zip"`,
      );
      expect(download.rawPayload.length).toBe(dataset.size);
      expect(createHash('sha256').update(download.rawPayload).digest('hex')).toBe(dataset.sha256);
      const zip = await readZip(download.rawPayload);
      expect(zip.names).toEqual([...DATASET_FILES]);
      for (const table of DATASET_TABLES) {
        expect(zip.rows(`${table}.csv`).length, table).toBe(dataset.rows[table]);
      }
    });

    it('lists the datasets newest first, with their state', async () => {
      const { id } = await built({});
      const page = (
        await t.request({ method: 'GET', url: '/api/datasets?page=0&size=100', token: admin.token })
      ).json();
      expect(page.totalItems).toBeGreaterThanOrEqual(1);
      expect(page.data.map((row: { id: string }) => row.id)).toContain(id);
      const times = page.data.map((row: { createdAt: string }) => row.createdAt);
      expect([...times].sort().reverse()).toEqual(times);
    });

    it('audits the request with its purpose, filters and options, the build with its rows and SHA-256, and each download', async () => {
      const { id, dataset } = await built({});
      const [request] = await t.auditOf(id, 'datasets.request');
      expect(request?.actorUserId).toBe(admin.userId);
      expect(request?.changes).toMatchObject({
        purpose: { new: PURPOSE },
        filters: { new: {} },
        identified: { new: false },
        dates: { new: 'intervals' },
        freeText: { new: false },
        studyKey: { new: 'AML-2027' },
      });
      const [ready] = await t.auditOf(id, 'datasets.ready');
      expect(ready?.changes).toMatchObject({
        rows: { new: dataset.rows },
        sha256: { new: dataset.sha256 },
        size: { new: dataset.size },
        identified: { new: false },
      });
      expect((await t.auditOf(id, 'datasets.download')).length).toBeGreaterThanOrEqual(1);
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
      // codebook.csv describes exactly those columns, with the codebook's labels.
      const described = zip.rows('codebook.csv');
      expect(described.map((row) => `${row.table}.${row.name}`)).toEqual(
        DATASET_TABLES.flatMap((table) => zip.header(`${table}.csv`).map((name) => `${table}.${name}`)),
      );
      const sex = described.find((row) => row.table === 'patients' && row.name === 'sex');
      expect(sex).toMatchObject({ type: 'code', values: 'male=Masculino | female=Femenino' });
      const days = described.find((row) => row.table === 'patients' && row.name === 'death_date');
      expect(days).toMatchObject({ type: 'integer', unit: 'días' });
    });

    it('describes every file in a Frictionless data package: types, codes, keys', async () => {
      const { zip } = await built({});
      const pack = JSON.parse(zip.text('datapackage.json'));
      expect(pack.profile).toBe('tabular-data-package');
      expect(pack.resources.map((resource: { path: string }) => resource.path)).toEqual(
        DATASET_TABLES.map((table) => `${table}.csv`),
      );
      for (const resource of pack.resources) {
        expect(resource.schema.fields.map((field: { name: string }) => field.name)).toEqual(
          zip.header(resource.path),
        );
      }
      const [patients, treatments, drugs] = pack.resources;
      const field = (name: string) => patients.schema.fields.find((f: { name: string }) => f.name === name);
      expect(field('sex')).toMatchObject({ type: 'string', constraints: { enum: ['male', 'female'] } });
      expect(field('os_event')).toMatchObject({ type: 'integer', constraints: { enum: [0, 1] } });
      expect(field('relapse')).toMatchObject({ type: 'boolean', trueValues: ['1'], falseValues: ['0'] });
      expect(patients.schema.primaryKey).toEqual(['pid']);
      expect(treatments.schema.primaryKey).toEqual(['pid', 'order']);
      expect(drugs.schema.foreignKeys).toEqual([
        {
          fields: ['pid', 'treatment_order'],
          reference: { resource: 'treatments', fields: ['pid', 'order'] },
        },
      ]);
      // The keys hold: every row's key is unique, and every reference finds its row.
      const keyOf = (row: Record<string, string>, fields: string[]) =>
        fields.map((name) => row[name]).join('|');
      for (const resource of pack.resources) {
        const rows = zip.rows(resource.path);
        const keys = rows.map((row) => keyOf(row, resource.schema.primaryKey));
        expect(new Set(keys).size, resource.path).toBe(rows.length);
        for (const foreign of resource.schema.foreignKeys ?? []) {
          const referenced = new Set(
            zip.rows(`${foreign.reference.resource}.csv`).map((row) => keyOf(row, foreign.reference.fields)),
          );
          for (const row of rows) {
            expect(
              referenced.has(keyOf(row, foreign.fields)),
              `${resource.path} ${keyOf(row, foreign.fields)}`,
            ).toBe(true);
          }
        }
      }
    });
  });

  describe('de-identification', () => {
    it('holds no identification, Code OP, name, email, free text, institution, file name or id of the seeded cohort', async () => {
      const { zip } = await built({});
      const strings = rowsOf<{ value: string; kind: string }>(
        await t.ctx.db.execute(sql`
          select identification as value, 'identification' as kind from patients
          union select code_op::text, 'Code OP' from patients where code_op is not null
          union select id::text, 'patient id' from patients
          union select first_name || ' ' || last_name, 'doctor' from doctors
          union select id::text, 'doctor id' from doctors
          union select email, 'email' from users union select nickname, 'nickname' from users where not is_admin
          union select id::text, 'user id' from users
          union select name, 'institution' from institutions union select code, 'institution code' from institutions
          union select app, 'free text' from demographies where app is not null
          union select death_cause, 'free text' from patients where death_cause is not null
          union select organs_failures, 'free text' from diagnostics where organs_failures is not null
          union select dx_secondary_description, 'free text' from diagnostics where dx_secondary_description is not null
          union select substr(dx_sub_type, 8), 'free text' from diagnostics where dx_sub_type like 'Other: %'
          union select genetics ->> 'karyotype', 'free text' from diagnostics where genetics ->> 'karyotype' <> ''
          union select toxicities, 'free text' from treatments where toxicities is not null
          union select medulogram, 'free text' from treatments where medulogram is not null
          union select emr, 'free text' from treatments where emr is not null
          union select clinical_monitoring, 'free text' from treatments where clinical_monitoring is not null
          union select substr(scheme, 8), 'free text' from treatments where scheme like 'Other: %'
          union select content, 'free text' from lab_reports where content is not null
          union select name, 'file name' from files`),
      );
      const kinds = new Set(strings.map((row) => row.kind));
      for (const kind of ['identification', 'Code OP', 'doctor', 'email', 'institution', 'free text']) {
        expect(kinds, kind).toContain(kind);
      }
      expect(strings.filter((row) => row.kind === 'Code OP').map((row) => Number(row.value))).toEqual(
        expect.arrayContaining(CODE_OPS),
      );
      // A free text that is word for word a code's label in the codebook (the seed writes the MRD's text
      // "No realizado", the label of the code not_done) is found in the codebook's own files, not as data.
      const labels = new Set(
        (['es', 'en'] as const).flatMap((language) =>
          codebookVariables(language).flatMap((variable) =>
            (variable.values ?? []).map((value) => value.label),
          ),
        ),
      );
      const text = allText(zip);
      const searched = strings.filter(
        (row) =>
          (row.kind !== 'Code OP' || CODE_OPS.includes(Number(row.value))) &&
          !(row.kind === 'free text' && labels.has(row.value)),
      );
      expect(searched.length).toBeGreaterThan(300);
      expect(searched.filter((row) => text.includes(row.value))).toEqual([]);
    });

    it('gives a pid and centre stable for a study key and different for another', async () => {
      const first = (await built({})).zip.rows('patients.csv');
      const again = (await built({ dates: 'shifted' })).zip.rows('patients.csv');
      const other = (await built({ studyKey: 'ALL-2027' })).zip.rows('patients.csv');
      expect(again.map((row) => [row.pid, row.centre])).toEqual(first.map((row) => [row.pid, row.centre]));
      const pids = new Set(first.map((row) => row.pid));
      expect(other.filter((row) => pids.has(row.pid ?? ''))).toEqual([]);
      for (const row of first) {
        expect(row.pid).toMatch(/^[0-9a-f]{16}$/);
        // Numbered over every institution of the registry: the seed's three and the test doctor's.
        expect(row.centre).toMatch(/^C0[1-4]$/);
      }
      expect(new Set(first.map((row) => row.centre)).size).toBe(3);
    });

    it('gives dates as days from the first diagnosis with the year of diagnosis, and ages of 90 or more as 90', async () => {
      const { zip } = await built({});
      const exact = (await built({ identified: true })).zip.rows('patients.csv');
      const byPid = new Map(exact.map((row) => [row.pid, row]));
      const days = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000;
      for (const row of zip.rows('patients.csv')) {
        const real = byPid.get(row.pid) as Record<string, string>;
        expect(row.dx_date).toBe(real.dx_date ? '0' : '');
        expect(row.dx_year).toBe(real.dx_date ? real.dx_date.slice(0, 4) : '');
        for (const name of ['relapse_date', 'death_date', 'last_contact_date', 'first_cr_date']) {
          expect(row[name], name).toBe(
            real[name] && real.dx_date ? String(days(real.dx_date, real[name] as string)) : '',
          );
        }
        expect(row.age_dx).toBe(real.age_dx ? String(Math.min(90, Number(real.age_dx))) : '');
      }
      expect(exact.filter((row) => Number(row.age_dx) > 90).map((row) => row.patient_id)).toEqual([oldest]);
      expect(
        zip
          .rows('treatments.csv')
          .every((row) => row.start_date === '' || /^-?\d+$/.test(row.start_date ?? '')),
      ).toBe(true);
    });

    it('shifts every date of a patient by one offset within ±180 days, and leaves out the year of diagnosis', async () => {
      const { zip } = await built({ dates: 'shifted' });
      const exact = await built({ identified: true });
      const real = new Map(exact.zip.rows('patients.csv').map((row) => [row.pid, row]));
      const realStarts = new Map(
        exact.zip.rows('treatments.csv').map((row) => [`${row.pid}|${row.order}`, row]),
      );
      expect(zip.header('patients.csv')).not.toContain('dx_year');
      const days = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000;
      const offsets = new Set<number>();
      const offsetOf = new Map<string, number>();
      for (const row of zip.rows('patients.csv')) {
        const actual = real.get(row.pid) as Record<string, string>;
        if (!actual.dx_date) {
          continue;
        }
        const offset = days(actual.dx_date, row.dx_date as string);
        expect(Math.abs(offset)).toBeLessThanOrEqual(180);
        offsets.add(offset);
        offsetOf.set(row.pid as string, offset);
        for (const name of ['relapse_date', 'death_date', 'last_contact_date', 'registration_date']) {
          if (actual[name]) {
            expect(days(actual[name] as string, row[name] as string), name).toBe(offset);
          }
        }
      }
      for (const row of zip.rows('treatments.csv')) {
        const actual = realStarts.get(`${row.pid}|${row.order}`);
        if (actual?.start_date && offsetOf.has(row.pid as string)) {
          expect(days(actual.start_date, row.start_date as string)).toBe(offsetOf.get(row.pid as string));
        }
      }
      expect(offsets.size).toBeGreaterThan(10);
    });

    it('keeps identifiers and exact dates in an identified dataset, says so, and free text only when asked', async () => {
      const identified = await built({ identified: true });
      expect(identified.dataset.identified).toBe(true);
      const header = identified.zip.header('patients.csv');
      expect(header).toEqual(
        expect.arrayContaining([
          'patient_id',
          'identification',
          'code_op',
          'institution',
          'doctor',
          'birth_date',
        ]),
      );
      expect(header).not.toContain('death_cause');
      expect(identified.zip.header('treatments.csv')).not.toContain('toxicities');
      expect(identified.zip.text('README.txt')).toContain('IDENTIFICADO');
      const rows = identified.zip.rows('patients.csv');
      expect(rows.map((row) => Number(row.code_op))).toEqual(expect.arrayContaining(CODE_OPS));
      const withText = await built({ identified: true, freeText: true });
      expect(withText.zip.header('patients.csv')).toEqual(
        expect.arrayContaining(['death_cause', 'karyotype', 'medical_history']),
      );
      expect(withText.zip.header('treatments.csv')).toContain('toxicities');
      const [audited] = await t.auditOf(withText.id, 'datasets.request');
      expect(audited?.changes).toMatchObject({
        identified: { new: true },
        freeText: { new: true },
        dates: { new: 'exact' },
      });
      expect(allText((await built({})).zip)).not.toContain('IDENTIFICADO');
    });

    it('reports the disclosure check: the smallest group and every group under five, by its values', async () => {
      const { zip, dataset } = await built({});
      const patients = zip.rows('patients.csv');
      const groups = new Map<string, number>();
      for (const row of patients) {
        const band = row.age_dx === '' ? '' : `${Math.min(90, Math.floor(Number(row.age_dx) / 10) * 10)}`;
        const key = [row.sex, band, row.centre, row.dx_subtype].join('|');
        groups.set(key, (groups.get(key) ?? 0) + 1);
      }
      const smallest = Math.min(...groups.values());
      expect(dataset.smallestGroup).toBe(smallest);
      const readme = zip.text('README.txt');
      expect(readme).toContain(`Grupo más pequeño: ${smallest}`);
      const small = [...groups.values()].filter((count) => count < 5).length;
      const listed = readme
        .split('\r\n')
        .filter((line) => /^ {2}(Masculino|Femenino|\(sin dato\)) \| /.test(line));
      expect(listed).toHaveLength(small);
    });
  });

  describe('options', () => {
    it('writes labels, the README and the scripts in the language asked for', async () => {
      const { zip } = await built({ language: 'en' });
      expect(zip.text('README.txt')).toContain('Analysis dataset of the Leukaemia Registry');
      const sex = zip.rows('codebook.csv').find((row) => row.name === 'sex');
      expect(sex?.values).toBe('male=Male | female=Female');
      expect(zip.text('read_dataset.R')).toContain('labels = c("Male", "Female")');
    });

    it('holds the patients of the list for the same filters, and shows a de-identified filter without names', async () => {
      const institution = rowsOf<{ code: string }>(
        await t.ctx.db.execute(sql`select code from institutions order by code limit 1`),
      )[0]?.code as string;
      const filters = { subtype: 'AML', institutionCode: institution, text: 'García' };
      const list = await t.request({
        method: 'GET',
        url: `/api/patients/list?subtype=AML&institutionCode=${institution}&size=1`,
        token: admin.token,
      });
      const { zip, dataset } = await built({ filters: { subtype: 'AML', institutionCode: institution } });
      expect(dataset.rows?.patients).toBe(list.json().totalItems);
      expect(new Set(zip.rows('patients.csv').map((row) => row.dx_subtype))).toEqual(new Set(['AML']));
      const readme = zip.text('README.txt');
      expect(readme).toContain('subtype: AML');
      expect(readme).toMatch(/centre: C0[1-4]/);
      expect(readme).not.toContain(institution);
      const searched = await built({ filters });
      expect(searched.zip.text('README.txt')).toContain('text: una búsqueda de texto (no se muestra)');
      expect(allText(searched.zip)).not.toContain('García');
    });
  });

  describe('the endpoints', () => {
    it('count the patients, events and competing deaths the outcomes screens count', async () => {
      const rows = (await built({})).zip.rows('patients.csv');
      const get = async (url: string) =>
        (await t.request({ method: 'GET', url, token: admin.token })).json().data;
      const observed = (name: string) => rows.filter((row) => row[`${name}_days`] !== '');
      const events = (name: string, code = '1') => rows.filter((row) => row[`${name}_event`] === code).length;
      for (const [name, endpoint] of [
        ['os', 'os'],
        ['efs', 'efs'],
        ['rfs_cr', 'rfsCR'],
      ] as const) {
        const [group] = (await get(`/api/outcomes/survival?endpoint=${endpoint}`)).groups;
        expect(observed(name).length, name).toBe(group.n);
        expect(events(name), name).toBe(group.events);
        // The last step's censored and events add up to those of the dataset's last day.
        const last = Math.max(...observed(name).map((row) => Number(row[`${name}_days`])));
        expect(group.steps.at(-1).time, name).toBe(last);
      }
      const [incidence] = (await get('/api/outcomes/relapse-incidence')).groups;
      expect(observed('relapse').length).toBe(incidence.n);
      expect(events('relapse')).toBe(incidence.relapses);
      expect(events('relapse', '2')).toBe(incidence.competingDeaths);
      expect(events('nrm')).toBe(incidence.competingDeaths);
      expect(rows.map((row) => row.nrm_days)).toEqual(rows.map((row) => row.relapse_days));
    });
  });

  describe('a build that does not finish', () => {
    it('fails its dataset as stopped when the server stops under it, keeps no zip, and audits the failure', async () => {
      const res = await ask({ purpose: PURPOSE, studyKey: 'stopped' });
      expect(res.statusCode, res.body).toBe(202);
      const { id } = res.json().data as { id: string };
      // The server's shutdown asks every job to stop, and waits for them.
      await jobRunnerOf(t.ctx).close();
      const dataset = (
        await t.request({ method: 'GET', url: `/api/datasets/${id}`, token: admin.token })
      ).json().data;
      expect(dataset).toMatchObject({ status: 'failed', error: 'SERVER_STOPPED', rows: null, sha256: null });
      const download = await t.request({
        method: 'GET',
        url: `/api/datasets/${id}/download`,
        token: admin.token,
      });
      expect(download.statusCode).toBe(409);
      const [chunks] = rowsOf<{ n: number }>(
        await t.ctx.db.execute(sql`select count(*)::int as n from dataset_chunks where dataset_id = ${id}`),
      );
      expect(chunks?.n).toBe(0);
      const [failed] = await t.auditOf(id, 'datasets.ready');
      expect(failed?.outcome).toBe('failed');
    });
  });
});
