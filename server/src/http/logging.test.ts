import { randomBytes } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/helper.ts';
import { type Caller, createPatient, multipart, newAdmin, newDoctor, PDF_BYTES } from '../test/patients.ts';
import { describeError, pathOf } from './logging.ts';

describe('what the server writes to its log', () => {
  const marker = `zq${randomBytes(6).toString('hex')}`;
  const lines: string[] = [];
  let t: TestApp;
  let admin: Caller;
  let doctor: Caller;

  beforeAll(async () => {
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => lines.push(chunk.toString('utf8')));
    t = await buildTestApp({ LOG_LEVEL: 'trace' }, { logStream: stream });
    admin = await newAdmin(t);
    doctor = await newDoctor(t);
  });
  afterAll(() => t.close());

  it('never holds a body, a query string, a token or a database error’s values, in any kind of request', async () => {
    const as = (caller: Caller | null) => (caller ? { token: caller.token } : {});
    const calls: {
      caller: Caller | null;
      method: 'GET' | 'POST' | 'PATCH';
      url: string;
      payload?: unknown;
    }[] = [
      {
        caller: null,
        method: 'POST',
        url: '/api/users/login',
        payload: { email: `${marker}@example.org`, password: `${marker}Aa1!` },
      },
      {
        caller: null,
        method: 'POST',
        url: '/api/users/login',
        payload: { email: doctor.email, password: `${marker}Aa1!` },
      },
      {
        caller: null,
        method: 'POST',
        url: '/api/users/password/reset',
        payload: { email: `${marker}@example.org` },
      },
      {
        caller: null,
        method: 'POST',
        url: '/api/users/password/reset/confirm',
        payload: { email: `${marker}@example.org`, verificationCode: '123456', password: `${marker}Aa1!` },
      },
      { caller: doctor, method: 'GET', url: `/api/patients/list?text=${marker}` },
      { caller: admin, method: 'GET', url: `/api/patients/list?text=${marker}&institutionCode=${marker}` },
      { caller: admin, method: 'GET', url: `/api/patients/csv?text=${marker}` },
      { caller: admin, method: 'GET', url: `/api/users/list?filter=${marker}` },
      { caller: admin, method: 'GET', url: `/api/institutions/list?filter=${marker}` },
      { caller: admin, method: 'GET', url: `/api/audit?action=${marker}` },
      { caller: doctor, method: 'GET', url: `/api/audit?action=${marker}` },
      {
        caller: doctor,
        method: 'POST',
        url: '/api/patients',
        payload: {
          identification: marker,
          demography: { birthDate: '1970-01-01', gender: 'male', app: marker },
        },
      },
      {
        caller: doctor,
        method: 'POST',
        url: '/api/patients',
        payload: { identification: marker.repeat(20), demography: { gender: 'male' } },
      },
      { caller: doctor, method: 'POST', url: '/api/patients/diagnostics', payload: { patientId: marker } },
    ];
    for (const call of calls) {
      const res = await t.request({
        method: call.method,
        url: call.url,
        ...as(call.caller),
        ...(call.payload ? { payload: call.payload as object } : {}),
      });
      expect(res.statusCode, `${call.method} ${call.url}`).toBeLessThan(500);
    }
    const patientId = await createPatient(t, doctor);
    const patch = await t.request({
      method: 'PATCH',
      url: `/api/patients/${patientId}`,
      token: doctor.token,
      payload: { deathDate: '2020-01-01', deathCause: marker },
    });
    expect(patch.statusCode).toBe(200);
    const malformed = await t.request({
      method: 'POST',
      url: '/api/patients',
      token: doctor.token,
      headers: { 'content-type': 'application/json' },
      payload: `{"identification":"${marker}"`,
    });
    expect(malformed.statusCode).toBe(400);
    const upload = await t.request({
      method: 'POST',
      url: '/api/files',
      token: doctor.token,
      ...multipart({ patientId }, { name: `${marker}.pdf`, content: PDF_BYTES }),
    });
    expect(upload.statusCode).toBe(201);

    // A database error quotes the row's values in its message and carries the statement's parameters.
    await t.ctx.db.execute(
      sql.raw(
        `alter table demographies add constraint no_marker check (app is null or app not like '%${marker}-db%')`,
      ),
    );
    const failed = await t.request({
      method: 'POST',
      url: '/api/patients',
      token: doctor.token,
      payload: {
        identification: `${marker}-db`,
        demography: { birthDate: '1970-01-01', gender: 'male', app: `${marker}-db` },
      },
    });
    expect(failed.statusCode).toBe(500);

    const log = lines.join('');
    expect(log).toContain('"statusCode":500');
    expect(log).toContain('"code":"23514"');
    expect(log).toContain('/api/patients/list');
    expect(log).not.toContain(marker);
    for (const caller of [admin, doctor]) {
      expect(log).not.toContain(caller.token);
    }
    expect(log).not.toContain('$argon2');
    expect(log.toLowerCase()).not.toContain('insert into');
  });

  it('keeps only the path of a URL, and only the class and codes of an error', () => {
    expect(pathOf('/api/patients/list?text=Juan%20P%C3%A9rez')).toBe('/api/patients/list');
    expect(pathOf('/api/health')).toBe('/api/health');
    const error = Object.assign(new Error('Failing row contains (Juan Pérez)'), {
      cause: { code: '23514', detail: 'Juan Pérez' },
    });
    expect(describeError(error)).toEqual({ type: 'Error', code: '23514' });
  });
});
