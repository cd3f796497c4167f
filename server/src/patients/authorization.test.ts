import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/helper.ts';
import {
  type Caller,
  consentedPatient,
  demography,
  multipart,
  newAdmin,
  newDoctor,
  PDF_BYTES,
  treatment,
  uniqueId,
  uploadFile,
} from '../test/patients.ts';

type Role = 'admin' | 'owner' | 'colleague' | 'biobank' | 'none';
/** Every role runs each route on a fresh patient; the owner runs last, so that deletions find their target. */
const ROLES: Role[] = ['none', 'admin', 'colleague', 'biobank', 'owner'];

const SECRET_CODE = 777_001;
let nextCode = SECRET_CODE;
const SECRET_NGS_OP = 'SECRET-NGS-OP-CONTENT';

interface Fixture {
  patientId: string;
  sampleId: string;
  diagnosticId: string;
  treatmentId: string;
  drugId: string;
  fileId: string;
}

interface RouteCase {
  name: string;
  request: (f: Fixture) => {
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
    url: string;
    payload?: object;
  };
  expected: Record<Role, number>;
}

const doctorWrite = (ok: number): Record<Role, number> => ({
  none: 401,
  admin: 403,
  colleague: 404,
  biobank: 404,
  owner: ok,
});
const anyoneWhoSees = (ok: number): Record<Role, number> => ({
  none: 401,
  admin: ok,
  colleague: 404,
  biobank: 404,
  owner: ok,
});
const adminOnly: Record<Role, number> = { none: 401, admin: 200, colleague: 403, biobank: 403, owner: 403 };

const ROUTES: RouteCase[] = [
  {
    name: 'POST /api/patients',
    request: () => ({
      method: 'POST',
      url: '/api/patients',
      payload: { identification: uniqueId(), demography: demography() },
    }),
    expected: { none: 401, admin: 403, colleague: 201, biobank: 201, owner: 201 },
  },
  {
    name: 'GET /api/patients/list',
    request: () => ({ method: 'GET', url: '/api/patients/list' }),
    expected: { none: 401, admin: 200, colleague: 200, biobank: 200, owner: 200 },
  },
  {
    name: 'GET /api/patients/:id',
    request: (f) => ({ method: 'GET', url: `/api/patients/${f.patientId}` }),
    expected: anyoneWhoSees(200),
  },
  {
    name: 'PATCH /api/patients/:id (clinical)',
    request: (f) => ({
      method: 'PATCH',
      url: `/api/patients/${f.patientId}`,
      payload: { riskLevel: 'Alto' },
    }),
    expected: doctorWrite(200),
  },
  {
    name: 'PATCH /api/patients/:id (death)',
    request: (f) => ({
      method: 'PATCH',
      url: `/api/patients/${f.patientId}`,
      payload: { deathDate: '2023-01-01' },
    }),
    expected: doctorWrite(200),
  },
  {
    name: 'PATCH /api/patients/:id (codeOP)',
    request: (f) => ({
      method: 'PATCH',
      url: `/api/patients/${f.patientId}`,
      payload: { codeOP: ++nextCode },
    }),
    expected: { none: 401, admin: 200, colleague: 404, biobank: 404, owner: 403 },
  },
  {
    name: 'POST /api/patients/samples',
    request: (f) => ({
      method: 'POST',
      url: '/api/patients/samples',
      payload: { patientId: f.patientId, sampleDate: '2022-03-01', sampleType: 'MO' },
    }),
    expected: doctorWrite(201),
  },
  {
    name: 'PATCH /api/patients/samples/:id',
    request: (f) => ({
      method: 'PATCH',
      url: `/api/patients/samples/${f.sampleId}`,
      payload: { sampleType: 'SP' },
    }),
    expected: doctorWrite(200),
  },
  {
    name: 'POST /api/patients/diagnostics',
    request: (f) => ({
      method: 'POST',
      url: '/api/patients/diagnostics',
      payload: { patientId: f.patientId, consent: false },
    }),
    expected: doctorWrite(201),
  },
  {
    name: 'PATCH /api/patients/diagnostics/:id',
    request: (f) => ({
      method: 'PATCH',
      url: `/api/patients/diagnostics/${f.diagnosticId}`,
      payload: { riskLevel: 'Alto' },
    }),
    expected: doctorWrite(200),
  },
  {
    name: 'POST /api/patients/treatments',
    request: (f) => ({
      method: 'POST',
      url: '/api/patients/treatments',
      payload: { patientId: f.patientId, treatments: [treatment({ order: 2 })] },
    }),
    expected: doctorWrite(201),
  },
  {
    name: 'PUT /api/patients/treatments/:patientId',
    request: (f) => ({
      method: 'PUT',
      url: `/api/patients/treatments/${f.patientId}`,
      payload: { treatments: [treatment({ id: f.treatmentId, drugs: [] })] },
    }),
    expected: doctorWrite(200),
  },
  {
    name: 'DELETE /api/patients/treatments/drugs/:id',
    request: (f) => ({ method: 'DELETE', url: `/api/patients/treatments/drugs/${f.drugId}` }),
    expected: doctorWrite(200),
  },
  {
    name: 'DELETE /api/patients/treatments/:id',
    request: (f) => ({ method: 'DELETE', url: `/api/patients/treatments/${f.treatmentId}` }),
    expected: doctorWrite(200),
  },
  {
    name: 'POST /api/patients/labreports',
    request: (f) => ({
      method: 'POST',
      url: '/api/patients/labreports',
      payload: { patientId: f.patientId, labReports: [{ name: 'NGS', content: 'NPM1' }] },
    }),
    expected: doctorWrite(201),
  },
  {
    name: 'PUT /api/patients/labreports/:patientId',
    request: (f) => ({
      method: 'PUT',
      url: `/api/patients/labreports/${f.patientId}`,
      payload: { labReports: [{ name: 'Cytogenetics', content: '46,XX' }] },
    }),
    expected: doctorWrite(200),
  },
  {
    name: 'PUT /api/patients/labreports/:patientId (NGS OP)',
    request: (f) => ({
      method: 'PUT',
      url: `/api/patients/labreports/${f.patientId}`,
      payload: { labReports: [{ name: 'NGS OP', content: 'panel' }] },
    }),
    expected: { none: 401, admin: 200, colleague: 404, biobank: 404, owner: 403 },
  },
  {
    name: 'POST /api/files',
    request: (f) => ({
      method: 'POST',
      url: '/api/files',
      ...multipart({ patientId: f.patientId }, { name: 'a.pdf', content: PDF_BYTES }),
    }),
    expected: anyoneWhoSees(201),
  },
  {
    name: 'GET /api/files/download/:fileId',
    request: (f) => ({ method: 'GET', url: `/api/files/download/${f.fileId}` }),
    expected: anyoneWhoSees(200),
  },
  {
    name: 'GET /api/patients/csv',
    request: () => ({ method: 'GET', url: '/api/patients/csv' }),
    expected: adminOnly,
  },
  {
    name: 'GET /api/patients/xls',
    request: () => ({ method: 'GET', url: '/api/patients/xls' }),
    expected: adminOnly,
  },
  {
    name: 'GET /api/patients/json',
    request: () => ({ method: 'GET', url: '/api/patients/json' }),
    expected: adminOnly,
  },
  { name: 'GET /api/audit', request: () => ({ method: 'GET', url: '/api/audit' }), expected: adminOnly },
];

