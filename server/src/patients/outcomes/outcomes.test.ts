import { readFileSync } from 'node:fs';
import path from 'node:path';
import { GROUP_BY } from '@registry/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectClose } from '../../test/expect-close.ts';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { type Caller, newAdmin, newDoctor } from '../../test/patients.ts';

/**
 * The outcomes of a cohort created through the API (fixtures/api-cohort.csv) against what R's survival
 * package answers for the same patients: fixtures/api-cohort.json, written by fixtures/api-cohort.R
 * (`Rscript api-cohort.R > api-cohort.json` in that folder).
 */
const here = path.dirname(new URL(import.meta.url).pathname);
const fixture = JSON.parse(readFileSync(path.join(here, 'fixtures', 'api-cohort.json'), 'utf8'));
const rows = readFileSync(path.join(here, 'fixtures', 'api-cohort.csv'), 'utf8')
  .trim()
  .split('\n')
  .slice(1)
  .map((line) => {
    const [identification, subtype, birthDate, dxDate, relapseDate, deathDate, lastContactDate, fit] =
      line.split(',');
    const blank = (value: string | undefined) => (value ? value : null);
    return {
      identification: identification ?? '',
      subtype: subtype ?? '',
      birthDate: birthDate ?? '',
      dxDate: blank(dxDate),
      relapseDate: blank(relapseDate),
      deathDate: blank(deathDate),
      lastContactDate: blank(lastContactDate),
      fit: blank(fit),
    };
  });

