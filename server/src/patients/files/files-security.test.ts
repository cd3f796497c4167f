import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import {
  type Caller,
  consentedPatient,
  createPatient,
  multipart,
  newAdmin,
  newDoctor,
  PDF_BYTES,
  uploadFile,
} from '../../test/patients.ts';

describe('files: what an outside audit found', () => {
  let t: TestApp;
  let doctor: Caller;
  let admin: Caller;
  let patientId: string;

  beforeAll(async () => {
    t = await buildTestApp();
    doctor = await newDoctor(t);
    admin = await newAdmin(t);
    patientId = await consentedPatient(t, doctor);
  });
  afterAll(() => t.close());

  const upload = (caller: Caller, fields: Record<string, string>, name = 'informe.pdf') =>
    t.request({
      method: 'POST',
      url: '/api/files',
      token: caller.token,
      ...multipart(fields, { name, content: PDF_BYTES }),
    });
  const download = (caller: Caller, id: string) =>
    t.request({ method: 'GET', url: `/api/files/download/${id}`, token: caller.token });

  it('answers 400, not 500, to a multipart body without a boundary, with another boundary, or cut short', async () => {
    const body = multipart({ patientId }, { name: 'a.pdf', content: PDF_BYTES });
    const bodies = [
      { payload: body.payload, headers: { 'content-type': 'multipart/form-data' } },
      { payload: body.payload, headers: { 'content-type': 'multipart/form-data; boundary=another' } },
      { payload: body.payload.subarray(0, body.payload.length - 60), headers: body.headers },
      { payload: body.payload.subarray(0, 70), headers: body.headers },
    ];
    for (const malformed of bodies) {
      const res = await t.request({ method: 'POST', url: '/api/files', token: doctor.token, ...malformed });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('BAD_REQUEST');
    }
  });

  it('keeps a name without control or bidi characters, with the extension of the type judged', async () => {
    const res = await upload(doctor, { patientId }, 'factura\u202Efdp.exe');
    expect(res.statusCode).toBe(201);
    expect(res.json().data.name).toBe('facturafdp.pdf');
    const renamed = await upload(doctor, { patientId }, 'frotis.jpg');
    expect(renamed.json().data.name).toBe('frotis.pdf');
    const file = await download(doctor, res.json().data.id);
    expect(file.headers['content-disposition']).toContain('filename="facturafdp.pdf"');
  });

  it('lets nobody link the NGS OP file from a record of their own, nor download it', async () => {
    const ngsOp = await uploadFile(t, admin, patientId, { name: 'ngs-op.pdf', content: PDF_BYTES });
    const sample = await t.request({
      method: 'POST',
      url: '/api/patients/samples',
      token: doctor.token,
      payload: { patientId, sampleDate: '2022-03-01', sampleType: 'MO', fileId: ngsOp },
    });
    expect(sample.statusCode).toBe(422);
    expect(Object.keys(sample.json().fields)).toEqual(['fileId']);
    const report = await t.request({
      method: 'PUT',
      url: `/api/patients/labreports/${patientId}`,
      token: doctor.token,
      payload: { labReports: [{ name: 'NGS', content: 'NPM1', fileId: ngsOp }] },
    });
    expect(report.statusCode).toBe(422);
    expect((await download(doctor, ngsOp)).statusCode).toBe(404);
    expect((await download(admin, ngsOp)).statusCode).toBe(200);
  });

  it('uploads a file only for a record the uploader may write, and links it only from that kind of record', async () => {
    expect((await upload(doctor, { patientId, purpose: 'ngsOp' })).statusCode).toBe(403);
    expect((await upload(admin, { patientId, purpose: 'sample' })).statusCode).toBe(403);
    const biobank = await newDoctor(t, { type: 'BioBanco' });
    const biobankPatient = await createPatient(t, biobank);
    expect((await upload(biobank, { patientId: biobankPatient, purpose: 'labReport' })).statusCode).toBe(403);
    expect((await upload(biobank, { patientId: biobankPatient, purpose: 'sample' })).statusCode).toBe(201);

    const forSample = (await upload(doctor, { patientId, purpose: 'sample' })).json().data.id;
    const forReport = (await upload(doctor, { patientId, purpose: 'labReport' })).json().data.id;
    const linkReport = (fileId: string) =>
      t.request({
        method: 'PUT',
        url: `/api/patients/labreports/${patientId}`,
        token: doctor.token,
        payload: { labReports: [{ name: 'Cytogenetics', content: '46,XY', fileId }] },
      });
    const linkSample = (fileId: string) =>
      t.request({
        method: 'POST',
        url: '/api/patients/samples',
        token: doctor.token,
        payload: { patientId, sampleDate: '2022-03-01', sampleType: 'SP', fileId },
      });
    expect((await linkReport(forSample)).statusCode).toBe(422);
    expect((await linkSample(forReport)).statusCode).toBe(422);
    expect((await linkSample(forSample)).statusCode).toBe(201);
    expect((await linkReport(forReport)).statusCode).toBe(200);
  });

  it('refuses a file of another patient, even one the doctor owns', async () => {
    const other = await createPatient(t, doctor);
    const fileId = await uploadFile(t, doctor, other);
    const res = await t.request({
      method: 'POST',
      url: '/api/patients/samples',
      token: doctor.token,
      payload: { patientId, sampleDate: '2022-03-01', sampleType: 'MO', fileId },
    });
    expect(res.statusCode).toBe(422);
  });
});
