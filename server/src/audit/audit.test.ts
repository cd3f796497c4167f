import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/helper.ts';
import {
  type Caller,
  consentedPatient,
  createPatient,
  newAdmin,
  newDoctor,
  treatment,
  uploadFile,
} from '../test/patients.ts';

interface Entry {
  action: string;
  outcome: string;
  actorUserId: string | null;
  entityType: string | null;
  entityId: string | null;
  patientId: string | null;
  changes: Record<string, { old: unknown; new: unknown }> | null;
}

describe('audit trail of patient records', () => {
  let t: TestApp;
  let admin: Caller;
  let doctor: Caller;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await newAdmin(t);
    doctor = await newDoctor(t);
  });
  afterAll(() => t.close());

  const trail = async (query: string): Promise<Entry[]> => {
    const res = await t.request({
      method: 'GET',
      url: `/api/audit?size=1000&order=asc&${query}`,
      token: admin.token,
    });
    expect(res.statusCode).toBe(200);
    return res.json().data;
  };
  const send = (
    caller: Caller,
    method: 'POST' | 'PATCH' | 'PUT' | 'DELETE' | 'GET',
    url: string,
    payload?: object,
  ) => t.request({ method, url, token: caller.token, ...(payload ? { payload } : {}) });

  it('records each kind of change with its old and new values', async () => {
    const id = await consentedPatient(t, doctor, { dxSubType: 'AML M1' });
    await send(doctor, 'PATCH', `/api/patients/${id}`, { demography: { ecog: 4 }, riskLevel: 'Alto' });
    await send(admin, 'PATCH', `/api/patients/${id}`, { codeOP: 1234 });
    const sample = (
      await send(doctor, 'POST', '/api/patients/samples', {
        patientId: id,
        sampleDate: '2022-03-01',
        sampleType: 'MO',
      })
    ).json().data;
    await send(doctor, 'PATCH', `/api/patients/samples/${sample.id}`, { sampleType: 'SP' });
    const patient = (await send(doctor, 'GET', `/api/patients/${id}`)).json().data;
    await send(doctor, 'PATCH', `/api/patients/diagnostics/${patient.diagnostics[0].id}`, {
      dxSubType: 'Other',
      subTypeName: 'LMMC',
    });
    await send(doctor, 'PATCH', `/api/patients/diagnostics/${patient.diagnostics[0].id}`, {
      dxSubType: 'AML M1',
    });
    const treatments = (
      await send(doctor, 'POST', '/api/patients/treatments', { patientId: id, treatments: [treatment()] })
    ).json().data;
    await send(doctor, 'PUT', `/api/patients/treatments/${id}`, {
      treatments: [{ ...treatment({ id: treatments[0].id, EMRBlasts: 3 }), drugs: [] }],
    });
    await send(doctor, 'DELETE', `/api/patients/treatments/drugs/${treatments[0].drugs[0].id}`);
    await send(doctor, 'DELETE', `/api/patients/treatments/${treatments[0].id}`);
    await send(doctor, 'PUT', `/api/patients/labreports/${id}`, {
      labReports: [{ name: 'NGS', content: 'NPM1' }],
    });
    await send(doctor, 'PUT', `/api/patients/labreports/${id}`, {
      labReports: [{ name: 'NGS', content: 'FLT3' }],
    });
    await uploadFile(t, doctor, id);

    const entries = (await trail(`patientId=${id}`)).filter((e) => e.action !== 'patient.read');
    expect(entries.map((e) => e.action)).toEqual([
      'patient.create',
      'diagnostic.create',
      'patient.update',
      'patient.update',
      'sample.create',
      'sample.update',
      'diagnostic.update',
      'diagnostic.update',
      'treatment.create',
      'drug.create',
      'drug.create',
      'treatment.update',
      'drug.delete',
      'drug.update',
      'treatment.delete',
      'labReport.create',
      'labReport.update',
      'file.upload',
    ]);
    const byAction = (action: string, nth = 0) => entries.filter((e) => e.action === action)[nth];
    expect(byAction('patient.create')?.changes).toMatchObject({
      identification: { old: null, new: expect.any(String) },
      'demography.birthDate': { old: null, new: '1961-05-20' },
    });
    expect(byAction('patient.update')).toMatchObject({
      actorUserId: doctor.userId,
      entityType: 'patient',
      entityId: id,
      changes: { 'demography.ecog': { old: 1, new: 4 }, riskLevel: { old: null, new: 'Alto' } },
    });
    expect(byAction('patient.update', 1)).toMatchObject({
      actorUserId: admin.userId,
      changes: { codeOP: { old: null, new: 1234 } },
    });
    expect(byAction('sample.update')?.changes).toEqual({ sampleType: { old: 'MO', new: 'SP' } });
    expect(byAction('diagnostic.update')?.changes).toEqual({
      dxSubType: { old: 'AML M1', new: 'Other: LMMC' },
    });
    expect(byAction('diagnostic.update', 1)?.changes).toEqual({
      dxSubType: { old: 'Other: LMMC', new: 'AML M1' },
    });
    expect(byAction('treatment.update')?.changes).toEqual({ EMRBlasts: { old: 0.5, new: 3 } });
    expect(byAction('drug.delete')?.changes).toMatchObject({ name: { old: 'Citarabina', new: null } });
    expect(byAction('drug.update')?.changes).toEqual({ order: { old: 2, new: 1 } });
    expect(byAction('treatment.delete')?.changes).toMatchObject({
      scheme: { old: '7+3 AraC + IDA', new: null },
      drugs: { old: ['Idarrubicina'], new: null },
    });
    expect(byAction('labReport.update')?.changes).toEqual({ content: { old: 'NPM1', new: 'FLT3' } });
    expect(byAction('file.upload')?.changes).toMatchObject({
      mimeType: { old: null, new: 'application/pdf' },
    });
  });

  it('records reads of a patient file, downloads and exports', async () => {
    const id = await createPatient(t, doctor);
    const fileId = await uploadFile(t, doctor, id);
    await send(admin, 'GET', `/api/patients/${id}`);
    await send(doctor, 'GET', `/api/files/download/${fileId}`);
    await send(admin, 'GET', '/api/patients/csv?subtype=AML%20M3&text=abc');
    const reads = await trail(`patientId=${id}&action=patient.read`);
    expect(reads).toEqual([expect.objectContaining({ actorUserId: admin.userId, entityId: id })]);
    expect(await trail(`patientId=${id}&action=file.download`)).toEqual([
      expect.objectContaining({ actorUserId: doctor.userId, entityId: fileId }),
    ]);
    const exports = await trail('action=patients.export');
    expect(exports.at(-1)?.changes).toEqual({
      format: { old: null, new: 'csv' },
      filters: { old: null, new: { subtype: 'AML M3', text: 'abc' } },
      codes: { old: null, new: 'labels' },
    });
  });

  it('records refused permission checks, and nothing of a write that failed', async () => {
    const id = await createPatient(t, doctor);
    const colleague = await newDoctor(t, { id: doctor.institutionId ?? '' });
    expect((await send(colleague, 'GET', `/api/patients/${id}`)).statusCode).toBe(404);
    expect((await send(admin, 'PATCH', `/api/patients/${id}`, { riskLevel: 'Alto' })).statusCode).toBe(403);
    expect((await send(doctor, 'PATCH', `/api/patients/${id}`, { deathDate: '2999-01-01' })).statusCode).toBe(
      422,
    );
    const entries = await trail(`patientId=${id}`);
    expect(entries.filter((e) => e.outcome === 'denied')).toEqual([
      expect.objectContaining({ actorUserId: colleague.userId, action: 'GET /api/patients/:id' }),
      expect.objectContaining({ actorUserId: admin.userId, action: 'PATCH /api/patients/:id' }),
    ]);
    expect(entries.filter((e) => e.action === 'patient.update')).toEqual([]);
  });

  it('filters by user, action and date range, and pages', async () => {
    const mine = await trail(`userId=${doctor.userId}&action=patient.create`);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((e) => e.actorUserId === doctor.userId && e.action === 'patient.create')).toBe(true);
    const today = new Date().toISOString().slice(0, 10);
    expect((await trail(`from=${today}&to=${today}&action=patient.create`)).length).toBe(mine.length);
    expect(await trail('from=2000-01-01&to=2000-01-02')).toEqual([]);
    const page = await t.request({ method: 'GET', url: '/api/audit?size=2&page=1', token: admin.token });
    expect(page.json()).toMatchObject({
      currentPage: 1,
      totalPages: expect.any(Number),
      totalItems: expect.any(Number),
    });
    expect(page.json().data).toHaveLength(2);
    expect(
      (await t.request({ method: 'GET', url: '/api/audit?from=yesterday', token: admin.token })).statusCode,
    ).toBe(400);
  });
});
