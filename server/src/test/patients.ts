import type { InstitutionType } from '@registry/shared';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { doctors } from '../db/schema.ts';
import { insertInstitution, insertUser, TEST_PASSWORD } from './fixtures.ts';
import type { TestApp } from './helper.ts';

/** Helpers of the patient API tests: signed-in callers of each role and patients in known states. */

export interface Caller {
  readonly userId: string;
  readonly email: string;
  readonly token: string;
  readonly doctorId: string | null;
  readonly institutionId: string | null;
}

export async function signIn(t: TestApp, email: string): Promise<string> {
  const res = await t.request({
    method: 'POST',
    url: '/api/users/login',
    payload: { email, password: TEST_PASSWORD },
  });
  expect(res.statusCode).toBe(200);
  return res.json().data.response.token.accessToken as string;
}

export async function newAdmin(t: TestApp): Promise<Caller> {
  const user = await insertUser(t.ctx.db, { isAdmin: true });
  return {
    userId: user.id,
    email: user.email,
    token: await signIn(t, user.email),
    doctorId: null,
    institutionId: null,
  };
}

export async function newDoctor(
  t: TestApp,
  institution?: { id: string } | { type: InstitutionType },
): Promise<Caller> {
  const institutionId =
    institution && 'id' in institution ? institution.id : (await insertInstitution(t.ctx.db, institution)).id;
  const user = await insertUser(t.ctx.db, { institutionId });
  const [doctor] = await t.ctx.db.select().from(doctors).where(eq(doctors.userId, user.id));
  return {
    userId: user.id,
    email: user.email,
    token: await signIn(t, user.email),
    doctorId: doctor?.id ?? null,
    institutionId,
  };
}

let counter = 0;
export const uniqueId = (prefix = 'P') => `${prefix}-${Date.now().toString(36)}-${(counter++).toString(36)}`;

export const demography = (overrides: Record<string, unknown> = {}) => ({
  birthDate: '1961-05-20',
  gender: 'female',
  ecog: 1,
  app: 'HTA',
  ...overrides,
});

/** Creates a patient through the API and answers its id. */
export async function createPatient(
  t: TestApp,
  caller: Caller,
  body: Record<string, unknown> = {},
): Promise<string> {
  const res = await t.request({
    method: 'POST',
    url: '/api/patients',
    token: caller.token,
    payload: { identification: uniqueId(), demography: demography(), ...body },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as string;
}

export const diagnostic = (overrides: Record<string, unknown> = {}) => ({
  dxDate: '2022-03-01',
  dxSecondary: 'Inicial',
  dxSubType: 'AML M2',
  patientFit: 'Fit',
  relapse: false,
  riskLevel: 'Medio',
  consent: true,
  consentDate: '2022-03-02',
  ...overrides,
});

/** A patient with a consented diagnostic, ready for treatments and lab reports. */
export async function consentedPatient(t: TestApp, caller: Caller, overrides: Record<string, unknown> = {}) {
  const id = await createPatient(t, caller);
  const res = await t.request({
    method: 'POST',
    url: '/api/patients/diagnostics',
    token: caller.token,
    payload: { patientId: id, ...diagnostic(overrides) },
  });
  expect(res.statusCode, res.body).toBe(201);
  return id;
}

export const treatment = (overrides: Record<string, unknown> = {}) => ({
  order: 1,
  scheme: '7+3 AraC + IDA',
  startDate: '2022-03-10',
  diseaseAssessment: 'RC',
  EMR: 'Negativa',
  EMRDate: '2022-04-20',
  EMRBlasts: 0.5,
  drugs: [
    {
      name: 'Citarabina',
      dose: '200 mg/m2',
      startApplicationDate: '2022-03-10',
      lastAplicationDate: '2022-03-16',
    },
    {
      name: 'Idarrubicina',
      dose: '12 mg/m2',
      startApplicationDate: '2022-03-10',
      lastAplicationDate: '2022-03-12',
    },
  ],
  ...overrides,
});

/** The smallest valid PDF and JPEG, for uploads. */
export const PDF_BYTES = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
export const JPEG_BYTES = Buffer.from([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01,
  0x00, 0x00, 0xff, 0xd9,
]);

/** A multipart body with the given text fields and one file part. */
export function multipart(
  fields: Record<string, string>,
  file?: { name: string; content: Buffer; type?: string; field?: string },
) {
  const boundary = `----registry${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Uploads a file for a patient and answers its id. */
export async function uploadFile(
  t: TestApp,
  caller: Caller,
  patientId: string,
  file: { name: string; content: Buffer } = { name: 'report.pdf', content: PDF_BYTES },
): Promise<string> {
  const body = multipart({ patientId }, file);
  const res = await t.request({ method: 'POST', url: '/api/files', token: caller.token, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as string;
}
