import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { type Caller, newDoctor } from '../../test/patients.ts';

/**
 * The outcomes by white-cell count at diagnosis (`groupBy=wbc`, shared `WBC_BANDS`), checked by hand on
 * six patients diagnosed on 2020-01-01: each band's edge on either side, and Kaplan–Meier curves short
 * enough to follow step by step.
 */
const COHORT = [
  // [identification, WBC ×10⁹/L, death date, last contact]: the band, and the days to the event.
  ['W-1', 29.99, '2020-04-10', null], // <30, dies on day 100
  ['W-2', 5, null, '2020-07-19'], // <30, alive on day 200
  ['W-3', 30, '2020-02-20', null], // 30–<100, dies on day 50
  ['W-4', 99.99, '2020-05-30', null], // 30–<100, dies on day 150
  ['W-5', 100, '2020-01-11', null], // ≥100, dies on day 10
  ['W-6', null, null, '2020-10-27'], // no count, alive on day 300
] as const;

describe('outcomes by white-cell count at diagnosis', () => {
  let t: TestApp;
  let doctor: Caller;

  beforeAll(async () => {
    t = await buildTestApp();
    doctor = await newDoctor(t);
    const send = async (method: 'POST' | 'PATCH', url: string, payload: object) => {
      const res = await t.request({ method, url, token: doctor.token, payload });
      expect(res.statusCode, res.body).toBeLessThan(300);
      return res.json().data;
    };
    for (const [identification, wbcAtDiagnosis, deathDate, lastContactDate] of COHORT) {
      const { id } = await send('POST', '/api/patients', {
        identification,
        demography: { birthDate: '1960-01-01', gender: 'female' },
      });
      await send('POST', '/api/patients/diagnostics', {
        patientId: id,
        dxDate: '2020-01-01',
        dxSubType: 'AML M2',
        wbcAtDiagnosis,
        consent: true,
        consentDate: '2020-01-01',
      });
      await send('PATCH', `/api/patients/${id}`, deathDate ? { deathDate } : { lastContactDate });
    }
  });
  afterAll(() => t.close());

  const survival = async (query: string) => {
    const res = await t.request({
      method: 'GET',
      url: `/api/outcomes/survival?${query}`,
      token: doctor.token,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };

  it('splits at 30 and 100 ×10⁹/L, from the lowest band, the patients without a count last', async () => {
    const answer = await survival('groupBy=wbc');
    expect(
      answer.groups.map(({ key, n, events }: { key: string; n: number; events: number }) => [key, n, events]),
    ).toEqual([
      ['<30', 2, 1],
      ['30-<100', 2, 2],
      ['>=100', 1, 1],
      [null, 1, 0],
    ]);
  });

  it('draws each band’s curve as Kaplan–Meier does by hand', async () => {
    const answer = await survival('groupBy=wbc');
    const steps = (key: string | null) =>
      answer.groups
        .find((group: { key: string | null }) => group.key === key)
        .steps.map(({ time, atRisk, events, survival: s }: Record<string, number>) => [
          time,
          atRisk,
          events,
          s,
        ]);
    // Under 30: one death of two at day 100 (1/2), then the other censored at day 200.
    expect(steps('<30')).toEqual([
      [100, 2, 1, 0.5],
      [200, 1, 0, 0.5],
    ]);
    // 30 to under 100: a death at day 50 (1/2), the other at day 150 (0).
    expect(steps('30-<100')).toEqual([
      [50, 2, 1, 0.5],
      [150, 1, 1, 0],
    ]);
    expect(steps('>=100')).toEqual([[10, 1, 1, 0]]);
  });
});
