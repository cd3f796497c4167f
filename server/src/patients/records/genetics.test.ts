import { en, es } from '@registry/shared';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertInstitution } from '../../test/fixtures.ts';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { type Caller, consentedPatient, createPatient, newAdmin, newDoctor } from '../../test/patients.ts';

/** A diagnostic's genetics and the ELN 2022 genetic risk (CONTRACT §10), through the API. */
describe('genetics and the ELN 2022 genetic risk', () => {
  let t: TestApp;
  let doctor: Caller;
  let other: Caller;
  let admin: Caller;
  let institutionCode: string;
  beforeAll(async () => {
    t = await buildTestApp();
    const institution = await insertInstitution(t.ctx.db);
    institutionCode = institution.code;
    doctor = await newDoctor(t, { id: institution.id });
    other = await newDoctor(t);
    admin = await newAdmin(t);
  });
  afterAll(() => t.close());

  const read = async (caller: Caller, id: string) =>
    (await t.request({ method: 'GET', url: `/api/patients/${id}`, token: caller.token })).json().data;
  const put = (
    caller: Caller,
    diagnosticId: string,
    payload: unknown,
    headers: Record<string, string> = {},
  ) =>
    t.request({
      method: 'PUT',
      url: `/api/patients/diagnostics/${diagnosticId}/genetics`,
      token: caller.token,
      headers,
      payload: payload as object,
    });
  /** A patient with a first diagnostic of this subtype, and that diagnostic's id. */
  async function patientWith(dxSubType: string) {
    const id = await consentedPatient(t, doctor, { dxSubType });
    const [first] = (await read(doctor, id)).diagnostics;
    return { id, diagnosticId: first.id as string };
  }
  const npm1 = { code: 'NPM1', result: 'positive', vaf: 38.5 };
  const normalKaryotype = { karyotype: '46,XY[20]', karyotypeResult: 'normal' };

  it('stores the karyotype and markers, reads the karyotype, and answers the diagnostic', async () => {
    const { id, diagnosticId } = await patientWith('AML M2');
    const res = await put(doctor, diagnosticId, {
      karyotype: '47,XY,+8[15]/46,XY[5]',
      karyotypeResult: 'abnormal',
      markers: [npm1, { code: 'FLT3-ITD', result: 'negative', vaf: null }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers.etag).toBe('"3"');
    const genetics = res.json().data.genetics;
    expect(genetics).toMatchObject({
      karyotype: '47,XY,+8[15]/46,XY[5]',
      karyotypeResult: 'abnormal',
      markers: [npm1, { code: 'FLT3-ITD', result: 'negative', vaf: null }],
      derived: { parsed: true, message: null, abnormalities: 1 },
    });
    expect(genetics.derived.findings.complex).toBe(false);
    expect(Date.parse(genetics.updatedAt)).not.toBeNaN();
    // NPM1 without FLT3-ITD and without adverse cytogenetics: favorable.
    expect(codesOf((await read(doctor, id)).eln2022)).toEqual({
      category: 'favorable',
      reasons: [
        'NPM1 positive',
        'MLLT3::KMT2A negative',
        'FLT3-ITD negative',
        'adverseCytogenetics negative',
      ],
      missing: [],
    });
  });

  it('classifies from the karyotype text alone, and says which markers would decide an incomplete one', async () => {
    const complex = await patientWith('AML');
    await put(doctor, complex.diagnosticId, {
      karyotype: '45,XX,-5,-7,+8[20]',
      karyotypeResult: 'abnormal',
      markers: [],
    });
    const eln = (await read(doctor, complex.id)).eln2022;
    expect(eln.category).toBe('adverse');

    const untested = await patientWith('AML M1');
    await put(doctor, untested.diagnosticId, { ...normalKaryotype, markers: [] });
    const partial = (await read(doctor, untested.id)).eln2022;
    expect(partial.category).toBe('insufficient');
    expect(partial.missing).toEqual(expect.arrayContaining(['NPM1', 'FLT3-ITD', 'CEBPA-bZIP', 'TP53']));
  });

  it('gives an ALL or an APL no ELN 2022 category, and an AML without genetics an insufficient one', async () => {
    expect((await read(doctor, (await patientWith('ALL-B')).id)).eln2022.category).toBe('not_applicable');
    expect((await read(doctor, (await patientWith('AML M3')).id)).eln2022.category).toBe('not_applicable');
    expect((await read(doctor, (await patientWith('AML')).id)).eln2022.category).toBe('insufficient');
    expect((await read(doctor, await createPatient(t, doctor))).eln2022.category).toBe('not_applicable');
  });

  it.each([
    [
      { ...normalKaryotype, markers: [{ code: 'NPM2', result: 'positive', vaf: null }] },
      'markers.0.code',
      'markerUnknown',
    ],
    [{ ...normalKaryotype, markers: [npm1, npm1] }, 'markers.1.code', 'markerRepeated'],
    [{ ...normalKaryotype, markers: [{ ...npm1, vaf: 140 }] }, 'markers.0.vaf', 'percentRange'],
    [
      { ...normalKaryotype, markers: [{ code: 'RUNX1::RUNX1T1', result: 'positive', vaf: 30 }] },
      'markers.0.vaf',
      'vafNotApplicable',
    ],
    [
      { ...normalKaryotype, markers: [{ code: 'CBFB::MYH11', result: 'positive', vaf: null }] },
      'karyotypeResult',
      'normalKaryotypeWithFinding',
    ],
    [
      { karyotype: '46,XX,t(8;21)(q22;q22)[20]', karyotypeResult: 'normal', markers: [] },
      'karyotypeResult',
      'normalKaryotypeAbnormal',
    ],
    [
      { karyotype: '47,XY,+8[20]', karyotypeResult: 'normal', markers: [] },
      'karyotypeResult',
      'normalKaryotypeAbnormal',
    ],
    [
      { karyotype: 'normal, 20 metafases', karyotypeResult: 'normal', markers: [] },
      'karyotypeResult',
      'normalKaryotypeUnreadable',
    ],
    [
      { karyotype: '45,XY[20]', karyotypeResult: 'normal', markers: [] },
      'karyotypeResult',
      'normalKaryotypeUnreadable',
    ],
  ] as const)('refuses %j with a field message in both languages', async (payload, field, key) => {
    const { diagnosticId } = await patientWith('AML');
    for (const [language, texts] of [
      ['es', es],
      ['en', en],
    ] as const) {
      const res = await put(doctor, diagnosticId, payload, { 'accept-language': language });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().fields[field]).toBe(texts.validation[key]);
    }
  });

  it('refuses a karyotype past its limit at once, without reading it, up to the body limit', async () => {
    const { diagnosticId } = await patientWith('AML');
    const bodyRoom = 2 * 1024 * 1024 - 100;
    for (const karyotype of ['['.repeat(120_000), `${'.'.repeat(120_000)}x`, '['.repeat(bodyRoom)]) {
      const start = performance.now();
      const res = await put(
        doctor,
        diagnosticId,
        { karyotype, karyotypeResult: 'normal', markers: [] },
        { 'accept-language': 'en' },
      );
      const elapsed = performance.now() - start;
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().fields).toEqual({ karyotype: en.validation.tooLong });
      expect(elapsed).toBeLessThan(1000);
    }
  });

  it('keeps a karyotype it cannot read, says so, and counts only the markers entered', async () => {
    const { id, diagnosticId } = await patientWith('AML');
    const res = await put(doctor, diagnosticId, {
      karyotype: 'cariotipo complejo, ver informe',
      karyotypeResult: 'abnormal',
      markers: [{ code: 'RUNX1::RUNX1T1', result: 'positive', vaf: null }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.genetics.derived).toMatchObject({ parsed: false, findings: {} });
    expect(res.json().data.genetics.derived.message).toEqual(expect.any(String));
    expect(codesOf((await read(doctor, id)).eln2022)).toEqual({
      category: 'favorable',
      reasons: ['RUNX1::RUNX1T1 positive'],
      missing: [],
    });
  });

  it('says why it cannot read a text in the caller’s language, quoting it as typed', async () => {
    const { id, diagnosticId } = await patientWith('AML');
    const payload = { karyotype: '45, XY, T(8;21)(q22;q22) [20]', karyotypeResult: 'abnormal', markers: [] };
    const saved = await put(doctor, diagnosticId, payload, { 'accept-language': 'en' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.genetics.derived.message).toBe(
      'Line 1: the count 45 does not agree with its gains and losses (they give 46).',
    );
    const file = (
      await t.request({
        method: 'GET',
        url: `/api/patients/${id}`,
        token: doctor.token,
        headers: { 'accept-language': 'es' },
      })
    ).json().data;
    expect(file.diagnostics[0].genetics.derived).toMatchObject({
      parsed: false,
      message: 'Línea 1: el número 45 no concuerda con sus ganancias y pérdidas (serían 46).',
      findings: {},
    });
  });

  it('leaves unknown what the text leaves unread, and the category abstains instead of guessing', async () => {
    const { id, diagnosticId } = await patientWith('AML');
    const res = await put(doctor, diagnosticId, {
      karyotype: '46,XY,add(11)(q23)[20].nuc ish(FGFR1x3)[40/200]',
      karyotypeResult: 'abnormal',
      markers: [npm1, { code: 'FLT3-ITD', result: 'negative', vaf: null }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const derived = res.json().data.genetics.derived;
    expect(derived.findings['KMT2A-r']).toBeNull();
    expect(derived.unread).toEqual(['(FGFR1x3)[40/200]']);
    // NPM1 alone would be favorable; a KMT2A rearrangement would make it adverse.
    expect((await read(doctor, id)).eln2022.category).toBe('insufficient');
  });

  it('answers 404 for another doctor’s diagnostic and 403 to an admin, and 412 on a stale version', async () => {
    const { diagnosticId } = await patientWith('AML');
    const body = { ...normalKaryotype, markers: [] };
    expect((await put(other, diagnosticId, body)).statusCode).toBe(404);
    expect((await put(admin, diagnosticId, body)).statusCode).toBe(403);
    expect((await put(doctor, '00000000-0000-4000-8000-000000000000', body)).statusCode).toBe(404);
    expect((await put(doctor, diagnosticId, body, { 'if-match': '"1"' })).statusCode).toBe(412);
    expect((await put(doctor, diagnosticId, body, { 'if-match': '"2"' })).statusCode).toBe(200);
  });

  it('records the old and new values in the audit trail, and keeps the genetics when the diagnostic changes', async () => {
    const { id, diagnosticId } = await patientWith('AML');
    await put(doctor, diagnosticId, { ...normalKaryotype, markers: [] });
    await put(doctor, diagnosticId, { ...normalKaryotype, markers: [npm1] });
    const result = (await t.ctx.db.execute(sql`select changes from audit_events
      where action = 'genetics.update' and entity_id = ${diagnosticId} order by id`)) as unknown as {
      rows: { changes: Record<string, { old: unknown; new: unknown }> }[];
    };
    expect(result.rows.map((row) => row.changes)).toEqual([
      {
        karyotype: { old: null, new: '46,XY[20]' },
        karyotypeResult: { old: null, new: 'normal' },
      },
      { markers: { old: [], new: [npm1] } },
    ]);
    const patched = await t.request({
      method: 'PATCH',
      url: `/api/patients/diagnostics/${diagnosticId}`,
      token: doctor.token,
      payload: { patientFit: 'Unfit' },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().data.genetics.markers).toEqual([npm1]);
    // NPM1 without FLT3-ITD tested: intermediate with it, favorable without it.
    expect((await read(doctor, id)).eln2022).toMatchObject({
      category: 'insufficient',
      missing: ['FLT3-ITD'],
    });
  });

  it('follows a change of subtype: the category is the first diagnostic’s, as it is now', async () => {
    const { id, diagnosticId } = await patientWith('AML');
    await put(doctor, diagnosticId, { ...normalKaryotype, markers: [npm1] });
    await t.request({
      method: 'PATCH',
      url: `/api/patients/diagnostics/${diagnosticId}`,
      token: doctor.token,
      payload: { dxSubType: 'ALL-T' },
    });
    expect((await read(doctor, id)).eln2022.category).toBe('not_applicable');
    const list = await t.request({
      method: 'GET',
      url: `/api/patients/list?text=${encodeURIComponent((await read(doctor, id)).identification)}`,
      token: doctor.token,
    });
    expect(list.json().data[0].eln2022).toBe('not_applicable');
  });

  it('filters and counts the list by category, for admins and doctors', async () => {
    const listOf = async (caller: Caller, query: string) =>
      (
        await t.request({ method: 'GET', url: `/api/patients/list?${query}&size=100`, token: caller.token })
      ).json();
    const favorable = await listOf(admin, `institutionCode=${institutionCode}&eln=favorable`);
    expect(favorable.totalItems).toBe(favorable.data.length);
    expect(favorable.data.length).toBeGreaterThan(0);
    expect(favorable.data.every((row: { eln2022: string }) => row.eln2022 === 'favorable')).toBe(true);
    const mine = await listOf(doctor, 'eln=favorable');
    expect(mine.totalItems).toBe(favorable.totalItems);
    expect((await listOf(other, 'eln=favorable')).totalItems).toBe(0);
    expect(
      (await t.request({ method: 'GET', url: '/api/patients/list?eln=great', token: doctor.token }))
        .statusCode,
    ).toBe(400);
  });

  it('writes the category, the karyotype and a column per marker in the CSV, and the whole genetics in the JSON', async () => {
    const { id, diagnosticId } = await patientWith('AML M4');
    await put(doctor, diagnosticId, {
      karyotype: '46,XX,inv(16)(p13q22)[20]',
      karyotypeResult: 'abnormal',
      markers: [{ code: 'KIT', result: 'positive', vaf: 12 }],
    });
    const identification = (await read(doctor, id)).identification;
    const csv = await t.request({
      method: 'GET',
      url: `/api/patients/csv?codes=raw&text=${encodeURIComponent(identification)}`,
      token: admin.token,
    });
    const [row] = parse(csv.rawPayload, { bom: true, columns: true }) as Record<string, string>[];
    expect(row).toMatchObject({
      eln2022: 'favorable',
      karyotype: '46,XX,inv(16)(p13q22)[20]',
      karyotypeResult: 'abnormal',
      'CBFB::MYH11': 'positive',
      KIT: 'positive',
      KIT_vaf: '12',
      NPM1: '',
    });
    const labelled = await t.request({
      method: 'GET',
      url: `/api/patients/csv?text=${encodeURIComponent(identification)}`,
      token: admin.token,
      headers: { 'accept-language': 'es' },
    });
    const [spanish] = parse(labelled.rawPayload, { bom: true, columns: true, delimiter: ';' }) as Record<
      string,
      string
    >[];
    expect(spanish).toMatchObject({
      'Riesgo genético ELN 2022': 'Favorable',
      'CBFB::MYH11': 'Positivo',
      'KIT VAF (%)': '12',
    });
    const json = await t.request({
      method: 'GET',
      url: `/api/patients/json?text=${encodeURIComponent(identification)}`,
      token: admin.token,
    });
    const [document] = json.json().data;
    expect(document.eln2022).toEqual({
      category: 'favorable',
      reasons: [{ code: 'CBFB::MYH11', result: 'positive', text: 'CBFB::MYH11 presente' }],
      missing: [],
      summary: 'CBFB::MYH11 presente → favorable',
    });
    expect(document.eln2024).toMatchObject({ category: 'not_applicable', priorHmaUnknown: false });
    expect(document.diagnostics[0].genetics.markers).toEqual([{ code: 'KIT', result: 'positive', vaf: 12 }]);
  });

  it('groups the outcomes and counts the summary by category', async () => {
    const survival = await t.request({
      method: 'GET',
      url: '/api/outcomes/survival?endpoint=os&groupBy=eln2022',
      token: doctor.token,
    });
    expect(survival.statusCode).toBe(200);
    const keys = survival.json().data.groups.map((group: { key: string }) => group.key);
    expect(keys).toEqual([...keys].sort((a: string, b: string) => ORDER.indexOf(a) - ORDER.indexOf(b)));
    const summary = (
      await t.request({ method: 'GET', url: '/api/outcomes/summary', token: doctor.token })
    ).json().data;
    const total = summary.byEln2022.reduce((sum: number, group: { n: number }) => sum + group.n, 0);
    expect(total).toBe(summary.patients);
    expect(summary.byEln2022.find((group: { key: string }) => group.key === 'favorable')?.n).toBeGreaterThan(
      0,
    );
  });
});

/** A classification with its reasons as `code result`: what the rules read, whatever their words. */
function codesOf(eln: { category: string; reasons: { code: string; result: string }[]; missing: string[] }) {
  return {
    category: eln.category,
    reasons: eln.reasons.map((reason) => `${reason.code} ${reason.result}`),
    missing: eln.missing,
  };
}

const ORDER = ['favorable', 'intermediate', 'adverse', 'insufficient', 'not_applicable'];
