import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { type Caller, createPatient, diagnostic, newDoctor } from '../../test/patients.ts';

/** `yyyy-MM-dd`, `days` before now. */
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

describe('the follow-up due (CONTRACT §9)', () => {
  let t: TestApp;
  let doctor: Caller;
  beforeAll(async () => {
    t = await buildTestApp();
    doctor = await newDoctor(t);
  });
  afterAll(() => t.close());

  const withDiagnosis = async (dxDate: string) => {
    const id = await createPatient(t, doctor);
    const res = await t.request({
      method: 'POST',
      url: '/api/patients/diagnostics',
      token: doctor.token,
      payload: { patientId: id, ...diagnostic({ dxDate, consentDate: dxDate }) },
    });
    expect(res.statusCode, res.body).toBe(201);
    return id;
  };

  it('is not due for a patient registered today with no dates yet, nor one diagnosed last week; is due for old news', async () => {
    const registeredToday = await createPatient(t, doctor);
    const diagnosedLastWeek = await withDiagnosis(daysAgo(7));
    const oldNews = await withDiagnosis(daysAgo(400));

    const due = await t.request({
      method: 'GET',
      url: '/api/outcomes/follow-up-due?size=100',
      token: doctor.token,
    });
    expect(due.statusCode, due.body).toBe(200);
    const listed = due.json().data.map((row: { id: string }) => row.id);
    expect(listed).toEqual([oldNews]);
    expect(listed).not.toContain(registeredToday);
    expect(listed).not.toContain(diagnosedLastWeek);

    const count = await t.request({
      method: 'GET',
      url: '/api/outcomes/follow-up-due/count',
      token: doctor.token,
    });
    expect(count.json().data.count).toBe(1);
  });
});
