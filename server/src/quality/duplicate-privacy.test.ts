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

  it('counts the possible duplicates across doctors in the admin’s overview, per doctor and in total, and tells no doctor', async () => {
    const first = await newDoctor(t);
    const second = await newDoctor(t, { id: first.institutionId ?? '' });
    const elsewhere = await newDoctor(t);
    // The patients share a birth date and sex (the helpers'); the diagnosis date makes the key.
    const onKey = (caller: Caller, dxDate: string) =>
      consentedPatient(t, caller, { dxDate, consentDate: dxDate });
    const firstA = await onKey(first, '2019-07-01');
    await onKey(first, '2019-07-01');
    // Two of the first doctor's own patients alike, and nobody else's: a duplicate, but not across doctors.
    await onKey(first, '2019-08-01');
    await onKey(first, '2019-08-01');
    const secondA = await onKey(second, '2019-07-01');
    const secondB = await onKey(second, '2019-09-01');
    // The same key in another institution is nobody's duplicate here.
    await onKey(elsewhere, '2019-07-01');
    await onKey(elsewhere, '2019-09-01');

    const codeOf = async (caller: Caller) =>
      (await get(admin, `/api/patients/list?doctorId=${caller.doctorId}&size=1`)).data[0].institution.code;
    const code = await codeOf(first);
    const byDoctor = (
      await get(admin, `/api/quality/overview?groupBy=doctor&institutionCode=${encodeURIComponent(code)}`)
    ).data;
    const ofDoctor = (caller: Caller) =>
      byDoctor.rows.find((r: { doctor: { id: string } }) => r.doctor.id === caller.doctorId)
        ?.duplicatesAcrossDoctors;
    expect([ofDoctor(first), ofDoctor(second)]).toEqual([2, 1]);
    expect(byDoctor.total.duplicatesAcrossDoctors).toBe(3);

    const byInstitution = (await get(admin, '/api/quality/overview')).data;
    const ofInstitution = (caller: Caller) =>
      byInstitution.rows.find(
        (r: { institution: { id: string } }) => r.institution.id === caller.institutionId,
      )?.duplicatesAcrossDoctors;
    expect([ofInstitution(first), ofInstitution(elsewhere)]).toEqual([3, 0]);
    expect(byInstitution.total.duplicatesAcrossDoctors).toBe(
      byInstitution.rows.reduce(
        (sum: number, r: { duplicatesAcrossDoctors: number }) => sum + r.duplicatesAcrossDoctors,
        0,
      ),
    );
    const csv = await t.request({
      method: 'GET',
      url: `/api/quality/overview/csv?groupBy=doctor&institutionCode=${encodeURIComponent(code)}`,
      token: admin.token,
      headers: { 'accept-language': 'en' },
    });
    const [header, ...lines] = csv.body.replace('\uFEFF', '').trimEnd().split('\n');
    const column = header?.split(',').indexOf('Possible duplicates across doctors') ?? -1;
    expect(column).toBeGreaterThan(0);
    expect(lines.at(-1)?.split(',')[column]).toBe('3');

    // A doctor is told of their own look-alikes only, and may not ask for the overview.
    expect(await rulesOf(second, secondA)).not.toContain('possibleDuplicate');
    expect(await rulesOf(first, firstA)).toContain('possibleDuplicate');
    expect(await rulesOf(admin, secondA)).toContain('possibleDuplicate');
    // Its list row counts as many findings as the second doctor's patient with no look-alike.
    const rows = (await get(second, '/api/patients/list?size=1000')).data;
    const findings = (id: string) => {
      const row = rows.find((r: { id: string }) => r.id === id);
      return [row.qualityErrors, row.qualityWarnings];
    };
    expect(findings(secondA)).toEqual(findings(secondB));
    expect(await rulesOf(second, secondA)).toEqual(await rulesOf(second, secondB));
    for (const url of ['/api/quality/overview', '/api/quality/overview/csv']) {
      expect((await t.request({ method: 'GET', url, token: second.token })).statusCode).toBe(403);
    }
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
