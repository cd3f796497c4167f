import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/helper.ts';
import {
  type Caller,
  consentedPatient,
  createPatient,
  diagnostic,
  multipart,
  newAdmin,
  newDoctor,
  PDF_BYTES,
  treatment,
} from '../test/patients.ts';

/**
 * PostgreSQL refuses a NUL character, and a lone surrogate breaks the JSON of the audit trail: both
 * must be answered 400 with a field message, never 500. The property tests send arbitrary text —
 * NULs, lone surrogates, any code point — to every field of every write route and to every filter.
 */

/** One UTF-16 code unit of any value, the awkward ones often. */
const codeUnit = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.constantFrom('\u0000', '\ud800', '\udbff', '\udc00', '\udfff', '\u202e', '%', '_', "'"),
  },
  { weight: 3, arbitrary: fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)) },
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 3 }) },
);
const anyText = fc.string({ unit: codeUnit, maxLength: 40 });
const RUNS = 12;

describe('text a database cannot store', () => {
  let t: TestApp;
  let admin: Caller;
  let doctor: Caller;
  let patientId: string;
  let sampleId: string;
  let diagnosticId: string;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await newAdmin(t);
    doctor = await newDoctor(t);
    patientId = await consentedPatient(t, doctor);
    const patient = (
      await t.request({ method: 'GET', url: `/api/patients/${patientId}`, token: doctor.token })
    ).json().data;
    diagnosticId = patient.diagnostics[0].id;
    const sample = await t.request({
      method: 'POST',
      url: '/api/patients/samples',
      token: doctor.token,
      payload: { patientId, sampleDate: '2022-03-01', sampleType: 'MO' },
    });
    sampleId = sample.json().data.id;
  });
  afterAll(() => t.close());

  it('answers 400 with a field message to a NUL or a lone surrogate in a text field', async () => {
    for (const bad of ['P-\u0000-1', 'P-\ud800-1']) {
      const res = await t.request({
        method: 'POST',
        url: '/api/patients',
        token: doctor.token,
        headers: { 'accept-language': 'en' },
        payload: { identification: bad, demography: { birthDate: '1970-01-01', gender: 'male', app: bad } },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({
        identification: 'The text holds characters that cannot be saved (such as a null character).',
        'demography.app': 'The text holds characters that cannot be saved (such as a null character).',
      });
    }
    const death = await t.request({
      method: 'PATCH',
      url: `/api/patients/${patientId}`,
      token: doctor.token,
      payload: { deathDate: '2023-01-01', deathCause: 'x\u0000' },
    });
    expect(death.statusCode).toBe(400);
    expect(Object.keys(death.json().fields)).toEqual(['deathCause']);
  });

  it('answers 400 with a field message to a NUL or a lone surrogate in a query’s text', async () => {
    const opened = await t.request({
      method: 'POST',
      url: '/api/queries',
      token: admin.token,
      payload: { patientId, text: 'Check the diagnosis date' },
    });
    expect(opened.statusCode).toBe(201);
    const queryId = opened.json().data.id;
    const message = 'The text holds characters that cannot be saved (such as a null character).';
    for (const bad of ['a\u0000b', 'a\ud800b', '\udc00']) {
      for (const [caller, url, payload] of [
        [admin, '/api/queries', { patientId, text: bad }],
        [admin, '/api/queries/bulk', { ruleId: 'possibleDuplicate', text: bad }],
        [doctor, `/api/queries/${queryId}/answer`, { text: bad }],
        [admin, `/api/queries/${queryId}/close`, { text: bad }],
        [admin, `/api/queries/${queryId}/reopen`, { text: bad }],
      ] as const) {
        const res = await t.request({
          method: 'POST',
          url,
          token: caller.token,
          headers: { 'accept-language': 'en' },
          payload,
        });
        expect(res.statusCode, `${url} ${JSON.stringify(bad)}`).toBe(400);
        expect(res.json().fields, url).toEqual({ text: message });
      }
    }
    // Nothing of it was kept: the query's thread is its opening alone.
    const list = await t.request({
      method: 'GET',
      url: `/api/queries?patientId=${patientId}`,
      token: admin.token,
    });
    expect(list.json().data.map((query: { thread: unknown[] }) => query.thread.length)).toEqual([1]);
  });

  it('answers 400 to a NUL in a list filter or an audit filter', async () => {
    for (const [caller, url] of [
      [doctor, '/api/patients/list?text=a%00b'],
      [admin, '/api/patients/list?institutionCode=%00'],
      [admin, '/api/patients/csv?text=%00'],
      [admin, '/api/users/list?filter=%00'],
      [admin, '/api/institutions/list?filter=a%00'],
      [admin, '/api/audit?action=auth.login%00'],
      [admin, '/api/queries?institutionCode=%00'],
      [admin, '/api/quality/overview?institutionCode=a%00'],
    ] as const) {
      const res = await t.request({ method: 'GET', url, token: caller.token });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
  });

  /** Each write route with a body in which `text` takes the place of one field at a time. */
  const writes = (text: string) => [
    {
      caller: doctor,
      method: 'POST',
      url: '/api/patients',
      payload: { identification: text, demography: { gender: 'male', birthDate: '1970-01-01' } },
    },
    {
      caller: doctor,
      method: 'POST',
      url: '/api/patients',
      payload: { identification: 'X', demography: { gender: 'male', birthDate: text, app: text } },
    },
    { caller: doctor, method: 'PATCH', url: `/api/patients/${patientId}`, payload: { identification: text } },
    {
      caller: doctor,
      method: 'PATCH',
      url: `/api/patients/${patientId}`,
      payload: { demography: { app: text }, riskLevel: text },
    },
    {
      caller: doctor,
      method: 'PATCH',
      url: `/api/patients/${patientId}`,
      payload: { deathDate: '2023-01-01', deathCause: text },
    },
    { caller: admin, method: 'PATCH', url: `/api/patients/${patientId}`, payload: { codeOP: text } },
    {
      caller: doctor,
      method: 'POST',
      url: '/api/patients/samples',
      payload: { patientId, sampleDate: text, sampleType: text },
    },
    {
      caller: doctor,
      method: 'PATCH',
      url: `/api/patients/samples/${sampleId}`,
      payload: { sampleType: text },
    },
    {
      caller: doctor,
      method: 'POST',
      url: '/api/patients/diagnostics',
      payload: { patientId, ...diagnostic({ dxSubType: 'Other', subTypeName: text, organsFailures: text }) },
    },
    {
      caller: doctor,
      method: 'PATCH',
      url: `/api/patients/diagnostics/${diagnosticId}`,
      payload: { dxSecondaryDescription: text, dxSubType: text },
    },
    {
      caller: doctor,
      method: 'POST',
      url: '/api/patients/treatments',
      payload: {
        patientId,
        treatments: [treatment({ scheme: 'Other', schemeName: text, toxicities: text, EMR: text })],
      },
    },
    {
      caller: doctor,
      method: 'PUT',
      url: `/api/patients/treatments/${patientId}`,
      payload: {
        treatments: [
          treatment({ medulogram: text, clinicalMonitoring: text, drugs: [{ name: text, dose: text }] }),
        ],
      },
    },
    {
      caller: doctor,
      method: 'POST',
      url: '/api/patients/labreports',
      payload: { patientId, labReports: [{ name: text, content: text }] },
    },
    {
      caller: doctor,
      method: 'PUT',
      url: `/api/patients/labreports/${patientId}`,
      payload: { labReports: [{ name: 'NGS', content: text }] },
    },
    {
      caller: admin,
      method: 'PUT',
      url: `/api/patients/labreports/${patientId}`,
      payload: { labReports: [{ name: 'NGS OP', content: text }] },
    },
    {
      caller: admin,
      method: 'POST',
      url: '/api/users',
      payload: { nickname: text, email: `${text}@example.org`, password: `Aa1!${text}` },
    },
    {
      caller: admin,
      method: 'POST',
      url: '/api/doctors',
      payload: {
        user: { nickname: 'n', email: 'x@example.org', password: 'Secret-pass1' },
        institutionId: text,
        first_name: text,
        last_name: text,
        gender: 'male',
      },
    },
    {
      caller: admin,
      method: 'POST',
      url: '/api/institutions',
      payload: { name: text, code: text, type: 'Hospital' },
    },
    {
      caller: null,
      method: 'POST',
      url: '/api/users/login',
      payload: { email: `${text}@example.org`, password: text },
    },
    { caller: null, method: 'POST', url: '/api/users/password/reset', payload: { email: text } },
    {
      caller: null,
      method: 'POST',
      url: '/api/users/password/reset/confirm',
      payload: { email: 'a@example.org', verificationCode: text, password: text },
    },
  ];

  it('never answers 5xx to arbitrary text in any field of a write', async () => {
    await fc.assert(
      fc.asyncProperty(anyText, async (text) => {
        for (const call of writes(text)) {
          const res = await t.request({
            method: call.method as 'POST',
            url: call.url,
            payload: call.payload,
            ...(call.caller ? { token: call.caller.token } : {}),
          });
          expect(
            res.statusCode,
            `${call.method} ${call.url} ${JSON.stringify(text)}: ${res.body}`,
          ).toBeLessThan(500);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('never answers 5xx to arbitrary text in any filter', async () => {
    const filters = [
      [
        doctor,
        '/api/patients/list',
        ['text', 'subtype', 'dx', 'relapse', 'obito', 'orderBy', 'order', 'page'],
      ],
      [admin, '/api/patients/list', ['text', 'institutionCode', 'subtype', 'size']],
      [admin, '/api/patients/json', ['text', 'institutionCode']],
      [admin, '/api/users/list', ['filter', 'orderBy']],
      [admin, '/api/institutions/list', ['filter', 'orderBy']],
      [admin, '/api/audit', ['action', 'patientId', 'userId', 'from', 'to']],
      [admin, '/api/queries', ['institutionCode', 'status', 'patientId']],
      [admin, '/api/quality/overview', ['institutionCode', 'groupBy']],
    ] as const;
    await fc.assert(
      fc.asyncProperty(anyText, async (text) => {
        for (const [caller, path, names] of filters) {
          for (const name of names) {
            const url = `${path}?${new URLSearchParams({ [name]: text.replace(/[\ud800-\udfff]/g, '') })}`;
            const res = await t.request({ method: 'GET', url, token: caller.token });
            expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
          }
          // A lone surrogate cannot be percent-encoded as UTF-8: send its raw escape instead.
          const raw = await t.request({
            method: 'GET',
            url: `${path}?${names[0]}=%ED%A0%80${encodeURIComponent('x')}`,
            token: caller.token,
          });
          expect(raw.statusCode).toBeLessThan(500);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('never answers 5xx to arbitrary text in the fields and file name of an upload', async () => {
    const id = await createPatient(t, doctor);
    await fc.assert(
      fc.asyncProperty(anyText, anyText, async (name, date) => {
        const fieldSets: Record<string, string>[] = [{ patientId: id, date }, { patientId: name }];
        for (const fields of fieldSets) {
          const res = await t.request({
            method: 'POST',
            url: '/api/files',
            token: doctor.token,
            ...multipart(fields, { name: `${name}.pdf`, content: PDF_BYTES }),
          });
          expect(res.statusCode, res.body).toBeLessThan(500);
        }
      }),
      { numRuns: RUNS },
    );
  });
});
