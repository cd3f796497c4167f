import { codebookVariables } from '@registry/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../db/schema.ts';
import { insertInstitution, insertUser } from '../test/fixtures.ts';
import { buildTestApp, type TestApp } from '../test/helper.ts';

describe('codebook: GET /api/codebook (CONTRACT §15)', () => {
  let t: TestApp;
  let adminToken: string;
  let doctorToken: string;

  beforeAll(async () => {
    t = await buildTestApp();
    const admin = await insertUser(t.ctx.db, { isAdmin: true });
    const institution = await insertInstitution(t.ctx.db);
    const doctor = await insertUser(t.ctx.db, { institutionId: institution.id });
    adminToken = await t.signIn(admin.email);
    doctorToken = await t.signIn(doctor.email);
  });
  afterAll(() => t.close());

  const get = (query: string, token: string | undefined, headers: Record<string, string> = {}) =>
    t.request({ method: 'GET', url: `/api/codebook${query}`, headers, ...(token ? { token } : {}) });

  it('answers every variable in the language asked for, to a doctor and to an admin alike', async () => {
    for (const token of [doctorToken, adminToken]) {
      const es = await get('?lang=es', token);
      expect(es.statusCode).toBe(200);
      expect(es.json().data.variables).toEqual(codebookVariables('es'));
      const en = await get('?lang=en', token);
      expect(en.json().data.variables).toEqual(codebookVariables('en'));
    }
    const os = (await get('?lang=en', doctorToken))
      .json()
      .data.variables.find(
        (variable: { table: string; name: string }) =>
          variable.table === 'patients' && variable.name === 'os_event',
      );
    expect(os).toEqual({
      name: 'os_event',
      label: 'Overall survival: event',
      table: 'patients',
      type: 'code',
      unit: null,
      values: [
        { code: '0', label: 'Censored' },
        { code: '1', label: 'Death' },
      ],
      identifying: false,
      derived: true,
      derivation: expect.stringMatching(/^CONTRACT §9/),
    });
  });

  it('speaks the caller’s language without `lang`, Spanish by default', async () => {
    const english = await get('', doctorToken, { 'accept-language': 'en-GB,en;q=0.9' });
    expect(english.json().data.variables).toEqual(codebookVariables('en'));
    const spanish = await get('', doctorToken);
    expect(spanish.json().data.variables).toEqual(codebookVariables('es'));
    // `lang` wins over the header.
    const asked = await get('?lang=es', doctorToken, { 'accept-language': 'en' });
    expect(asked.json().data.variables[0].label).toBe('Identificador seudónimo del paciente');
  });

  it('refuses a stranger (401), another language or an unknown parameter (400)', async () => {
    const anonymous = await get('?lang=es', undefined);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().data).toBeUndefined();
    const french = await get('?lang=fr', doctorToken);
    expect(french.statusCode).toBe(400);
    expect(Object.keys(french.json().fields)).toEqual(['lang']);
    const unknown = await get('?lang=es&table=patients', doctorToken);
    expect(unknown.statusCode).toBe(400);
  });

  it('writes nothing to the audit trail: it names no patient', async () => {
    const before = await t.ctx.db.$count(auditEvents);
    await get('?lang=es', adminToken);
    expect(await t.ctx.db.$count(auditEvents)).toBe(before);
  });

  it('is described in the API document with its answer', async () => {
    const document = (await t.request({ method: 'GET', url: '/api/docs/json' })).json();
    const route = document.paths['/api/codebook'].get;
    expect(route.tags).toEqual(['codebook']);
    expect(route.parameters.map((parameter: { name: string }) => parameter.name)).toEqual(['lang']);
    const answer = route.responses['200'].content['application/json'].schema;
    expect(answer.properties.data.properties.variables.items.required).toEqual(
      expect.arrayContaining([
        'name',
        'label',
        'table',
        'type',
        'unit',
        'values',
        'identifying',
        'derived',
        'derivation',
      ]),
    );
    expect(Object.keys(route.responses).sort()).toEqual(['200', '400', '401']);
  });
});
