import { es } from '@registry/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import {
  type Caller,
  consentedPatient,
  createPatient,
  JPEG_BYTES,
  multipart,
  newAdmin,
  newDoctor,
  PDF_BYTES,
  uploadFile,
} from '../../test/patients.ts';
import { attachment } from './files.routes.ts';

describe('files: upload, link, download', () => {
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

  const upload = (caller: Caller, fields: Record<string, string>, file?: Parameters<typeof multipart>[1]) =>
    t.request({ method: 'POST', url: '/api/files', token: caller.token, ...multipart(fields, file) });
  const download = (caller: Caller | null, id: string) =>
    t.request({
      method: 'GET',
      url: `/api/files/download/${id}`,
      ...(caller ? { token: caller.token } : {}),
    });

  it('stores a PDF and a JPG and answers { id, name, date }', async () => {
    const pdf = await upload(
      doctor,
      { patientId, date: '2022-03-05' },
      { name: 'informe.pdf', content: PDF_BYTES },
    );
    expect(pdf.statusCode).toBe(201);
    expect(pdf.json().data).toEqual({ id: expect.any(String), name: 'informe.pdf', date: '2022-03-05' });
    const jpg = await upload(doctor, { patientId }, { name: 'frotis.jpg', content: JPEG_BYTES });
    expect(jpg.statusCode).toBe(201);
    expect(jpg.json().data.date).toBeNull();
  });

  it('judges the type by the bytes: a PDF named .jpg is accepted, HTML named .pdf refused', async () => {
    const renamed = await upload(
      doctor,
      { patientId },
      { name: 'scan.jpg', content: PDF_BYTES, type: 'image/jpeg' },
    );
    expect(renamed.statusCode).toBe(201);
    const res = await download(doctor, renamed.json().data.id);
    expect(res.headers['content-type']).toBe('application/pdf');

    const html = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
    const refused = await upload(
      doctor,
      { patientId },
      { name: 'report.pdf', content: html, type: 'application/pdf' },
    );
    expect(refused.statusCode).toBe(415);
    expect(refused.json()).toMatchObject({ code: 'FILE_TYPE_REFUSED', message: es.errors.FILE_TYPE_REFUSED });
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    expect((await upload(doctor, { patientId }, { name: 'a.png', content: png })).statusCode).toBe(415);
    expect(
      (await upload(doctor, { patientId }, { name: 'empty.pdf', content: Buffer.alloc(0) })).statusCode,
    ).toBe(415);
  });

  it('refuses a file above 1 MiB with 413, and takes one of exactly 1 MiB', async () => {
    const big = Buffer.concat([PDF_BYTES, Buffer.alloc(1024 * 1024 - PDF_BYTES.length + 1, 0x20)]);
    const res = await upload(doctor, { patientId }, { name: 'big.pdf', content: big });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'FILE_TOO_LARGE', message: es.errors.FILE_TOO_LARGE });
    const exact = big.subarray(0, 1024 * 1024);
    expect((await upload(doctor, { patientId }, { name: 'exact.pdf', content: exact })).statusCode).toBe(201);
  });

  it('refuses a missing file, a missing or unknown patient and unknown fields', async () => {
    const noFile = await upload(doctor, { patientId });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().fields).toEqual({ file: es.validation.required });
    const noPatient = await upload(doctor, {}, { name: 'a.pdf', content: PDF_BYTES });
    expect(noPatient.statusCode).toBe(400);
    expect(noPatient.json().fields).toEqual({ patientId: es.validation.required });
    const extra = await upload(doctor, { patientId, colour: 'red' }, { name: 'a.pdf', content: PDF_BYTES });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().fields).toEqual({ colour: es.validation.unknownField });
    const unknown = await upload(
      doctor,
      { patientId: '00000000-0000-4000-8000-000000000000' },
      { name: 'a.pdf', content: PDF_BYTES },
    );
    expect(unknown.statusCode).toBe(404);
    const json = await t.request({
      method: 'POST',
      url: '/api/files',
      token: doctor.token,
      payload: { patientId },
    });
    expect(json.statusCode).toBe(400);
  });

  it('downloads as an attachment that no browser sniffs, for whoever sees the patient', async () => {
    const id = await uploadFile(t, doctor, patientId, { name: 'médula ósea.pdf', content: PDF_BYTES });
    const res = await download(doctor, id);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(PDF_BYTES)).toBe(true);
    expect(res.headers['content-disposition']).toBe(attachment('médula ósea.pdf'));
    expect(res.headers['content-disposition']).toContain("filename*=UTF-8''m%C3%A9dula%20%C3%B3sea.pdf");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect((await download(admin, id)).statusCode).toBe(200);
    const colleague = await newDoctor(t, { id: doctor.institutionId ?? '' });
    expect((await download(colleague, id)).statusCode).toBe(404);
    expect((await download(null, id)).statusCode).toBe(401);
    expect((await download(doctor, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('lets only the owner upload for a patient', async () => {
    const colleague = await newDoctor(t, { id: doctor.institutionId ?? '' });
    const res = await upload(colleague, { patientId }, { name: 'a.pdf', content: PDF_BYTES });
    expect(res.statusCode).toBe(404);
  });

  it('keeps the file of the NGS OP entry from doctors', async () => {
    const id = await uploadFile(t, admin, patientId, { name: 'ngs-op.pdf', content: PDF_BYTES });
    const linked = await t.request({
      method: 'PUT',
      url: `/api/patients/labreports/${patientId}`,
      token: admin.token,
      payload: { labReports: [{ name: 'NGS OP', content: 'TP53', fileId: id }] },
    });
    expect(linked.statusCode).toBe(200);
    expect(linked.json().data[0].file).toEqual({ id, name: 'ngs-op.pdf', date: null });
    expect((await download(admin, id)).statusCode).toBe(200);
    expect((await download(doctor, id)).statusCode).toBe(404);
  });

  it('links a file from a doctor’s lab-report entry', async () => {
    const id = await uploadFile(t, doctor, patientId);
    const res = await t.request({
      method: 'POST',
      url: '/api/patients/labreports',
      token: doctor.token,
      payload: { patientId, labReports: [{ name: 'Cytogenetics', content: null, fileId: id }] },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toContainEqual(
      expect.objectContaining({ name: 'Cytogenetics', file: expect.objectContaining({ id }) }),
    );
  });

  it('accepts uploads for a biobank patient too', async () => {
    const biobank = await newDoctor(t, { type: 'BioBanco' });
    const id = await createPatient(t, biobank);
    expect(
      (await upload(biobank, { patientId: id }, { name: 'a.jpg', content: JPEG_BYTES })).statusCode,
    ).toBe(201);
  });
});
