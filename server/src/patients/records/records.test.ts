import { en, es } from '@registry/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import {
  type Caller,
  consentedPatient,
  createPatient,
  diagnostic,
  newAdmin,
  newDoctor,
  treatment,
  uploadFile,
} from '../../test/patients.ts';

describe('patient records: samples, diagnostics, treatments, lab reports', () => {
  let t: TestApp;
  let doctor: Caller;
  let admin: Caller;
  beforeAll(async () => {
    t = await buildTestApp();
    doctor = await newDoctor(t);
    admin = await newAdmin(t);
  });
  afterAll(() => t.close());

  const send = (
    caller: Caller,
    method: 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) =>
    t.request({
      method,
      url: `/api/patients/${url}`,
      token: caller.token,
      headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const read = async (caller: Caller, id: string) =>
    (await t.request({ method: 'GET', url: `/api/patients/${id}`, token: caller.token })).json().data;

  describe('samples', () => {
    it('adds and changes a sample, linking a file of the same patient', async () => {
      const id = await createPatient(t, doctor);
      const fileId = await uploadFile(t, doctor, id);
      const created = await send(doctor, 'POST', 'samples', {
        patientId: id,
        sampleDate: '2022-03-01',
        sampleType: 'MO',
        fileId,
      });
      expect(created.statusCode).toBe(201);
      expect(created.headers.etag).toBe('"2"');
      expect(created.json().data).toEqual({
        id: expect.any(String),
        sampleType: 'MO',
        sampleDate: '2022-03-01',
        file: { id: fileId, name: 'report.pdf', date: null },
      });
      const changed = await send(doctor, 'PATCH', `samples/${created.json().data.id}`, {
        sampleType: 'MO + SP',
        fileId: null,
      });
      expect(changed.statusCode).toBe(200);
      expect(changed.json().data).toMatchObject({
        sampleType: 'MO + SP',
        sampleDate: '2022-03-01',
        file: null,
      });
      expect((await read(doctor, id)).samples).toHaveLength(1);
    });

    it.each([
      [{ sampleType: 'MO' }, 'sampleDate', 'chooseDate'],
      [{ sampleDate: '2022-13-01', sampleType: 'MO' }, 'sampleDate', 'chooseDate'],
      [{ sampleDate: '2022-03-01' }, 'sampleType', 'chooseOption'],
      [{ sampleDate: '2022-03-01', sampleType: 'blood' }, 'sampleType', 'chooseOption'],
    ] as const)('refuses %j with a message on %s', async (payload, field, key) => {
      const id = await createPatient(t, doctor);
      const res = await send(
        doctor,
        'POST',
        'samples',
        { patientId: id, ...payload },
        { 'accept-language': 'en' },
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().fields[field]).toBe(en.validation[key]);
    });

    it('refuses a sample date in the future and a file of another patient (422)', async () => {
      const id = await createPatient(t, doctor);
      const future = await send(doctor, 'POST', 'samples', {
        patientId: id,
        sampleDate: '2999-01-01',
        sampleType: 'SP',
      });
      expect(future.statusCode).toBe(422);
      expect(future.json().fields).toEqual({ sampleDate: es.validation.futureDate });
      const other = await createPatient(t, doctor);
      const foreign = await uploadFile(t, doctor, other);
      const res = await send(doctor, 'POST', 'samples', {
        patientId: id,
        sampleDate: '2022-01-01',
        sampleType: 'SP',
        fileId: foreign,
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().fields).toEqual({ fileId: es.validation.fileUnknown });
    });
  });

  describe('diagnostics', () => {
    it('stores an Other subtype as "Other: text" and returns it so the form can split it', async () => {
      const id = await createPatient(t, doctor);
      const res = await send(doctor, 'POST', 'diagnostics', {
        patientId: id,
        ...diagnostic({ dxSubType: 'Other', subTypeName: '  LMMC  ' }),
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().data.dxSubType).toBe('Other: LMMC');
      const diagnosticId = res.json().data.id;
      // Changing only the name keeps the Other subtype; another subtype drops the name.
      const renamed = await send(doctor, 'PATCH', `diagnostics/${diagnosticId}`, { subTypeName: 'LMC' });
      expect(renamed.json().data.dxSubType).toBe('Other: LMC');
      const plain = await send(doctor, 'PATCH', `diagnostics/${diagnosticId}`, { dxSubType: 'AML M1' });
      expect(plain.json().data.dxSubType).toBe('AML M1');
      const back = await send(doctor, 'PATCH', `diagnostics/${diagnosticId}`, { dxSubType: 'Other' });
      expect(back.statusCode).toBe(400);
      expect(back.json().fields).toEqual({ subTypeName: es.validation.required });
    });

    it.each([
      [{ dxSubType: 'Other' }, 'subTypeName', 'required'],
      [{ relapse: true }, 'relapseDate', 'chooseDate'],
      [{ consent: true, consentDate: null }, 'consentDate', 'chooseDate'],
      [{ consent: undefined }, 'consent', 'chooseOption'],
      [{ dxDate: 'yesterday' }, 'dxDate', 'chooseDate'],
      [{ dxSubType: 'AML M9' }, 'dxSubType', 'chooseOption'],
      [{ patientFit: 'Unknown' }, 'patientFit', 'chooseOption'],
    ] as const)('refuses %j with a message on %s', async (overrides, field, key) => {
      const id = await createPatient(t, doctor);
      const res = await send(doctor, 'POST', 'diagnostics', { patientId: id, ...diagnostic(overrides) });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields[field]).toBe(es.validation[key]);
    });

    it.each([
      [{ dxDate: '2999-01-01' }, 'dxDate', 'futureDate'],
      [{ dxDate: '1950-01-01' }, 'dxDate', 'beforeBirth'],
      [{ relapse: true, relapseDate: '2022-01-01' }, 'relapseDate', 'beforeDiagnosis'],
      [{ relapse: true, relapseDate: '2999-01-01' }, 'relapseDate', 'futureDate'],
    ] as const)('refuses the dates of %j with 422 on %s', async (overrides, field, key) => {
      const id = await createPatient(t, doctor);
      const res = await send(doctor, 'POST', 'diagnostics', { patientId: id, ...diagnostic(overrides) });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ code: 'RULE_BROKEN', fields: { [field]: es.validation[key] } });
    });

    it('judges a change on the record as it will be, and drops dates whose flag is off', async () => {
      const id = await consentedPatient(t, doctor, { relapse: true, relapseDate: '2023-01-01' });
      const [first] = (await read(doctor, id)).diagnostics;
      const earlier = await send(doctor, 'PATCH', `diagnostics/${first.id}`, { dxDate: '2023-02-01' });
      expect(earlier.statusCode).toBe(422);
      expect(earlier.json().fields).toEqual({ dxDate: es.validation.afterRelapse });
      const off = await send(doctor, 'PATCH', `diagnostics/${first.id}`, { relapse: false });
      expect(off.json().data).toMatchObject({ relapse: false, relapseDate: null });
    });

    it('keeps the description of a secondary diagnosis only, as the wizard does', async () => {
      const id = await consentedPatient(t, doctor, {
        dxSecondary: 'Secundario',
        dxSecondaryDescription: 'post-SMD',
      });
      const [first] = (await read(doctor, id)).diagnostics;
      expect(first.dxSecondaryDescription).toBe('post-SMD');
      const initial = await send(doctor, 'PATCH', `diagnostics/${first.id}`, { dxSecondary: 'Inicial' });
      expect(initial.statusCode).toBe(200);
      expect(initial.json().data).toMatchObject({ dxSecondary: 'Inicial', dxSecondaryDescription: null });
      const described = await send(doctor, 'PATCH', `diagnostics/${first.id}`, {
        dxSecondaryDescription: 'post-quimioterapia',
      });
      expect(described.json().data.dxSecondaryDescription).toBeNull();
    });

    it('keeps the counts at diagnosis as numbers, and refuses an impossible count or a third decimal', async () => {
      const id = await consentedPatient(t, doctor, { wbcAtDiagnosis: 12.5, marrowBlastsAtDiagnosis: 45.25 });
      const [first] = (await read(doctor, id)).diagnostics;
      expect(first).toMatchObject({ wbcAtDiagnosis: 12.5, marrowBlastsAtDiagnosis: 45.25 });
      for (const [fields, field, key] of [
        [{ wbcAtDiagnosis: 1000.01 }, 'wbcAtDiagnosis', 'wbcRange'],
        [{ wbcAtDiagnosis: -0.5 }, 'wbcAtDiagnosis', 'wbcRange'],
        [{ wbcAtDiagnosis: 12.345 }, 'wbcAtDiagnosis', 'wbcRange'],
        [{ wbcAtDiagnosis: '12,5' }, 'wbcAtDiagnosis', 'wbcRange'],
        [{ marrowBlastsAtDiagnosis: 100.5 }, 'marrowBlastsAtDiagnosis', 'blastsRange'],
      ] as const) {
        const res = await send(doctor, 'PATCH', `diagnostics/${first.id}`, fields);
        expect(res.statusCode, JSON.stringify(fields)).toBe(400);
        expect(res.json().fields).toEqual({ [field]: es.validation[key] });
      }
      const cleared = await send(doctor, 'PATCH', `diagnostics/${first.id}`, { wbcAtDiagnosis: null });
      expect(cleared.json().data).toMatchObject({ wbcAtDiagnosis: null, marrowBlastsAtDiagnosis: 45.25 });
    });

    it("keeps a biobank's consent as 'Bio Banco' (true), without a date", async () => {
      const biobank = await newDoctor(t, { type: 'BioBanco' });
      const id = await createPatient(t, biobank);
      const refused = await send(biobank, 'POST', 'diagnostics', {
        patientId: id,
        ...diagnostic({ consent: false }),
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().fields).toEqual({ consent: es.validation.biobankConsent });
      const res = await send(biobank, 'POST', 'diagnostics', {
        patientId: id,
        ...diagnostic({ consent: true, consentDate: null }),
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().data).toMatchObject({ consent: true, consentDate: null });
    });
  });

  describe('treatments and drugs', () => {
    it('needs a diagnostic with consent and a subtype that is not Other', async () => {
      const none = await createPatient(t, doctor);
      const noDiagnostic = await send(doctor, 'POST', 'treatments', {
        patientId: none,
        treatments: [treatment()],
      });
      expect(noDiagnostic.statusCode).toBe(422);
      expect(noDiagnostic.json()).toMatchObject({
        code: 'CONSENT_REQUIRED',
        message: es.errors.CONSENT_REQUIRED,
      });
      const unconsented = await consentedPatient(t, doctor, { consent: false, consentDate: null });
      expect(
        (
          await send(doctor, 'POST', 'treatments', { patientId: unconsented, treatments: [treatment()] })
        ).json().code,
      ).toBe('CONSENT_REQUIRED');
      const other = await consentedPatient(t, doctor, { dxSubType: 'Other', subTypeName: 'LMMC' });
      const res = await send(doctor, 'POST', 'treatments', { patientId: other, treatments: [treatment()] });
      expect(res.statusCode).toBe(422);
      expect(res.json().code).toBe('SUBTYPE_OTHER');
      const labs = await send(doctor, 'POST', 'labreports', {
        patientId: other,
        labReports: [{ name: 'NGS', content: 'TP53' }],
      });
      expect(labs.json().code).toBe('SUBTYPE_OTHER');
    });

    it('lets a biobank doctor add treatments without a consented diagnostic', async () => {
      const biobank = await newDoctor(t, { type: 'BioBanco' });
      const id = await createPatient(t, biobank);
      const res = await send(biobank, 'POST', 'treatments', { patientId: id, treatments: [treatment()] });
      expect(res.statusCode).toBe(201);
    });

    it('stores an Other scheme as "Other: name"', async () => {
      const id = await consentedPatient(t, doctor);
      const missing = await send(doctor, 'POST', 'treatments', {
        patientId: id,
        treatments: [treatment({ scheme: 'Other' })],
      });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().fields).toEqual({ 'treatments.0.schemeName': es.validation.required });
      const res = await send(doctor, 'POST', 'treatments', {
        patientId: id,
        treatments: [treatment({ scheme: 'Other', schemeName: 'ATRA + ATO' })],
      });
      expect(res.json().data[0].scheme).toBe('Other: ATRA + ATO');
    });

    it.each([
      [{ EMRBlasts: 100.5 }, 'treatments.0.EMRBlasts', 'percentRange'],
      [{ EMRBlasts: -1 }, 'treatments.0.EMRBlasts', 'percentRange'],
      [{ order: undefined }, 'treatments.0.order', 'required'],
      [{ startDate: '2022-02-31' }, 'treatments.0.startDate', 'chooseDate'],
      [{ diseaseAssessment: 'OK' }, 'treatments.0.diseaseAssessment', 'chooseOption'],
      [
        { drugs: [{ name: 'X', startApplicationDate: '2022-03-10', lastAplicationDate: '2022-03-01' }] },
        'treatments.0.drugs.0.lastAplicationDate',
        'beforeStart',
      ],
      [{ drugs: [{ dose: '1 mg' }] }, 'treatments.0.drugs.0.name', 'required'],
    ] as const)('refuses %j with a message on %s', async (overrides, field, key) => {
      const id = await consentedPatient(t, doctor);
      const res = await send(doctor, 'POST', 'treatments', {
        patientId: id,
        treatments: [treatment(overrides)],
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields[field]).toBe(es.validation[key]);
    });

    it('refuses treatment dates in the future', async () => {
      const id = await consentedPatient(t, doctor);
      const res = await send(doctor, 'POST', 'treatments', {
        patientId: id,
        treatments: [treatment({ EMRDate: '2999-01-01' })],
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().fields).toEqual({ 'treatments.0.EMRDate': es.validation.futureDate });
    });

    it('upserts with PUT and keeps order numbers dense after deletions', async () => {
      const id = await consentedPatient(t, doctor);
      const created = await send(doctor, 'POST', 'treatments', {
        patientId: id,
        treatments: [
          treatment({ order: 1 }),
          treatment({ order: 2, scheme: 'FLAG-Ida' }),
          treatment({ order: 3, scheme: 'AloTCHP' }),
        ],
      });
      expect(created.statusCode).toBe(201);
      const [first, second, third] = created.json().data;
      expect([first.order, second.order, third.order]).toEqual([1, 2, 3]);

      const put = await send(doctor, 'PUT', `treatments/${id}`, {
        treatments: [
          {
            ...treatment({ id: second.id, order: 2, scheme: 'CLAG-IDA' }),
            drugs: [{ id: second.drugs[1].id, name: 'Idarrubicina', dose: '10 mg/m2' }, { name: 'G-CSF' }],
          },
          treatment({ order: 4, scheme: 'Azacitidina', drugs: [] }),
        ],
      });
      expect(put.statusCode).toBe(200);
      const afterPut = put.json().data;
      expect(afterPut.map((x: { scheme: string; order: number }) => [x.order, x.scheme])).toEqual([
        [1, '7+3 AraC + IDA'],
        [2, 'CLAG-IDA'],
        [3, 'AloTCHP'],
        [4, 'Azacitidina'],
      ]);
      expect(afterPut[1].drugs.map((d: { name: string; order: number }) => [d.order, d.name])).toEqual([
        [1, 'Citarabina'],
        [2, 'Idarrubicina'],
        [3, 'G-CSF'],
      ]);

      const deleted = await send(doctor, 'DELETE', `treatments/${second.id}`);
      expect(deleted.statusCode).toBe(200);
      expect(deleted.json().data.map((x: { scheme: string; order: number }) => [x.order, x.scheme])).toEqual([
        [1, '7+3 AraC + IDA'],
        [2, 'AloTCHP'],
        [3, 'Azacitidina'],
      ]);
      const drugs = deleted.json().data[0].drugs;
      const withoutDrug = await send(doctor, 'DELETE', `treatments/drugs/${drugs[0].id}`);
      expect(withoutDrug.statusCode).toBe(200);
      expect(withoutDrug.json().data[0].drugs).toEqual([{ ...drugs[1], order: 1 }]);
      const kept = withoutDrug.json().data[1].drugs;
      expect(kept.map((d: { order: number }) => d.order)).toEqual([1, 2]);
      const patient = await read(doctor, id);
      expect(patient.treatments.map((x: { order: number }) => x.order)).toEqual([1, 2, 3]);
      expect((await send(doctor, 'DELETE', `treatments/${second.id}`)).statusCode).toBe(404);
    });

    it('refuses ids that are not the patient’s own', async () => {
      const id = await consentedPatient(t, doctor);
      const other = await consentedPatient(t, doctor);
      const created = await send(doctor, 'POST', 'treatments', {
        patientId: other,
        treatments: [treatment()],
      });
      const foreign = created.json().data[0];
      const res = await send(doctor, 'PUT', `treatments/${id}`, {
        treatments: [treatment({ id: foreign.id })],
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().fields).toEqual({ 'treatments.0.id': es.validation.invalid });
    });
  });

  describe('lab reports', () => {
    it('stores only entries with content on POST and upserts by name on PUT', async () => {
      const id = await consentedPatient(t, doctor);
      const created = await send(doctor, 'POST', 'labreports', {
        patientId: id,
        labReports: [
          { name: 'Immunophenotype', content: 'CD34+, CD117+', date: '2022-03-03' },
          { name: 'Cytogenetics', content: '' },
          { name: 'NGS', content: 'NPM1' },
          { name: 'Mi estudio', content: 'FISH negativo' },
        ],
      });
      expect(created.statusCode).toBe(201);
      expect(created.json().data.map((r: { name: string }) => r.name)).toEqual([
        'Immunophenotype',
        'NGS',
        'Mi estudio',
      ]);
      const put = await send(doctor, 'PUT', `labreports/${id}`, {
        labReports: [
          { name: 'ngs', content: 'NPM1, FLT3-ITD' },
          { name: 'Cytogenetics', content: '46,XX' },
        ],
      });
      expect(put.statusCode).toBe(200);
      const byName = Object.fromEntries(
        put.json().data.map((r: { name: string; content: string }) => [r.name, r.content]),
      );
      expect(byName).toEqual({
        Immunophenotype: 'CD34+, CD117+',
        NGS: 'NPM1, FLT3-ITD',
        'Mi estudio': 'FISH negativo',
        Cytogenetics: '46,XX',
      });
    });

    it('refuses an entry without a name and a name twice', async () => {
      const id = await consentedPatient(t, doctor);
      const res = await send(doctor, 'PUT', `labreports/${id}`, {
        labReports: [{ name: '', content: 'x' }, { name: 'NGS' }, { name: 'ngs' }],
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({
        'labReports.0.name': es.validation.required,
        'labReports.2.name': es.validation.duplicateName,
      });
    });

    it('keeps NGS OP to admins, and admins to NGS OP', async () => {
      const id = await consentedPatient(t, doctor);
      expect(
        (await send(doctor, 'PUT', `labreports/${id}`, { labReports: [{ name: 'NGS OP', content: 'x' }] }))
          .statusCode,
      ).toBe(403);
      expect(
        (await send(doctor, 'PUT', `labreports/${id}`, { labReports: [{ name: 'ngs op', content: 'x' }] }))
          .statusCode,
      ).toBe(403);
      expect(
        (await send(admin, 'PUT', `labreports/${id}`, { labReports: [{ name: 'NGS', content: 'x' }] }))
          .statusCode,
      ).toBe(403);
      const res = await send(admin, 'PUT', `labreports/${id}`, {
        labReports: [{ name: 'NGS OP', content: 'TP53' }],
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual([expect.objectContaining({ name: 'NGS OP', content: 'TP53' })]);
      expect((await read(doctor, id)).reports).toEqual([]);
      expect((await read(admin, id)).reports).toHaveLength(1);
    });

    it('answers 403 to a biobank doctor, who saves no lab reports', async () => {
      const biobank = await newDoctor(t, { type: 'BioBanco' });
      const id = await createPatient(t, biobank);
      const res = await send(biobank, 'POST', 'labreports', {
        patientId: id,
        labReports: [{ name: 'NGS', content: 'x' }],
      });
      expect(res.statusCode).toBe(403);
      expect((await send(biobank, 'PUT', `labreports/${id}`, { labReports: [] })).statusCode).toBe(403);
    });
  });

  it('moves the version on with every write and refuses a stale one on every kind of record', async () => {
    const id = await consentedPatient(t, doctor);
    const version = (await read(doctor, id)).version;
    expect(version).toBe(2);
    const stale = { 'if-match': '"1"' };
    expect(
      (
        await send(
          doctor,
          'POST',
          'samples',
          { patientId: id, sampleDate: '2022-01-01', sampleType: 'MO' },
          stale,
        )
      ).statusCode,
    ).toBe(412);
    expect(
      (await send(doctor, 'POST', 'treatments', { patientId: id, treatments: [treatment()] }, stale))
        .statusCode,
    ).toBe(412);
    expect(
      (await send(doctor, 'PUT', `labreports/${id}`, { labReports: [{ name: 'NGS', content: 'x' }] }, stale))
        .statusCode,
    ).toBe(412);
    const ok = await send(
      doctor,
      'POST',
      'treatments',
      { patientId: id, treatments: [treatment()] },
      { 'if-match': '"2"' },
    );
    expect(ok.statusCode).toBe(201);
    expect(ok.headers.etag).toBe('"3"');
    const treatmentId = ok.json().data[0].id;
    expect(
      (await send(doctor, 'DELETE', `treatments/${treatmentId}`, undefined, { 'if-match': '"2"' }))
        .statusCode,
    ).toBe(412);
    expect((await read(doctor, id)).treatments).toHaveLength(1);
  });
});