describe('authorization matrix of the patient, file, export and audit routes', () => {
  let t: TestApp;
  let callers: Record<Exclude<Role, 'none'>, Caller>;
  beforeAll(async () => {
    t = await buildTestApp();
    const owner = await newDoctor(t);
    callers = {
      admin: await newAdmin(t),
      owner,
      colleague: await newDoctor(t, { id: owner.institutionId ?? '' }),
      biobank: await newDoctor(t, { type: 'BioBanco' }),
    };
  });
  afterAll(() => t.close());

  /** A patient of the owner with one record of each kind, a code OP and an NGS OP entry. */
  async function fixture(): Promise<Fixture> {
    const { admin, owner } = callers;
    const patientId = await consentedPatient(t, owner);
    const call = async (caller: Caller, method: 'POST' | 'PATCH' | 'PUT', url: string, payload: object) => {
      const res = await t.request({ method, url, token: caller.token, payload });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
      return res.json().data;
    };
    const sample = await call(owner, 'POST', '/api/patients/samples', {
      patientId,
      sampleDate: '2022-03-01',
      sampleType: 'MO',
    });
    const treatments = await call(owner, 'POST', '/api/patients/treatments', {
      patientId,
      treatments: [treatment()],
    });
    await call(admin, 'PATCH', `/api/patients/${patientId}`, { codeOP: ++nextCode });
    await call(admin, 'PUT', `/api/patients/labreports/${patientId}`, {
      labReports: [{ name: 'NGS OP', content: SECRET_NGS_OP }],
    });
    const patient = (
      await t.request({ method: 'GET', url: `/api/patients/${patientId}`, token: owner.token })
    ).json().data;
    return {
      patientId,
      sampleId: sample.id,
      diagnosticId: patient.diagnostics[0].id,
      treatmentId: treatments[0].id,
      drugId: treatments[0].drugs[0].id,
      fileId: await uploadFile(t, owner, patientId),
    };
  }

  it.each(ROUTES)('$name', async (route) => {
    const f = await fixture();
    for (const role of ROLES) {
      const { method, url, payload, ...rest } = route.request(f) as ReturnType<RouteCase['request']> & {
        headers?: Record<string, string>;
      };
      const res = await t.request({
        method,
        url,
        ...(payload === undefined ? {} : { payload }),
        ...rest,
        ...(role === 'none' ? {} : { token: callers[role].token }),
      });
      expect(res.statusCode, `${role}: ${res.body.slice(0, 300)}`).toBe(route.expected[role]);
      if (role !== 'admin' && role !== 'none') {
        // Admin-only fields never reach a doctor, in any answer.
        expect(res.body).not.toContain('"codeOP"');
        expect(res.body).not.toContain('"ngsOp"');
        expect(res.body).not.toContain('NGS OP');
        expect(res.body).not.toContain(SECRET_NGS_OP);
      }
    }
  });

  it('shows the admin-only fields to an admin', async () => {
    const f = await fixture();
    const { admin } = callers;
    const patient = (
      await t.request({ method: 'GET', url: `/api/patients/${f.patientId}`, token: admin.token })
    ).json().data;
    expect(patient.codeOP).toBeGreaterThanOrEqual(SECRET_CODE);
    expect(patient.reports).toContainEqual(
      expect.objectContaining({ name: 'NGS OP', content: SECRET_NGS_OP }),
    );
    const list = await t.request({
      method: 'GET',
      url: `/api/patients/list?text=${patient.codeOP}`,
      token: admin.token,
    });
    expect(list.json().data).toEqual([
      expect.objectContaining({ id: f.patientId, codeOP: patient.codeOP, ngsOp: SECRET_NGS_OP }),
    ]);
  });
});