describe('outcomes of a cohort, against R', () => {
  let t: TestApp;
  let admin: Caller;
  let doctor: Caller;
  let colleague: Caller;
  const ids = new Map<string, string>();

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await newAdmin(t);
    doctor = await newDoctor(t);
    colleague = await newDoctor(t, { id: doctor.institutionId ?? '' });
    const send = (method: 'POST' | 'PATCH', url: string, payload: object) =>
      t.request({ method, url, token: doctor.token, payload });
    for (const row of rows) {
      const created = await send('POST', '/api/patients', {
        identification: row.identification,
        demography: {
          birthDate: row.birthDate,
          gender: row.identification.endsWith('1') ? 'male' : 'female',
        },
      });
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json().data.id as string;
      ids.set(row.identification, id);
      if (row.dxDate) {
        const other = row.subtype === 'Other';
        const diagnostic = await send('POST', '/api/patients/diagnostics', {
          patientId: id,
          dxDate: row.dxDate,
          dxSubType: row.subtype,
          ...(other ? { subTypeName: 'LMMC' } : {}),
          relapse: row.relapseDate !== null,
          relapseDate: row.relapseDate,
          patientFit: row.fit,
          consent: true,
          consentDate: row.dxDate,
        });
        expect(diagnostic.statusCode, diagnostic.body).toBe(201);
      }
      if (row.deathDate || row.lastContactDate) {
        const follow = await send('PATCH', `/api/patients/${id}`, {
          ...(row.deathDate ? { deathDate: row.deathDate } : {}),
          ...(row.lastContactDate ? { lastContactDate: row.lastContactDate } : {}),
        });
        expect(follow.statusCode, follow.body).toBe(200);
      }
    }
  });
  afterAll(() => t.close());

  const get = async (caller: Caller, url: string) => {
    const res = await t.request({ method: 'GET', url, token: caller.token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };

  it('gives overall survival by subtype as R does: steps, medians and the log-rank test', async () => {
    const answer = await get(doctor, '/api/outcomes/survival?endpoint=os&groupBy=subtype');
    expect(answer.excluded).toEqual({ noDiagnosisDate: 1, noResponseDate: 0, beforeLandmark: 0 });
    expectClose(answer.groups, fixture.os.groups, 'os');
    expectClose(answer.logRank, fixture.os.logRank, 'os log-rank');
    const single = await get(doctor, '/api/outcomes/survival');
    expect(single.groupBy).toBe('none');
    expect(single.logRank).toBeNull();
    expectClose(single.groups[0].steps, fixture.os.overall, 'os overall');
  });

  it('gives relapse-free survival by subtype as R does', async () => {
    const answer = await get(doctor, '/api/outcomes/survival?endpoint=rfs&groupBy=subtype');
    expectClose(answer.groups, fixture.rfs.groups, 'rfs');
    expectClose(answer.logRank, fixture.rfs.logRank, 'rfs log-rank');
  });

  it('leaves the patients without a value out of the log-rank and Gray’s tests, as R does, but keeps their curve', async () => {
    const survival = await get(doctor, '/api/outcomes/survival?endpoint=os&groupBy=patientFit');
    expect(survival.groups.map((group: { key: string | null }) => group.key)).toEqual(['Fit', 'Unfit', null]);
    expect(survival.groups[2].n).toBe(fixture.byFit.unknown);
    expect(survival.groups[2].steps.length).toBeGreaterThan(0);
    expectClose(survival.logRank, fixture.byFit.logRank, 'os log-rank by fitness');
    const incidence = await get(doctor, '/api/outcomes/relapse-incidence?groupBy=patientFit');
    expect(incidence.groups[2]).toMatchObject({ key: null, n: fixture.byFit.unknown });
    expectClose(incidence.grayTest, fixture.byFit.grayTest, 'Gray’s test of relapse by fitness');
    expectClose(incidence.grayTestNrm, fixture.byFit.grayTestNrm, 'Gray’s test of NRM by fitness');
  });

  it('gives the cumulative incidence of relapse, death competing, as R does', async () => {
    const answer = await get(doctor, '/api/outcomes/relapse-incidence?groupBy=subtype');
    // R's columns, under the answer's names.
    const expected = fixture.incidence.map((group: { steps: Record<string, number>[] }) => ({
      ...group,
      steps: group.steps.map(({ events, competing, ...step }) => ({
        ...step,
        relapses: events,
        deaths: competing,
      })),
    }));
    expectClose(answer.groups, expected, 'incidence');
  });

  it('summarises the cohort: counts, relapses, deaths, follow-up and completeness', async () => {
    const summary = await get(doctor, '/api/outcomes/summary');
    expect(summary.patients).toBe(19);
    expect(summary.bySubtype).toEqual([
      { key: 'AML M2', n: 8 },
      { key: 'AML M3', n: 6 },
      { key: 'Other', n: 4 },
      { key: null, n: 1 },
    ]);
    expect(summary.byInstitution).toBeUndefined();
    expect(summary.relapses).toBe(rows.filter((row) => row.relapseDate).length);
    expect(summary.deaths).toBe(rows.filter((row) => row.deathDate).length);
    expectClose(summary.followUp, fixture.followUp, 'follow-up');
    expect(summary.completeness).toContainEqual({ field: 'dxDate', n: 18 });
    expect(summary.completeness).toContainEqual({ field: 'lastContactDate', n: 9 });
    expect(summary.completeness).toContainEqual({ field: 'ngs', n: 0 });
    const admins = await get(admin, '/api/outcomes/summary');
    // Institutions by name, as a reader knows them, not by code.
    expect(admins.byInstitution).toEqual([{ key: expect.stringMatching(/^Hospital /), n: 19 }]);
  });

  it('answers every grouping, each group in ascending order with the patients without a key last', async () => {
    for (const groupBy of GROUP_BY) {
      const answer = await get(admin, `/api/outcomes/survival?groupBy=${groupBy}`);
      const n = answer.groups.reduce((sum: number, group: { n: number }) => sum + group.n, 0);
      expect(n, groupBy).toBe(18);
    }
    const bands = await get(admin, '/api/outcomes/survival?groupBy=ageBand');
    expect(bands.groups.map((group: { key: string }) => group.key)).toEqual(['<40', '40-59', '>=60']);
    const years = await get(admin, '/api/outcomes/relapse-incidence?groupBy=dxYear');
    expect(years.groups.map((group: { key: number }) => group.key)).toEqual([2019, 2020]);
    const refused = await t.request({
      method: 'GET',
      url: '/api/outcomes/survival?groupBy=institution',
      token: doctor.token,
    });
    expect(refused.statusCode).toBe(403);
  });

  it('applies the list’s filters and the range of diagnosis dates', async () => {
    const m3 = await get(doctor, '/api/outcomes/survival?subtype=AML%20M3');
    expect(m3.groups[0].n).toBe(6);
    const range = await get(doctor, '/api/outcomes/survival?dxFrom=2020-01-01&dxTo=2020-12-31');
    expect(range.groups[0].n).toBe(rows.filter((row) => row.dxDate?.startsWith('2020')).length);
    for (const bad of [
      'endpoint=pfs',
      'groupBy=doctor',
      'subtype=AML%20M9',
      'dxFrom=2020-13-01',
      'colour=red',
    ]) {
      const res = await t.request({
        method: 'GET',
        url: `/api/outcomes/survival?${bad}`,
        token: doctor.token,
      });
      expect(res.statusCode, bad).toBe(400);
    }
  });

  it('shows a doctor only their own patients, and an admin every patient', async () => {
    const theirs = await get(colleague, '/api/outcomes/survival');
    expect(theirs.groups).toEqual([]);
    expect((await get(colleague, '/api/outcomes/summary')).patients).toBe(0);
    await newDoctor(t).then(async (other) => {
      const id = (
        await t.request({
          method: 'POST',
          url: '/api/patients',
          token: other.token,
          payload: { identification: 'X-1', demography: { birthDate: '1970-01-01', gender: 'male' } },
        })
      ).json().data.id;
      expect(id).toEqual(expect.any(String));
    });
    expect((await get(admin, '/api/outcomes/summary')).patients).toBe(20);
    expect((await get(doctor, '/api/outcomes/summary')).patients).toBe(19);
  });

  it('records the follow-up date under the rules, for doctors only', async () => {
    const id = ids.get('M3-04') ?? '';
    const patch = (caller: Caller, lastContactDate: string) =>
      t.request({
        method: 'PATCH',
        url: `/api/patients/${id}`,
        token: caller.token,
        payload: { lastContactDate },
      });
    expect((await patch(doctor, '2999-01-01')).json().fields).toEqual({
      lastContactDate: expect.any(String),
    });
    expect((await patch(doctor, '2019-09-30')).statusCode).toBe(422);
    expect((await patch(doctor, '1965-01-01')).statusCode).toBe(422);
    expect((await patch(admin, '2020-05-01')).statusCode).toBe(403);
    const dead = ids.get('M2-01') ?? '';
    const afterDeath = await t.request({
      method: 'PATCH',
      url: `/api/patients/${dead}`,
      token: doctor.token,
      payload: { lastContactDate: '2019-08-01' },
    });
    expect(afterDeath.statusCode).toBe(422);
    const ok = await patch(doctor, '2020-03-30');
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.lastContactDate).toBe('2020-03-30');
    expect((await patch(doctor, '2020-03-29')).statusCode).toBe(200);
  });

  it('lists the living patients due for follow-up, oldest news first, not the dead nor the recent', async () => {
    const recent = ids.get('M3-01') ?? '';
    const today = new Date(t.ctx.now().getTime()).toISOString().slice(0, 10);
    await t.request({
      method: 'PATCH',
      url: `/api/patients/${recent}`,
      token: doctor.token,
      payload: { lastContactDate: today },
    });
    const due = await t.request({
      method: 'GET',
      url: '/api/outcomes/follow-up-due?size=100',
      token: doctor.token,
    });
    expect(due.statusCode).toBe(200);
    const list = due.json();
    const alive = rows.filter((row) => !row.deathDate && row.identification !== 'M3-01');
    expect(list.totalItems).toBe(alive.length);
    expect(list.data.map((row: { identification: string }) => row.identification)).not.toContain('M3-01');
    expect(list.data.map((row: { identification: string }) => row.identification)).not.toContain('M2-01');
    const dates = list.data.map((row: { lastKnownAlive: string }) => row.lastKnownAlive);
    expect(dates).toEqual([...dates].sort());
    expect(list.data[0]).toMatchObject({ doctor: { first_name: 'Ana', last_name: 'García' } });
    for (const months of ['0', '61', 'six']) {
      const res = await t.request({
        method: 'GET',
        url: `/api/outcomes/follow-up-due?months=${months}`,
        token: doctor.token,
      });
      expect(res.statusCode).toBe(400);
    }
  });

  it('records each call in the audit trail as a read, with its filters', async () => {
    await get(doctor, '/api/outcomes/survival?endpoint=rfs&subtype=AML%20M2');
    const trail = await get(admin, `/api/audit?userId=${doctor.userId}&action=outcomes.survival&size=1`);
    expect(trail[0].changes.query.new).toMatchObject({ endpoint: 'rfs', subtype: 'AML M2', groupBy: 'none' });
  });
});
