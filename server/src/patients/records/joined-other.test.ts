import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import {
  type Caller,
  consentedPatient,
  createPatient,
  diagnostic,
  newDoctor,
  treatment,
} from '../../test/patients.ts';

/**
 * The product's first web client sends a free-text subtype or scheme already joined, as
 * `'Other: {text}'`; it must store exactly what `'Other'` plus the text stores.
 */
describe('a free-text subtype or scheme sent already joined', () => {
  let t: TestApp;
  let doctor: Caller;
  beforeAll(async () => {
    t = await buildTestApp();
    doctor = await newDoctor(t);
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object) =>
    t.request({ method: 'POST', url, token: doctor.token, payload });

  it('stores a joined subtype as the split one, on create and on change', async () => {
    const joined = await post('/api/patients/diagnostics', {
      patientId: await createPatient(t, doctor),
      ...diagnostic({ dxSubType: 'Other:  LMMC ' }),
    });
    const split = await post('/api/patients/diagnostics', {
      patientId: await createPatient(t, doctor),
      ...diagnostic({ dxSubType: 'Other', subTypeName: 'LMMC' }),
    });
    expect(joined.statusCode).toBe(201);
    expect(joined.json().data.dxSubType).toBe('Other: LMMC');
    expect(split.json().data.dxSubType).toBe('Other: LMMC');
    const changed = await t.request({
      method: 'PATCH',
      url: `/api/patients/diagnostics/${split.json().data.id}`,
      token: doctor.token,
      payload: { dxSubType: 'Other: Sarcoma mieloide' },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data.dxSubType).toBe('Other: Sarcoma mieloide');
  });

  it('stores a joined scheme as the split one', async () => {
    const patientId = await consentedPatient(t, doctor);
    const created = await post('/api/patients/treatments', {
      patientId,
      treatments: [
        treatment({ scheme: 'Other: FLAG' }),
        treatment({ order: 2, scheme: 'Other', schemeName: 'FLAG' }),
      ],
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().data.map((item: { scheme: string }) => item.scheme)).toEqual([
      'Other: FLAG',
      'Other: FLAG',
    ]);
    const upserted = await t.request({
      method: 'PUT',
      url: `/api/patients/treatments/${patientId}`,
      token: doctor.token,
      payload: {
        treatments: [{ ...treatment({ scheme: 'Other: MEC' }), id: created.json().data[0].id, drugs: [] }],
      },
    });
    expect(upserted.json().data[0].scheme).toBe('Other: MEC');
  });

  it('refuses a joined value with no text, or anything else that is not a choice', async () => {
    const patientId = await createPatient(t, doctor);
    for (const dxSubType of ['Other: ', 'Other:   ', 'Otro: algo', 'AML M9']) {
      const res = await post('/api/patients/diagnostics', { patientId, ...diagnostic({ dxSubType }) });
      expect(res.statusCode, dxSubType).toBe(400);
      expect(Object.keys(res.json().fields)).toEqual(['dxSubType']);
    }
  });
});
