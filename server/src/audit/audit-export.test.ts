import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/helper.ts';
import { type Caller, createPatient, newAdmin, newDoctor } from '../test/patients.ts';

describe('the audit trail by patient code, and as CSV', () => {
  let t: TestApp;
  let admin: Caller;
  let doctor: Caller;
  let coded = '';
  let other = '';
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await newAdmin(t);
    doctor = await newDoctor(t);
    coded = await createPatient(t, doctor, { identification: '+cmd|calc' });
    other = await createPatient(t, doctor);
    const res = await t.request({
      method: 'PATCH',
      url: `/api/patients/${coded}`,
      token: admin.token,
      payload: { codeOP: 4321 },
    });
    expect(res.statusCode, res.body).toBe(200);
  });
  afterAll(() => t.close());

  it('filters the trail by the code OP of a patient as by its id', async () => {
    const byCode = await t.request({
      method: 'GET',
      url: '/api/audit?patientCode=4321&size=100',
      token: admin.token,
    });
    expect(byCode.statusCode, byCode.body).toBe(200);
    const patients = new Set(byCode.json().data.map((row: { patientId: string }) => row.patientId));
    expect([...patients]).toEqual([coded]);
    const byId = await t.request({
      method: 'GET',
      url: `/api/audit?patientId=${coded}&size=100`,
      token: admin.token,
    });
    expect(byCode.json().totalItems).toBe(byId.json().totalItems);
    expect(byId.json().data.some((row: { patientId: string }) => row.patientId === other)).toBe(false);
    const none = await t.request({ method: 'GET', url: '/api/audit?patientCode=999999', token: admin.token });
    expect(none.json().totalItems).toBe(0);
    for (const bad of ['0', '-3', '1.5', 'x']) {
      const res = await t.request({
        method: 'GET',
        url: `/api/audit?patientCode=${bad}`,
        token: admin.token,
      });
      expect(res.statusCode, bad).toBe(400);
    }
  });

  it('exports the filtered trail as CSV, in Spanish with ; and dd/MM/yyyy, guarded against formulas, and audits it', async () => {
    const res = await t.request({
      method: 'GET',
      url: `/api/audit/csv?patientId=${coded}`,
      token: admin.token,
      headers: { 'accept-language': 'es' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="audit-\d{4}-\d{2}-\d{2}-\d{6}-UTC\.csv"$/,
    );
    const text = res.rawPayload.toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const rows: string[][] = parse(text.slice(1), { delimiter: ';' });
    expect(rows[0]?.[0]).toBe('Fecha y hora (UTC)');
    const entries = rows.slice(1);
    expect(entries.length).toBeGreaterThanOrEqual(2);
    expect(entries.every((row) => row[6] === coded)).toBe(true);
    expect(entries[0]?.[0]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    // The identification that begins with + is written behind the guard inside the changes cell.
    const create = entries.find((row) => row[2] === 'patient.create');
    expect(create?.[7]).toContain('+cmd|calc');

    const english = await t.request({
      method: 'GET',
      url: '/api/audit/csv?patientCode=4321',
      token: admin.token,
      headers: { 'accept-language': 'en' },
    });
    const englishRows: string[][] = parse(english.rawPayload.toString('utf8').slice(1));
    expect(englishRows[0]?.[0]).toBe('Date and time (UTC)');
    expect(englishRows.length).toBe(rows.length);

    const trail = await t.request({
      method: 'GET',
      url: '/api/audit?action=audit.export',
      token: admin.token,
    });
    expect(trail.json().totalItems).toBe(2);
    expect((await t.request({ method: 'GET', url: '/api/audit/csv', token: doctor.token })).statusCode).toBe(
      403,
    );
  });
});
