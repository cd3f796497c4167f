import { type Overview, type OverviewMeasure, overviewListFilters } from '@registry/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/statements.ts';
import { buildTestApp, type TestApp } from '../test/helper.ts';
import {
  type Caller,
  consentedPatient,
  createPatient,
  demography,
  newAdmin,
  newDoctor,
  treatment,
  uniqueId,
} from '../test/patients.ts';

/**
 * Data quality through the API (CONTRACT §13): the rules kept in the read model after every write, the
 * list's counts and filter, the patient file's findings, the queries and their steps, the menu's
 * notifications and the coordinator's view.
 */
describe('data quality', () => {
  let t: TestApp;
  let admin: Caller;
  let doctor: Caller;
  let other: Caller;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await newAdmin(t);
    doctor = await newDoctor(t);
    other = await newDoctor(t);
  });

  afterAll(async () => {
    await t.close();
  });

  const get = async (caller: Caller, url: string, language = 'en') => {
    const res = await t.request({
      method: 'GET',
      url,
      token: caller.token,
      headers: { 'accept-language': language },
    });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json();
  };

  const listRow = async (caller: Caller, id: string, query = '') => {
    const page = await get(caller, `/api/patients/list?size=1000${query}`);
    return page.data.find((row: { id: string }) => row.id === id);
  };

  const diagnosticOf = async (id: string) => (await get(doctor, `/api/patients/${id}`)).data.diagnostics[0];

  const patchDiagnostic = async (patientId: string, changes: Record<string, unknown>) => {
    const dx = await diagnosticOf(patientId);
    const res = await t.request({
      method: 'PATCH',
      url: `/api/patients/diagnostics/${dx.id}`,
      token: doctor.token,
      payload: changes,
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
  };

  /** A patient whose CR has 7% blasts: the error `crWithBlasts` (the writes refuse most date errors). */
  const withBlastsInCr = async (caller: Caller) => {
    const id = await consentedPatient(t, caller);
    const res = await t.request({
      method: 'POST',
      url: '/api/patients/treatments',
      token: caller.token,
      payload: {
        patientId: id,
        treatments: [treatment({ diseaseAssessmentDate: '2022-04-20', EMRBlasts: 7 })],
      },
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return id;
  };

  describe('the rules in the read model', () => {
    it('lists the rules with their severity, fields and both messages', async () => {
      const rules = (await get(doctor, '/api/quality/rules')).data;
      const relapse = rules.find((rule: { id: string }) => rule.id === 'relapseBeforeDiagnosis');
      expect(relapse).toMatchObject({ severity: 'error', step: 'diagnostic' });
      expect(relapse.message.es).toMatch(/recaída/);
      expect(relapse.message.en).toMatch(/relapse/);
      expect(rules.map((rule: { id: string }) => rule.id)).toContain('possibleDuplicate');
    });

    it('finds an error on the write that makes it, shows it on the file and the list, and forgets it once corrected', async () => {
      const id = await withBlastsInCr(doctor);
      const file = (await get(doctor, `/api/patients/${id}`)).data;
      expect(file.quality).toContainEqual({
        rule: 'crWithBlasts',
        severity: 'error',
        step: 'treatments',
        fields: ['treatments.0.diseaseAssessment', 'treatments.0.EMRBlasts'],
        message: 'A complete remission has 5% blasts or more.',
      });
      const es = (await get(doctor, `/api/patients/${id}`, 'es')).data.quality;
      expect(es.find((f: { rule: string }) => f.rule === 'crWithBlasts').message).toMatch(/blastos/);
      expect(await listRow(doctor, id)).toMatchObject({ qualityErrors: 1 });
      expect(await listRow(doctor, id, '&quality=error')).toBeDefined();
      expect(await listRow(doctor, id, '&quality=none')).toBeUndefined();
      // The admin's list says the same.
      expect(await listRow(admin, id, '&quality=error')).toMatchObject({ qualityErrors: 1 });

      const [written] = file.treatments;
      const res = await t.request({
        method: 'PUT',
        url: `/api/patients/treatments/${id}`,
        token: doctor.token,
        payload: {
          treatments: [
            treatment({
              id: written.id,
              diseaseAssessmentDate: '2022-04-20',
              EMRBlasts: 1,
              drugs: written.drugs,
            }),
          ],
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(
        (await get(doctor, `/api/patients/${id}`)).data.quality.map((f: { rule: string }) => f.rule),
      ).not.toContain('crWithBlasts');
      expect(await listRow(doctor, id)).toMatchObject({ qualityErrors: 0 });
      expect(await listRow(doctor, id, '&quality=error')).toBeUndefined();
    });

    it('counts a warning: a CR without a date, with the count and filter of warnings', async () => {
      const id = await consentedPatient(t, doctor);
      const res = await t.request({
        method: 'POST',
        url: '/api/patients/treatments',
        token: doctor.token,
        payload: { patientId: id, treatments: [treatment({ EMRDate: null, EMRBlasts: 7 })] },
      });
      expect(res.statusCode, res.body).toBeLessThan(300);
      const rules = (await get(doctor, `/api/patients/${id}`)).data.quality.map(
        (f: { rule: string }) => f.rule,
      );
      expect(rules).toEqual(expect.arrayContaining(['crWithBlasts', 'crWithoutDate']));
      const row = await listRow(doctor, id);
      expect(row.qualityErrors).toBe(1);
      expect(row.qualityWarnings).toBeGreaterThanOrEqual(1);
      // An error outranks the warnings: the patient is in `error`, not in `warning`.
      expect(await listRow(doctor, id, '&quality=warning')).toBeUndefined();
    });

    it('marks two patients of one institution with the same birth date, sex and diagnosis as possible duplicates, both ways', async () => {
      const born = { birthDate: '1950-02-03', gender: 'male' };
      const first = await createPatient(t, doctor, { demography: demography(born) });
      const second = await createPatient(t, doctor, { demography: demography(born) });
      for (const id of [first, second]) {
        const res = await t.request({
          method: 'POST',
          url: '/api/patients/diagnostics',
          token: doctor.token,
          payload: {
            patientId: id,
            dxDate: '2021-07-07',
            dxSecondary: 'Inicial',
            dxSubType: 'ALL',
            relapse: false,
            consent: true,
            consentDate: '2021-07-07',
          },
        });
        expect(res.statusCode, res.body).toBe(201);
      }
      const rulesOf = async (id: string) =>
        (await get(doctor, `/api/patients/${id}`)).data.quality.map((f: { rule: string }) => f.rule);
      expect(await rulesOf(first)).toContain('possibleDuplicate');
      expect(await rulesOf(second)).toContain('possibleDuplicate');
      // Another doctor's patient of another institution with the same facts is nobody's duplicate.
      const elsewhere = await createPatient(t, other, { demography: demography(born) });
      expect(await rulesOf(first)).toContain('possibleDuplicate');
      expect(
        (await get(other, `/api/patients/${elsewhere}`)).data.quality.map((f: { rule: string }) => f.rule),
      ).not.toContain('possibleDuplicate');
      // Correcting one date clears both.
      await patchDiagnostic(second, { dxDate: '2021-07-08', consentDate: '2021-07-08' });
      expect(await rulesOf(first)).not.toContain('possibleDuplicate');
      expect(await rulesOf(second)).not.toContain('possibleDuplicate');
    });

    it('warns of a living patient with no news for more than 12 months, and not of one just seen', async () => {
      const id = await consentedPatient(t, doctor, { dxDate: '2020-01-10', consentDate: '2020-01-10' });
      const rulesOf = async () =>
        (await get(doctor, `/api/patients/${id}`)).data.quality.map((f: { rule: string }) => f.rule);
      expect(await rulesOf()).toContain('followUpOverdue');
      expect((await listRow(doctor, id)).qualityWarnings).toBeGreaterThanOrEqual(1);
      expect(await listRow(doctor, id, '&quality=warning')).toBeDefined();
      const today = new Date().toISOString().slice(0, 10);
      const res = await t.request({
        method: 'PATCH',
        url: `/api/patients/${id}`,
        token: doctor.token,
        payload: { lastContactDate: today },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(await rulesOf()).not.toContain('followUpOverdue');
    });

    it('refuses an unknown quality filter', async () => {
      const res = await t.request({
        method: 'GET',
        url: '/api/patients/list?quality=bad',
        token: doctor.token,
      });
      expect(res.statusCode).toBe(400);
    });
  });

  describe('the follow-up count (CONTRACT §9)', () => {
    it('counts what the list counts, is not audited, and leaves out a patient registered today', async () => {
      const fresh = await newDoctor(t);
      await createPatient(t, fresh);
      const count = async () => (await get(fresh, '/api/outcomes/follow-up-due/count')).data.count;
      expect(await count()).toBe(0);
      await consentedPatient(t, fresh, { dxDate: '2020-01-10', consentDate: '2020-01-10' });
      expect(await count()).toBe(1);
      const list = await get(fresh, '/api/outcomes/follow-up-due');
      expect(list.totalItems).toBe(1);
      const trail = await get(admin, `/api/audit?userId=${fresh.userId}&size=100`);
      const actions = trail.data.map((entry: { action: string }) => entry.action);
      expect(actions.filter((action: string) => action === 'outcomes.follow_up_due')).toHaveLength(1);
      const bad = await t.request({
        method: 'GET',
        url: '/api/outcomes/follow-up-due/count?months=0',
        token: fresh.token,
      });
      expect(bad.statusCode).toBe(400);
    });
  });

  describe('queries', () => {
    let patientId: string;

    beforeAll(async () => {
      patientId = await consentedPatient(t, doctor);
    });

    const open = (payload: Record<string, unknown>, caller = admin) =>
      t.request({ method: 'POST', url: '/api/queries', token: caller.token, payload });

    const step = (id: string, kind: string, caller: Caller, payload: object = {}, version?: number) =>
      t.request({
        method: 'POST',
        url: `/api/queries/${id}/${kind}`,
        token: caller.token,
        payload,
        headers: version === undefined ? {} : { 'if-match': `"${version}"` },
      });

    it('goes open → answered → closed → open, with each step in the thread and the audit trail', async () => {
      const opened = await open({ patientId, field: 'diagnostics.0.dxDate', text: '¿Fecha de diagnóstico?' });
      expect(opened.statusCode, opened.body).toBe(201);
      const query = opened.json().data;
      expect(query).toMatchObject({
        patientId,
        field: 'diagnostics.0.dxDate',
        status: 'open',
        version: 1,
        ruleId: null,
      });
      expect(query.thread).toEqual([
        expect.objectContaining({
          kind: 'open',
          text: '¿Fecha de diagnóstico?',
          by: expect.objectContaining({ id: admin.userId }),
        }),
      ]);

      const answered = await step(query.id, 'answer', doctor, { text: 'Corregida.' }, 1);
      expect(answered.statusCode, answered.body).toBe(200);
      expect(answered.json().data).toMatchObject({ status: 'answered', version: 2 });
      expect(answered.headers.etag).toBe('"2"');

      const closed = await step(query.id, 'close', admin, {}, 2);
      expect(closed.json().data).toMatchObject({ status: 'closed', version: 3 });
      expect((await step(query.id, 'answer', doctor, { text: 'Otra vez' })).statusCode).toBe(409);
      expect((await step(query.id, 'close', admin)).statusCode).toBe(409);

      const reopened = await step(query.id, 'reopen', admin, { text: 'Sigue mal.' }, 3);
      expect(reopened.json().data.status).toBe('open');
      expect((await step(query.id, 'reopen', admin)).statusCode).toBe(409);
      expect(reopened.json().data.thread.map((e: { kind: string }) => e.kind)).toEqual([
        'open',
        'answer',
        'close',
        'reopen',
      ]);

      const trail = await get(admin, `/api/audit?patientId=${patientId}&size=100`);
      const actions = trail.data.map((entry: { action: string }) => entry.action);
      expect(actions).toEqual(
        expect.arrayContaining(['query.open', 'query.answer', 'query.close', 'query.reopen']),
      );
    });

    it('shows in the answer the correction its doctor made to the field, read from the audit trail', async () => {
      const before = (await diagnosticOf(patientId)).dxDate;
      const query = (
        await open({ patientId, field: 'diagnostics.0.dxDate', text: '¿Es la fecha correcta?' })
      ).json().data;
      await patchDiagnostic(patientId, { dxDate: '2022-01-03' });
      const answered = await step(query.id, 'answer', doctor, { text: 'Corregida.' }, query.version);
      expect(answered.statusCode, answered.body).toBe(200);
      const answer = answered.json().data.thread.find((event: { kind: string }) => event.kind === 'answer');
      expect(answer.corrections).toEqual([{ field: 'diagnostics.0.dxDate', old: before, new: '2022-01-03' }]);
      // The opening carries none, and a later answer without a write shows none.
      expect(answered.json().data.thread[0].corrections).toEqual([]);
      const again = await step(query.id, 'answer', doctor, { text: 'Nada más.' }, 2);
      expect(again.json().data.thread.at(-1).corrections).toEqual([]);
    });

    it('gives one of two coordinators closing the same version a success and the other 412', async () => {
      const query = (await open({ patientId, text: 'Revise el riesgo' })).json().data;
      const [a, b] = await Promise.all([
        step(query.id, 'close', admin, {}, 1),
        step(query.id, 'close', admin, {}, 1),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 412]);
    });

    it('keeps a doctor to the queries of their own patients (404), and the steps to their roles', async () => {
      const query = (await open({ patientId, text: 'Dato faltante' })).json().data;
      expect((await step(query.id, 'answer', other, { text: 'No es mío' })).statusCode).toBe(404);
      const list = await get(other, '/api/queries?size=100');
      expect(list.data.map((q: { id: string }) => q.id)).not.toContain(query.id);
      expect(
        (await get(doctor, `/api/queries?patientId=${patientId}&size=100`)).data.map(
          (q: { id: string }) => q.id,
        ),
      ).toContain(query.id);
      expect((await step(query.id, 'close', doctor)).statusCode).toBe(403);
      expect((await step(query.id, 'answer', admin, { text: 'x' })).statusCode).toBe(403);
      expect((await open({ patientId, text: 'x' }, doctor)).statusCode).toBe(403);
      const unknown = await step('00000000-0000-4000-8000-000000000000', 'answer', doctor, { text: 'x' });
      expect(unknown.statusCode).toBe(404);
    });

    it('refuses a field that names nothing of the patient (422 with a field message) and a bad text (400)', async () => {
      const res = await open({ patientId, field: 'treatments.4.startDate', text: '¿Inicio?' });
      expect(res.statusCode).toBe(422);
      expect(res.json().fields).toHaveProperty('field');
      expect((await open({ patientId, field: 'nothing.0', text: 'x' })).statusCode).toBe(422);
      expect((await open({ patientId, text: '' })).statusCode).toBe(400);
      expect((await open({ patientId, text: 'x'.repeat(2001) })).statusCode).toBe(400);
      expect((await open({ patientId, text: 'x', extra: true })).statusCode).toBe(400);
      expect((await open({ patientId: '00000000-0000-4000-8000-000000000000', text: 'x' })).statusCode).toBe(
        404,
      );
    });

    it('opens one query per flagged patient from a rule, and none twice', async () => {
      const flagged = await withBlastsInCr(doctor);
      const bulk = () =>
        t.request({
          method: 'POST',
          url: '/api/queries/bulk',
          token: admin.token,
          payload: { ruleId: 'crWithBlasts', text: 'Revise los blastos de la remisión' },
        });
      const first = await bulk();
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json().data.opened).toBeGreaterThanOrEqual(1);
      expect((await bulk()).json().data.opened).toBe(0);
      const queries = (await get(doctor, `/api/queries?patientId=${flagged}`)).data;
      expect(queries).toHaveLength(1);
      expect(queries[0]).toMatchObject({ ruleId: 'crWithBlasts', status: 'open' });
      // Once closed, the rule may open a new one.
      await step(queries[0].id, 'close', admin);
      expect((await bulk()).json().data.opened).toBeGreaterThanOrEqual(1);
      const bad = await t.request({
        method: 'POST',
        url: '/api/queries/bulk',
        token: admin.token,
        payload: { ruleId: 'noSuchRule', text: 'x' },
      });
      expect(bad.statusCode).toBe(400);
    });

    it('says before a bulk opening how many patients it would reach, to admins only, without auditing', async () => {
      const ruleId = 'crWithBlasts';
      const count = async (caller = admin, query = `ruleId=${ruleId}`) =>
        t.request({ method: 'GET', url: `/api/queries/bulk/count?${query}`, token: caller.token });
      const before = (await count()).json().data as { flagged: number; reached: number };
      expect(before.reached).toBeLessThanOrEqual(before.flagged);
      await withBlastsInCr(doctor);
      const audited = async () =>
        (
          (await t.ctx.db.execute(sql`select count(*)::int as n from audit_events`)) as unknown as {
            rows: { n: number }[];
          }
        ).rows[0]?.n;
      const auditBefore = await audited();
      const now = (await count()).json().data;
      expect(now).toEqual({ flagged: before.flagged + 1, reached: before.reached + 1 });
      expect(await audited()).toBe(auditBefore);

      const opened = await t.request({
        method: 'POST',
        url: '/api/queries/bulk',
        token: admin.token,
        payload: { ruleId, text: 'Revise la fecha de inicio' },
      });
      expect(opened.json().data.opened).toBe(now.reached);
      // Every flagged patient now has an open query of the rule: a second opening would reach none.
      expect((await count()).json().data).toEqual({ flagged: now.flagged, reached: 0 });

      expect((await count(doctor)).statusCode).toBe(403);
      expect((await count(admin, 'ruleId=noSuchRule')).statusCode).toBe(400);
      expect((await count(admin, `ruleId=${ruleId}&extra=1`)).statusCode).toBe(400);
      expect((await count(admin, '')).statusCode).toBe(400);
    });

    it('notifies a doctor of open queries and follow-ups due, and an admin of answered queries', async () => {
      const fresh = await newDoctor(t);
      const id = await consentedPatient(t, fresh, { dxDate: '2020-01-10', consentDate: '2020-01-10' });
      const query = (await open({ patientId: id, text: 'Revise' })).json().data;
      const mine = (await get(fresh, '/api/notifications')).data;
      expect(mine).toMatchObject({ openQueries: 1, followUpsDue: 1, total: 2 });
      expect(mine.queries).toEqual([
        expect.objectContaining({ id: query.id, patientId: id, status: 'open' }),
      ]);
      expect(mine.queries[0]).not.toHaveProperty('text');
      await step(query.id, 'answer', fresh, { text: 'Listo' });
      const theirs = (await get(admin, '/api/notifications')).data;
      expect(theirs.queries.map((q: { id: string }) => q.id)).toContain(query.id);
      expect(theirs.total).toBe(theirs.answeredQueries);
      expect((await get(fresh, '/api/notifications')).data).toMatchObject({ openQueries: 0, total: 1 });
    });
  });

  describe('the coordinator’s view', () => {
    it('counts per institution and per doctor from the read model, with a total and a CSV (admins only)', async () => {
      const coordinator = await newDoctor(t);
      const a = await withBlastsInCr(coordinator);
      await consentedPatient(t, coordinator);
      await createPatient(t, coordinator, { identification: uniqueId() });
      await t.request({
        method: 'POST',
        url: '/api/queries',
        token: admin.token,
        payload: { patientId: a, text: 'Revise' },
      });
      const view = (await get(admin, '/api/quality/overview')).data;
      const row = view.rows.find(
        (r: { institution: { id: string } }) => r.institution.id === coordinator.institutionId,
      );
      expect(row).toMatchObject({
        patients: 3,
        qualityErrors: 1,
        openQueries: 1,
        answeredQueries: 0,
        doctor: null,
      });
      expect(row.completeness).toContainEqual({ field: 'dxDate', n: 2 });
      expect(row.amlPatients).toBe(2);
      expect(row.elnInputs).toContainEqual({ field: 'eln2022Classified', n: 0 });
      expect(row.medianDaysToRegistration).toBeGreaterThan(0);
      expect(row.openQueriesMedianDays).toBeGreaterThanOrEqual(0);
      expect(view.total.patients).toBe(
        view.rows.reduce((sum: number, r: { patients: number }) => sum + r.patients, 0),
      );

      const byDoctor = (
        await get(
          admin,
          `/api/quality/overview?groupBy=doctor&institutionCode=${encodeURIComponent(row.institution.code)}`,
        )
      ).data;
      expect(byDoctor.rows).toHaveLength(1);
      expect(byDoctor.rows[0]).toMatchObject({ patients: 3, doctor: { id: coordinator.doctorId } });
      expect(byDoctor.total.patients).toBe(3);

      const csv = await t.request({ method: 'GET', url: '/api/quality/overview/csv', token: admin.token });
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-type']).toMatch(/text\/csv/);
      expect(csv.headers['content-disposition']).toMatch(/attachment; filename="quality-institution-/);
      // Spanish by default: its names, `;` between fields.
      expect(csv.body.startsWith('\uFEFFCódigo de institución;Institución;Médico;Pacientes;')).toBe(true);
      expect(csv.body).toContain(`${row.institution.code};`);
      expect(csv.body.trimEnd().split('\n').at(-1)).toMatch(/^;Total;;\d+;/);
      const english = await t.request({
        method: 'GET',
        url: '/api/quality/overview/csv',
        token: admin.token,
        headers: { 'accept-language': 'en' },
      });
      expect(
        english.body.startsWith('\uFEFFInstitution code,Institution,Doctor,Patients,AML patients,'),
      ).toBe(true);
      expect(english.body).toContain(`${row.institution.code},`);
      expect(english.body.trimEnd().split('\n').at(-1)).toMatch(/^,Total,,\d+,/);

      expect(
        (await t.request({ method: 'GET', url: '/api/quality/overview', token: doctor.token })).statusCode,
      ).toBe(403);
      const trail = await get(admin, `/api/audit?userId=${admin.userId}&action=quality.overview&size=1`);
      expect(trail.data).toHaveLength(1);
    });

    it('links every figure to a patient list of as many patients, per doctor and in total', async () => {
      const coordinator = await newDoctor(t);
      const queried = await withBlastsInCr(coordinator);
      const opened = await t.request({
        method: 'POST',
        url: '/api/queries',
        token: admin.token,
        payload: { patientId: queried, text: 'Revise' },
      });
      expect(opened.statusCode).toBe(201);
      const typed = await consentedPatient(t, coordinator, {
        dxDate: '2020-01-10',
        consentDate: '2020-01-10',
      });
      const diagnosticId = (await get(coordinator, `/api/patients/${typed}`)).data.diagnostics[0].id;
      const genetics = await t.request({
        method: 'PUT',
        url: `/api/patients/diagnostics/${diagnosticId}/genetics`,
        token: coordinator.token,
        payload: {
          // The patients here are women: an XY karyotype would be an error of its own.
          karyotype: '46,XX[20]',
          karyotypeResult: 'normal',
          markers: [
            { code: 'NPM1', result: 'positive', vaf: 38.5 },
            { code: 'FLT3-ITD', result: 'negative', vaf: null },
          ],
        },
      });
      expect(genetics.statusCode, genetics.body).toBe(200);
      await consentedPatient(t, coordinator, { dxSubType: 'ALL' });
      await createPatient(t, coordinator, { identification: uniqueId() });
      const code = (await get(admin, `/api/patients/list?doctorId=${coordinator.doctorId}&size=1`)).data[0]
        .institution.code;
      const view = { months: 6, institutionCode: code };
      const byDoctor: Overview = (
        await get(admin, `/api/quality/overview?groupBy=doctor&institutionCode=${encodeURIComponent(code)}`)
      ).data;
      const [row] = byDoctor.rows;
      expect(row?.doctor?.id).toBe(coordinator.doctorId);
      for (const [place, figures] of [
        [row ?? null, row],
        [null, byDoctor.total],
      ] as const) {
        if (!figures) {
          throw new Error('no row');
        }
        const expected: [OverviewMeasure, number][] = [
          ['patients', figures.patients],
          ['qualityErrors', figures.qualityErrors],
          ['qualityWarnings', figures.qualityWarnings],
          ['followUpsDue', figures.followUpsDue],
          // One query a patient here: the patients they are about are as many as the queries.
          ['openQueries', figures.openQueries],
          ['answeredQueries', figures.answeredQueries],
          ...figures.completeness.map(
            (entry) => [{ missing: entry.field }, figures.patients - entry.n] as [OverviewMeasure, number],
          ),
          ...figures.elnInputs.map(
            (entry) => [{ missing: entry.field }, figures.amlPatients - entry.n] as [OverviewMeasure, number],
          ),
        ];
        for (const [measure, n] of expected) {
          const filters = overviewListFilters(place, measure, view);
          const list = await get(admin, `/api/patients/list?size=1&${new URLSearchParams(filters)}`);
          expect([measure, list.totalItems]).toEqual([measure, n]);
        }
      }
      // Figures that are neither all zero nor all patients, so that each filter is seen to select (the
      // patient registered today is not due yet).
      expect(row).toMatchObject({
        patients: 4,
        qualityErrors: 1,
        followUpsDue: 3,
        amlPatients: 2,
        openQueries: 1,
      });
      expect(row?.completeness).toContainEqual({ field: 'dxDate', n: 3 });
      // The typed genetics: a karyotype, NPM1 and FLT3-ITD tested, classified favourable; no TP53.
      expect(row?.elnInputs).toEqual([
        { field: 'karyotype', n: 1 },
        { field: 'NPM1', n: 1 },
        { field: 'FLT3-ITD', n: 1 },
        { field: 'CEBPA-bZIP', n: 0 },
        { field: 'TP53', n: 0 },
        { field: 'mrGenes', n: 0 },
        { field: 'eln2022Classified', n: 1 },
      ]);

      // Each quality filter's count (kept counts, and the follow-ups overdue today) is its page's length;
      // among these patients is one whose only warning is a follow-up overdue, counted apart.
      const overdueOnly = await t.ctx.db.execute(sql`select count(*)::int as n from patient_list
        where doctor_id = ${coordinator.doctorId} and quality_errors = 0 and quality_warnings = 0
          and not quality_duplicate and quality_overdue_from <= current_date`);
      expect(rowsOf<{ n: number }>(overdueOnly)[0]?.n).toBeGreaterThan(0);
      for (const quality of ['error', 'warning', 'none']) {
        const list = await get(
          admin,
          `/api/patients/list?size=1000&doctorId=${coordinator.doctorId}&quality=${quality}`,
        );
        expect([quality, list.totalItems]).toEqual([quality, list.data.length]);
      }
      // A doctor may ask for their own patients without a field, or due; not for another doctor's.
      expect((await get(coordinator, '/api/patients/list?missing=dxDate')).totalItems).toBe(1);
      expect((await get(coordinator, '/api/patients/list?followUpDue=6')).totalItems).toBe(3);
      const refused = await t.request({
        method: 'GET',
        url: `/api/patients/list?doctorId=${coordinator.doctorId}`,
        token: coordinator.token,
      });
      expect(refused.statusCode).toBe(400);
      expect(Object.keys(refused.json().fields)).toEqual(['doctorId']);
      expect(
        (await get(coordinator, '/api/patients/list?query=open')).data.map((r: { id: string }) => r.id),
      ).toEqual([queried]);
      for (const bad of ['missing=weight', 'followUpDue=0', 'followUpDue=x', 'doctorId=42', 'query=closed']) {
        expect(
          (await t.request({ method: 'GET', url: `/api/patients/list?${bad}`, token: admin.token }))
            .statusCode,
        ).toBe(400);
      }
    });
  });
});
