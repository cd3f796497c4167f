import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/helper.ts';
import { type Caller, consentedPatient, newAdmin, newDoctor } from '../test/patients.ts';

/**
 * A possible duplicate never tells a doctor of a colleague's patient (CONTRACT §13, amended
 * 2026-11-29): the third audit's probe — a doctor moves a probe patient's diagnosis date onto the
 * birth date, sex and diagnosis date of another doctor's patient of the institution — learns nothing
 * from the file, the list's counts, its quality filter or the notifications; an admin is told.
 */
describe('a possible duplicate across doctors', () => {
  let t: TestApp;
  let admin: Caller;
  let prober: Caller;
  let colleague: Caller;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await newAdmin(t);
    prober = await newDoctor(t);
    colleague = await newDoctor(t, { id: prober.institutionId ?? '' });
  });
  afterAll(() => t.close());

  const get = async (caller: Caller, url: string) => {
    const res = await t.request({ method: 'GET', url, token: caller.token });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json();
  };
  const rulesOf = async (caller: Caller, id: string) =>
    (await get(caller, `/api/patients/${id}`)).data.quality.map((finding: { rule: string }) => finding.rule);
  /** Everything a doctor's screens say of their patients' quality. */
  const whatTheDoctorSees = async (caller: Caller, id: string) => {
    const list = await get(caller, '/api/patients/list?size=1000');
    const row = list.data.find((r: { id: string }) => r.id === id);
    const filtered = async (quality: string) =>
      (await get(caller, `/api/patients/list?size=1000&quality=${quality}`)).data.map(
        (r: { id: string }) => r.id,
      );
    return {
      rules: await rulesOf(caller, id),
      counts: { errors: row.qualityErrors, warnings: row.qualityWarnings },
      warning: await filtered('warning'),
      none: await filtered('none'),
      totals: [
        (await get(caller, '/api/patients/list?size=1&quality=warning')).totalItems,
        (await get(caller, '/api/patients/list?size=1&quality=none')).totalItems,
      ],
      notifications: (await get(caller, '/api/notifications')).data,
    };
  };

  it('tells neither doctor, tells the admin, and opens no query to a doctor about it', async () => {
    const theirs = await consentedPatient(t, colleague, { dxDate: '2021-03-03', consentDate: '2021-03-03' });
    const probe = await consentedPatient(t, prober, { dxDate: '2021-03-04', consentDate: '2021-03-04' });
    const before = await whatTheDoctorSees(prober, probe);
    const colleagueBefore = await whatTheDoctorSees(colleague, theirs);

    const diagnostic = (await get(prober, `/api/patients/${probe}`)).data.diagnostics[0];
    const moved = await t.request({
      method: 'PATCH',
      url: `/api/patients/diagnostics/${diagnostic.id}`,
      token: prober.token,
      payload: { dxDate: '2021-03-03', consentDate: '2021-03-03' },
    });
    expect(moved.statusCode, moved.body).toBeLessThan(300);

    expect(await whatTheDoctorSees(prober, probe)).toEqual(before);
    expect(before.rules).not.toContain('possibleDuplicate');
    expect(await whatTheDoctorSees(colleague, theirs)).toEqual(colleagueBefore);
    // The admin's file names it, on both patients.
    expect(await rulesOf(admin, probe)).toContain('possibleDuplicate');
    expect(await rulesOf(admin, theirs)).toContain('possibleDuplicate');
    // A query of the rule would tell the doctor: none is opened for them.
    const bulk = await t.request({
      method: 'POST',
      url: '/api/queries/bulk',
      token: admin.token,
      payload: { ruleId: 'possibleDuplicate', text: 'Is this the same patient?' },
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    const queries = await get(prober, '/api/queries?size=100');
    expect(queries.data).toEqual([]);
  });

  it('still tells a doctor of two of their own patients', async () => {
    const first = await consentedPatient(t, prober, { dxDate: '2020-05-05', consentDate: '2020-05-05' });
    const second = await consentedPatient(t, prober, { dxDate: '2020-05-05', consentDate: '2020-05-05' });
    expect(await rulesOf(prober, first)).toContain('possibleDuplicate');
    expect(await rulesOf(prober, second)).toContain('possibleDuplicate');
    const row = (await get(prober, '/api/patients/list?size=1000&quality=warning')).data.map(
      (r: { id: string }) => r.id,
    );
    expect(row).toEqual(expect.arrayContaining([first, second]));
  });
});
