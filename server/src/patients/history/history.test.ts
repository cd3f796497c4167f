import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import {
  type Caller,
  consentedPatient,
  createPatient,
  newAdmin,
  newDoctor,
  uploadFile,
} from '../../test/patients.ts';

interface Entry {
  id: number;
  at: string;
  actorEmail: string | null;
  actorName: string | null;
  action: string;
  entityType: string | null;
  entityId: string | null;
  changes: Record<string, { old: unknown; new: unknown }> | null;
}

describe('GET /api/patients/:id/history', () => {
  let t: TestApp;
  let admin: Caller;
  let doctor: Caller;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await newAdmin(t);
    doctor = await newDoctor(t);
  });
  afterAll(() => t.close());

  const send = (caller: Caller, method: 'GET' | 'PATCH' | 'PUT', url: string, payload?: object) =>
    t.request({ method, url, token: caller.token, ...(payload ? { payload } : {}) });
  const history = async (caller: Caller, id: string, query = 'size=100') => {
    const res = await send(caller, 'GET', `/api/patients/${id}/history?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { data: Entry[]; currentPage: number; totalPages: number; totalItems: number };
  };

  it('answers 404 for a patient the caller does not see, and for one that does not exist', async () => {
    const id = await createPatient(t, doctor);
    const colleague = await newDoctor(t, { id: doctor.institutionId ?? '' });
    const other = await send(colleague, 'GET', `/api/patients/${id}/history`);
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain(id);
    const missing = await send(doctor, 'GET', '/api/patients/00000000-0000-4000-8000-000000000000/history');
    expect(missing.statusCode).toBe(404);
    expect((await send(doctor, 'GET', `/api/patients/${id}/history?size=0`)).statusCode).toBe(400);
    expect((await t.request({ method: 'GET', url: `/api/patients/${id}/history` })).statusCode).toBe(401);
  });

  it("holds the changes to the patient and its records, newest first, and no other patient's", async () => {
    const id = await consentedPatient(t, doctor, { dxSubType: 'AML M1' });
    const otherId = await createPatient(t, doctor);
    await send(doctor, 'PATCH', `/api/patients/${otherId}`, { riskLevel: 'Bajo' });
    await send(doctor, 'GET', `/api/patients/${id}`);
    await send(doctor, 'PATCH', `/api/patients/${id}`, { riskLevel: 'Alto', demography: { ecog: 3 } });
    await send(doctor, 'PATCH', `/api/patients/${id}`, { lastContactDate: '2023-01-10' });
    await uploadFile(t, doctor, id);
    const { data } = await history(doctor, id);
    expect(data.map((e) => e.action)).toEqual([
      'file.upload',
      'patient.update',
      'patient.update',
      'diagnostic.create',
      'patient.create',
    ]);
    const times = data.map((e) => Date.parse(e.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(data[2]).toMatchObject({
      actorEmail: doctor.email,
      actorName: 'Ana García',
      entityType: 'patient',
      entityId: id,
      changes: { riskLevel: { old: null, new: 'Alto' }, 'demography.ecog': { old: 1, new: 3 } },
    });
    expect(data[1]?.changes).toEqual({ lastContactDate: { old: null, new: '2023-01-10' } });
    // Reads are not changes, but reading the history is itself audited.
    const reads = await send(admin, 'GET', `/api/audit?patientId=${id}&action=patient.history`);
    expect(reads.json().data).toEqual([
      expect.objectContaining({ actorUserId: doctor.userId, entityId: id }),
    ]);
  });

  it('pages', async () => {
    const id = await createPatient(t, doctor);
    for (const ecog of [2, 3, 4]) {
      await send(doctor, 'PATCH', `/api/patients/${id}`, { demography: { ecog } });
    }
    const first = await history(doctor, id, 'size=2');
    expect(first).toMatchObject({ currentPage: 0, totalPages: 2, totalItems: 4 });
    expect(first.data.map((e) => e.changes?.['demography.ecog']?.new)).toEqual([4, 3]);
    const second = await history(doctor, id, 'size=2&page=1');
    expect(second).toMatchObject({ currentPage: 1, totalPages: 2, totalItems: 4 });
    expect(second.data.map((e) => e.action)).toEqual(['patient.update', 'patient.create']);
    expect((await history(doctor, id, 'size=2&page=5')).data).toEqual([]);
  });

  it("keeps admin-only fields out of a doctor's history, and shows them to admins", async () => {
    const id = await consentedPatient(t, doctor);
    const code = 500_000 + Math.floor(Math.random() * 400_000);
    expect((await send(admin, 'PATCH', `/api/patients/${id}`, { codeOP: code })).statusCode).toBe(200);
    await send(admin, 'PUT', `/api/patients/labreports/${id}`, {
      labReports: [{ name: 'NGS OP', content: 'TP53' }],
    });
    await send(admin, 'PUT', `/api/patients/labreports/${id}`, {
      labReports: [{ name: 'NGS OP', content: 'KIT' }],
    });
    await uploadFile(t, admin, id);
    await send(doctor, 'PUT', `/api/patients/labreports/${id}`, {
      labReports: [{ name: 'NGS', content: 'NPM1' }],
    });

    const seenByAdmin = (await history(admin, id)).data;
    expect(seenByAdmin.map((e) => e.action)).toEqual([
      'labReport.create',
      'file.upload',
      'labReport.update',
      'labReport.create',
      'patient.update',
      'diagnostic.create',
      'patient.create',
    ]);
    expect(seenByAdmin[4]?.changes).toEqual({ codeOP: { old: null, new: code } });

    const seenByDoctor = await history(doctor, id);
    expect(seenByDoctor.totalItems).toBe(3);
    expect(seenByDoctor.data.map((e) => e.action)).toEqual([
      'labReport.create',
      'diagnostic.create',
      'patient.create',
    ]);
    expect(seenByDoctor.data[0]?.changes).toMatchObject({ name: { old: null, new: 'NGS' } });
    const text = JSON.stringify(seenByDoctor);
    expect(text).not.toContain('codeOP');
    expect(text).not.toContain('NGS OP');
    expect(text).not.toContain('TP53');
    expect(text).not.toContain(String(code));
    expect(text).not.toContain(admin.email);
  });

  it('takes an admin-only field out of a change that also touched others', async () => {
    const id = await createPatient(t, doctor);
    await send(admin, 'PATCH', `/api/patients/${id}`, {
      codeOP: 900_001 + Math.floor(Math.random() * 90_000),
    });
    const shown = (await history(doctor, id)).data;
    expect(shown.map((e) => e.action)).toEqual(['patient.create']);
    expect(Object.keys(shown[0]?.changes ?? {})).not.toContain('codeOP');
  });

  it('names who made each change: a doctor by first and last name, an admin by nickname', async () => {
    const id = await createPatient(t, doctor);
    await send(admin, 'PATCH', `/api/patients/${id}`, {
      codeOP: 900_001 + Math.floor(Math.random() * 90_000),
    });
    const { data } = await history(admin, id);
    expect(data.map((e) => [e.action, e.actorName])).toEqual([
      ['patient.update', admin.email.split('@')[0]],
      ['patient.create', 'Ana García'],
    ]);
  });
});
