import { en, es } from '@registry/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../db/schema.ts';
import { insertInstitution } from '../test/fixtures.ts';
import { buildTestApp, type TestApp } from '../test/helper.ts';
import {
  type Caller,
  consentedPatient,
  createPatient,
  demography,
  newAdmin,
  newDoctor,
  uniqueId,
} from '../test/patients.ts';

describe('patients: create, read, change, list', () => {
  let t: TestApp;
  let doctor: Caller;
  let admin: Caller;
  beforeAll(async () => {
    t = await buildTestApp();
    doctor = await newDoctor(t);
    admin = await newAdmin(t);
  });
  afterAll(() => t.close());

  const post = (caller: Caller, payload: unknown, headers: Record<string, string> = {}) =>
    t.request({
      method: 'POST',
      url: '/api/patients',
      token: caller.token,
      payload: payload as object,
      headers,
    });
  const patch = (caller: Caller, id: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.request({
      method: 'PATCH',
      url: `/api/patients/${id}`,
      token: caller.token,
      payload: payload as object,
      headers,
    });
  const get = (caller: Caller, id: string) =>
    t.request({ method: 'GET', url: `/api/patients/${id}`, token: caller.token });

  describe('create', () => {
    it('creates a patient with its demography and answers 201 with the id', async () => {
      const identification = uniqueId();
      const res = await post(doctor, { identification, demography: demography() });
      expect(res.statusCode).toBe(201);
      expect(res.headers.etag).toBe('"1"');
      const id = res.json().data.id;
      const read = await get(doctor, id);
      expect(read.statusCode).toBe(200);
      expect(read.json().data).toMatchObject({
        id,
        identification,
        version: 1,
        institution: { id: doctor.institutionId, type: 'Hospital' },
        doctor: { id: doctor.doctorId, first_name: 'Ana', last_name: 'García' },
        demography: {
          birthDate: '1961-05-20',
          gender: 'female',
          ecog: 1,
          app: 'HTA',
          age: expect.any(Number),
        },
        samples: [],
        diagnostics: [],
        treatments: [],
        reports: [],
        riskLevel: null,
        deathDate: null,
        deathCause: null,
      });
      expect(read.json().data).not.toHaveProperty('codeOP');
    });

    it('computes the age at the first diagnosis', async () => {
      const id = await consentedPatient(t, doctor, { dxDate: '2022-05-19' });
      expect((await get(doctor, id)).json().data.demography.age).toBe(60);
    });

    it.each([
      [{ demography: demography() }, 'identification', 'required'],
      [{ identification: '   ', demography: demography() }, 'identification', 'required'],
      [
        { identification: 'X', demography: demography({ birthDate: undefined }) },
        'demography.birthDate',
        'chooseDate',
      ],
      [
        { identification: 'X', demography: demography({ birthDate: '2020-02-30' }) },
        'demography.birthDate',
        'chooseDate',
      ],
      [
        { identification: 'X', demography: demography({ birthDate: '1960' }) },
        'demography.birthDate',
        'chooseDate',
      ],
      [
        { identification: 'X', demography: demography({ gender: undefined }) },
        'demography.gender',
        'chooseOption',
      ],
      [
        { identification: 'X', demography: demography({ gender: 'other' }) },
        'demography.gender',
        'chooseOption',
      ],
      [{ identification: 'X', demography: demography({ ecog: 6 }) }, 'demography.ecog', 'ecogRange'],
      [{ identification: 'X', demography: demography({ ecog: 1.5 }) }, 'demography.ecog', 'ecogRange'],
      [{ identification: 'X', demography: demography(), codeOP: 3 }, 'codeOP', 'unknownField'],
      [{ identification: 'X', demography: demography({ weight: 70 }) }, 'demography.weight', 'unknownField'],
    ] as const)('refuses %j with a message on %s in both languages', async (payload, field, key) => {
      const spanish = await post(doctor, payload);
      expect(spanish.statusCode).toBe(400);
      expect(spanish.json().code).toBe('VALIDATION_FAILED');
      expect(spanish.json().fields[field]).toBe(es.validation[key]);
      const english = await post(doctor, payload, { 'accept-language': 'en' });
      expect(english.json().fields[field]).toBe(en.validation[key]);
    });

    it('refuses a birth date in the future with 422', async () => {
      const res = await post(doctor, {
        identification: uniqueId(),
        demography: demography({ birthDate: '2999-01-01' }),
      });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({
        code: 'RULE_BROKEN',
        fields: { 'demography.birthDate': es.validation.futureDate },
      });
    });

    it('lets a biobank doctor give a bare birth year, or none', async () => {
      const biobank = await newDoctor(t, { type: 'BioBanco' });
      const year = await createPatient(t, biobank, { demography: demography({ birthDate: '1950' }) });
      expect((await get(biobank, year)).json().data.demography).toMatchObject({
        birthDate: '1950',
        age: new Date().getUTCFullYear() - 1950,
      });
      const none = await createPatient(t, biobank, { demography: demography({ birthDate: null }) });
      expect((await get(biobank, none)).json().data.demography).toMatchObject({ birthDate: null, age: null });
      const bad = await post(biobank, {
        identification: uniqueId(),
        demography: demography({ birthDate: '19' }),
      });
      expect(bad.json().fields['demography.birthDate']).toBe(es.validation.birthDateOrYear);
    });

    it('answers 409 for an identification that exists in the institution, not in another', async () => {
      const identification = uniqueId();
      await createPatient(t, doctor, { identification });
      const colleague = await newDoctor(t, { id: doctor.institutionId ?? '' });
      const res = await post(colleague, { identification, demography: demography() });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'PATIENT_IDENTIFICATION_EXISTS',
        message: es.errors.PATIENT_IDENTIFICATION_EXISTS,
        fields: { identification: es.validation.identificationExists },
      });
      const elsewhere = await newDoctor(t);
      expect((await post(elsewhere, { identification, demography: demography() })).statusCode).toBe(201);
    });
  });

  describe('change', () => {
    it('changes only the sent demography fields and moves the version on', async () => {
      const id = await createPatient(t, doctor);
      const res = await patch(
        doctor,
        id,
        { demography: { ecog: 3 }, riskLevel: 'Alto' },
        { 'if-match': '"1"' },
      );
      expect(res.statusCode).toBe(200);
      expect(res.headers.etag).toBe('"2"');
      expect(res.json().data).toMatchObject({
        version: 2,
        riskLevel: 'Alto',
        demography: { birthDate: '1961-05-20', gender: 'female', ecog: 3, app: 'HTA' },
      });
    });

    it('answers 412 to a stale If-Match and changes nothing', async () => {
      const id = await createPatient(t, doctor);
      expect((await patch(doctor, id, { riskLevel: 'Bajo' }, { 'if-match': '"1"' })).statusCode).toBe(200);
      const stale = await patch(doctor, id, { riskLevel: 'Alto' }, { 'if-match': '"1"' });
      expect(stale.statusCode).toBe(412);
      expect(stale.json()).toMatchObject({ code: 'STALE_VERSION', message: es.errors.STALE_VERSION });
      expect(stale.headers.etag).toBe('"2"');
      const read = await get(doctor, id);
      expect(read.json().data).toMatchObject({ riskLevel: 'Bajo', version: 2 });
      expect((await patch(doctor, id, { riskLevel: 'Alto' }, { 'if-match': 'W/"2"' })).statusCode).toBe(200);
      expect((await patch(doctor, id, { riskLevel: 'Medio' }, { 'if-match': '*' })).statusCode).toBe(200);
    });

    it('answers 409 when the new identification is taken', async () => {
      const taken = uniqueId();
      await createPatient(t, doctor, { identification: taken });
      const id = await createPatient(t, doctor);
      const res = await patch(doctor, id, { identification: taken });
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('PATIENT_IDENTIFICATION_EXISTS');
    });

    it('records a death, and refuses one in the future or before birth or diagnosis', async () => {
      const id = await consentedPatient(t, doctor, {
        dxDate: '2022-03-01',
        relapse: true,
        relapseDate: '2023-01-10',
      });
      const cases = [
        [{ deathDate: '2999-01-01' }, 'futureDate'],
        [{ deathDate: '1950-01-01' }, 'beforeBirth'],
        [{ deathDate: '2022-02-01' }, 'beforeDiagnosis'],
        [{ deathDate: '2022-12-01' }, 'beforeRelapse'],
      ] as const;
      for (const [payload, key] of cases) {
        const res = await patch(doctor, id, payload, { 'accept-language': 'en' });
        expect(res.statusCode, key).toBe(422);
        expect(res.json().fields).toEqual({ deathDate: en.validation[key] });
      }
      const ok = await patch(doctor, id, { deathDate: '2023-06-01', deathCause: 'Sepsis' });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().data).toMatchObject({ deathDate: '2023-06-01', deathCause: 'Sepsis' });
      const later = await patch(doctor, id, { demography: { birthDate: '2024-01-01' } });
      expect(later.statusCode).toBe(422);
      expect(later.json().fields).toEqual({ 'demography.birthDate': es.validation.afterDiagnosis });
    });

    it('refuses a death cause without a death date', async () => {
      const id = await createPatient(t, doctor);
      const res = await patch(doctor, id, { deathCause: 'Sepsis' });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({ deathDate: es.validation.chooseDate });
    });

    it('lets an admin set the code OP, which must be unique and positive', async () => {
      const first = await createPatient(t, doctor);
      const second = await createPatient(t, doctor);
      const res = await patch(admin, first, { codeOP: 4711 });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.codeOP).toBe(4711);
      const duplicate = await patch(admin, second, { codeOP: 4711 }, { 'accept-language': 'en' });
      expect(duplicate.statusCode).toBe(409);
      expect(duplicate.json()).toMatchObject({
        code: 'PATIENT_CODE_OP_EXISTS',
        message: 'The code belongs to an existent patient.',
        fields: { codeOP: 'The code belongs to an existent patient.' },
      });
      for (const codeOP of [0, -3, 1.5, '12']) {
        const bad = await patch(admin, second, { codeOP });
        expect(bad.statusCode).toBe(400);
        expect(bad.json().fields.codeOP).toBe(es.validation.positiveInteger);
      }
      expect((await patch(admin, first, { codeOP: null })).json().data.codeOP).toBeNull();
    });

    it('keeps admins to the code OP and doctors away from it (403)', async () => {
      const id = await createPatient(t, doctor);
      expect((await patch(admin, id, { riskLevel: 'Alto' })).statusCode).toBe(403);
      expect((await patch(admin, id, { codeOP: 99, deathDate: '2023-01-01' })).statusCode).toBe(403);
      expect((await patch(doctor, id, { codeOP: 99 })).statusCode).toBe(403);
      expect((await get(doctor, id)).json().data).toMatchObject({ version: 1, riskLevel: null });
    });
  });

  describe('list', () => {
    let owner: Caller;
    let ids: Record<string, string>;
    let institutionCode: string;
    beforeAll(async () => {
      // A fresh institution whose name carries an accent, and patients in known states.
      const institution = await insertInstitution(t.ctx.db, { name: `Clínica Alemana ${uniqueId()}` });
      institutionCode = institution.code;
      owner = await newDoctor(t, { id: institution.id });
      ids = {
        aml: await consentedPatient(t, owner, { dxSubType: 'AML M3' }),
        relapse: await consentedPatient(t, owner, {
          dxSubType: 'ALL-B',
          dxSecondary: 'Secundario',
          relapse: true,
          relapseDate: '2023-05-05',
        }),
        other: await consentedPatient(t, owner, { dxSubType: 'Other', subTypeName: 'LMMC' }),
        bare: await createPatient(t, owner, { identification: `Peña-${uniqueId()}` }),
      };
      await patch(admin, ids.aml ?? '', { codeOP: 90001 });
      await patch(admin, ids.relapse ?? '', { codeOP: 90002 });
    });

    const list = (caller: Caller, query = '') =>
      t.request({ method: 'GET', url: `/api/patients/list?${query}`, token: caller.token });
    const idsOf = (res: { json(): { data: { id: string }[] } }) => res.json().data.map((row) => row.id);

    it('shows a doctor only their own patients, newest first, without admin fields', async () => {
      const res = await list(owner);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ currentPage: 0, totalPages: 1, totalItems: 4 });
      expect(idsOf(res)).toEqual([ids.bare, ids.other, ids.relapse, ids.aml]);
      for (const row of res.json().data) {
        expect(row).not.toHaveProperty('codeOP');
        expect(row).not.toHaveProperty('ngsOp');
      }
      // A doctor cannot sort by, nor search for, a code they do not see.
      expect(idsOf(await list(owner, 'orderBy=codeOP&order=asc'))).toEqual([
        ids.aml,
        ids.relapse,
        ids.other,
        ids.bare,
      ]);
      expect(idsOf(await list(owner, 'text=90001'))).toEqual([]);
    });

    it('answers the row of the contract with the first diagnostic', async () => {
      const row = (await list(admin, `institutionCode=${institutionCode}&subtype=ALL-B`)).json().data[0];
      expect(row).toEqual({
        id: ids.relapse,
        identification: expect.any(String),
        codeOP: 90002,
        ngs: null,
        ngsOp: null,
        molecular: null,
        deathDate: null,
        createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
        institution: { name: expect.stringContaining('Clínica Alemana'), code: institutionCode },
        diagnostics: [{ dxSubType: 'ALL-B', dxSecondary: 'Secundario', relapse: true }],
        eln2022: 'not_applicable',
        eln2024: 'not_applicable',
        qualityErrors: expect.any(Number),
        qualityWarnings: expect.any(Number),
      });
    });

    it('sorts admins by code OP, descending by default, patients without a code last', async () => {
      const scope = `institutionCode=${institutionCode}`;
      expect(idsOf(await list(admin, scope)).slice(0, 2)).toEqual([ids.relapse, ids.aml]);
      expect(idsOf(await list(admin, `${scope}&order=asc`)).slice(0, 2)).toEqual([ids.aml, ids.relapse]);
      expect(idsOf(await list(admin, `${scope}&orderBy=createdAt&order=asc`))).toEqual([
        ids.aml,
        ids.relapse,
        ids.other,
        ids.bare,
      ]);
    });

    it.each([
      ['subtype=AML%20M3', ['aml']],
      ['subtype=Other', ['other']],
      ['dx=Secundario', ['relapse']],
      ['relapse=true', ['relapse']],
      ['relapse=false', ['aml', 'other']],
      ['obito=2023-05-05,2023-05-05', ['relapse']],
      ['obito=2023-05-06,2024-01-01', []],
      ['text=pena', ['bare']],
      ['text=CLINICA%20alemana&subtype=all', ['aml', 'relapse', 'other', 'bare']],
      ['text=AL-OP%2390002', ['relapse']],
      ['text=90001', ['aml']],
    ])('filters %s', async (query, expected) => {
      const res = await list(
        admin,
        `institutionCode=${institutionCode}&orderBy=createdAt&order=asc&${query}`,
      );
      expect(res.statusCode).toBe(200);
      expect(idsOf(res)).toEqual(expected.map((key) => ids[key]));
      expect(res.json().totalItems).toBe(expected.length);
    });

    it('pages with 0-based page numbers', async () => {
      const scope = `institutionCode=${institutionCode}&orderBy=createdAt&order=asc&size=3`;
      const second = await list(admin, `${scope}&page=1`);
      expect(second.json()).toMatchObject({ currentPage: 1, totalPages: 2, totalItems: 4 });
      expect(idsOf(second)).toEqual([ids.bare]);
    });

    it.each([
      ['obito=2023-01-01', 'obito'],
      ['subtype=AML9', 'subtype'],
      ['size=1001', 'size'],
      ['orderBy=identification', 'orderBy'],
      ['colour=red', 'colour'],
    ])('refuses %s with 400', async (query, field) => {
      const res = await list(admin, query);
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().fields)).toContain(field);
    });

    it('treats a LIKE wildcard in the text as a plain character', async () => {
      expect((await list(admin, 'text=%25%25%25')).json().totalItems).toBe(0);
    });

    it('is audited when a patient file is read, not when the list is', async () => {
      const id = ids.aml ?? '';
      await get(admin, id);
      const reads = await t.ctx.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.patientId, id), eq(auditEvents.action, 'patient.read')));
      expect(reads.length).toBeGreaterThan(0);
    });
  });
});
