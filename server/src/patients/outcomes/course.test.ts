import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectClose } from '../../test/expect-close.ts';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { type Caller, newAdmin, newDoctor } from '../../test/patients.ts';

/**
 * The endpoints from remission and the comparisons of groups (CONTRACT §11, §12) on a cohort created
 * through the API (fixtures/course-cohort.csv), against what R answers for the same patients:
 * fixtures/course-cohort.json, written by fixtures/course-cohort.R from the contract's definitions.
 */
const here = path.dirname(new URL(import.meta.url).pathname);
const fixture = JSON.parse(readFileSync(path.join(here, 'fixtures', 'course-cohort.json'), 'utf8'));
const rows = parse(readFileSync(path.join(here, 'fixtures', 'course-cohort.csv')), {
  columns: true,
  cast: (value) => (value === '' ? null : value),
}) as Record<string, string | null>[];

describe('endpoints from remission and comparisons of groups, against R', () => {
  let t: TestApp;
  let admin: Caller;
  let doctor: Caller;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await newAdmin(t);
    doctor = await newDoctor(t);
    const send = async (method: 'POST' | 'PATCH', url: string, payload: object) => {
      const res = await t.request({ method, url, token: doctor.token, payload });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
      return res.json();
    };
    for (const row of rows) {
      const id = (
        await send('POST', '/api/patients', {
          identification: row.identification,
          demography: { birthDate: row.birthDate, gender: row.gender },
        })
      ).data.id as string;
      if (!row.dxDate) {
        continue;
      }
      await send('POST', '/api/patients/diagnostics', {
        patientId: id,
        dxDate: row.dxDate,
        dxSubType: 'AML',
        patientFit: row.patientFit,
        relapse: row.relapseDate !== null,
        relapseDate: row.relapseDate,
        consent: true,
        consentDate: row.dxDate,
      });
      const treatments: object[] = [
        {
          order: 1,
          scheme: row.scheme,
          startDate: row.startDate,
          diseaseAssessment: row.response,
          diseaseAssessmentDate: row.responseDate,
          EMRStatus: row.mrd,
          EMRDate: row.mrdDate,
        },
      ];
      if (row.scheme2) {
        treatments.push({
          order: 2,
          scheme: row.scheme2,
          startDate: row.start2,
          diseaseAssessment: row.response2,
          diseaseAssessmentDate: row.responseDate2,
        });
      }
      await send('POST', '/api/patients/treatments', { patientId: id, treatments });
      if (row.deathDate || row.lastContactDate) {
        await send('PATCH', `/api/patients/${id}`, {
          ...(row.deathDate ? { deathDate: row.deathDate } : {}),
          ...(row.lastContactDate ? { lastContactDate: row.lastContactDate } : {}),
        });
      }
    }
    // About 120 writes through the API: more than a hook's minute when the machine is busy.
  }, 180_000);
  afterAll(() => t.close());

  const get = async (url: string, caller = doctor) => {
    const res = await t.request({ method: 'GET', url, token: caller.token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const curvesOf = (answer: { groups: unknown[]; logRank: unknown }) => ({
    groups: answer.groups,
    logRank: answer.logRank,
  });

  it('gives event-free survival by first-line scheme, induction failures at time 0, as R does', async () => {
    const answer = await get('/api/outcomes/survival?endpoint=efs&groupBy=scheme');
    expectClose(curvesOf(answer), fixture.efs, 'efs');
    expect(answer.excluded).toEqual({ noDiagnosisDate: 1, noResponseDate: 0, beforeLandmark: 0 });
  });

  it('gives relapse-free survival from the first CR, leaving out and counting an undated CR', async () => {
    const answer = await get('/api/outcomes/survival?endpoint=rfsCR&groupBy=scheme');
    expectClose(curvesOf(answer), { groups: fixture.rfsCR.groups, logRank: fixture.rfsCR.logRank }, 'rfsCR');
    expect(answer.excluded.noResponseDate).toBe(fixture.rfsCR.noResponseDate);
  });

  it('keeps the patients at risk at a landmark and counts from it', async () => {
    const answer = await get('/api/outcomes/survival?endpoint=os&groupBy=scheme&landmark=100');
    expect(answer.landmark).toBe(100);
    expectClose(
      curvesOf(answer),
      { groups: fixture.osLandmark.groups, logRank: fixture.osLandmark.logRank },
      'os at 100',
    );
    expect(answer.excluded.beforeLandmark).toBe(fixture.osLandmark.beforeLandmark);
  });

  it('groups by transplant: allogeneic, autologous, none', async () => {
    expectClose(
      curvesOf(await get('/api/outcomes/survival?endpoint=os&groupBy=transplant')),
      fixture.osByTransplant,
    );
  });

  it('gives the incidence of relapse from the first CR with non-relapse mortality and their intervals', async () => {
    const answer = await get('/api/outcomes/relapse-incidence?from=cr');
    expect(answer.from).toBe('cr');
    expect(answer.excluded.noResponseDate).toBe(fixture.incidenceFromCR.noResponseDate);
    expect(answer.groups[0].n).toBe(fixture.incidenceFromCR.n);
    const expected = fixture.incidenceFromCR.steps.map((step: Record<string, unknown>) => {
      const { events, competing, ...rest } = step;
      return { ...rest, relapses: events, deaths: competing };
    });
    expectClose(answer.groups[0].steps, expected, 'incidence from CR');
    expect(answer.grayTest).toBeNull();
  });

  it("tests relapse and non-relapse mortality between groups as cmprsk's Gray test", async () => {
    const answer = await get('/api/outcomes/relapse-incidence?groupBy=scheme');
    expectClose(answer.grayTest, fixture.grayTest, 'gray relapse');
    expectClose(answer.grayTestNrm, fixture.grayTestNrm, 'gray nrm');
  });

  it('gives the response to the first line with exact intervals, as binom.test', async () => {
    expectClose((await get('/api/outcomes/response?groupBy=scheme')).groups, fixture.response, 'response');
  });

  it('gives deaths within 30 and 60 days of the diagnosis with exact intervals', async () => {
    const answer = await get('/api/outcomes/early-death?groupBy=scheme');
    expectClose(answer.groups, fixture.earlyDeath, 'early death');
    expect(answer.excluded).toEqual({ noDiagnosisDate: 1 });
    expect(
      (await get('/api/outcomes/early-death?days=90')).groups.map((g: { days: number }) => g.days),
    ).toEqual([90]);
  });

  it('fits a Cox model of overall survival on fitness, adjusted for age and sex, as coxph and cox.zph', async () => {
    const answer = await get('/api/outcomes/cox?endpoint=os&groupBy=patientFit&adjust=age,gender');
    expectModel(answer, fixture.cox);
    expect(
      answer.terms.map((term: { term: string; level: string | null }) => [term.term, term.level]),
    ).toEqual([
      ['patientFit', 'Unfit'],
      ['age', null],
      ['gender', 'male'],
    ]);
    expect(answer.terms[0].reference).toBe('Fit');
    const { name: _name, ...first } = fixture.cox.terms[0];
    expectClose(answer.terms[0], first, 'fit');
  });

  it('fits a model of factors alone as coxph and cox.zph', async () => {
    expectModel(
      await get('/api/outcomes/cox?endpoint=os&groupBy=patientFit&adjust=gender'),
      fixture.coxFactors,
    );
  });

  it('answers 422 where R calls an estimate infinite, and 400 for an unknown covariate', async () => {
    expect(fixture.coxBySchemeInfinite).toBe(true);
    const res = await t.request({
      method: 'GET',
      url: '/api/outcomes/cox?groupBy=scheme',
      token: doctor.token,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'MODEL_NOT_FITTED', fields: { model: expect.any(String) } });
    // Every patient here is an AML: a grouping by subtype has nothing to compare, and says so in words.
    const single = await t.request({
      method: 'GET',
      url: '/api/outcomes/cox?groupBy=subtype&adjust=age',
      token: doctor.token,
      headers: { 'accept-language': 'en' },
    });
    expect(single.statusCode).toBe(422);
    expect(single.json().fields.model).toMatch(/single value in this cohort/);
    const bad = await t.request({
      method: 'GET',
      url: '/api/outcomes/cox?adjust=age,shoeSize',
      token: doctor.token,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('shows a doctor their own patients only, and an admin everyone', async () => {
    const stranger = await newDoctor(t);
    // No patient at all: a model without events, not a server error.
    const empty = await t.request({
      method: 'GET',
      url: '/api/outcomes/cox?adjust=age',
      token: stranger.token,
    });
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toMatchObject({ code: 'MODEL_NOT_FITTED' });
    expect((await get('/api/outcomes/response?groupBy=none', stranger)).groups).toEqual([]);
    const all = await get('/api/outcomes/response', admin);
    expect(all.groups[0].assessed).toBe(
      fixture.response.reduce((n: number, g: { assessed: number }) => n + g.assessed, 0),
    );
  });
});

interface CoxSummary {
  readonly n: number;
  readonly events: number;
  readonly terms: Record<string, unknown>[];
  readonly tests: unknown;
  readonly proportionalHazards: unknown;
}

/** A Cox answer against R's summary of the same model: its patients, events, coefficients, tests and cox.zph. */
function expectModel(answer: CoxSummary, expected: CoxSummary) {
  expect([answer.n, answer.events]).toEqual([expected.n, expected.events]);
  expectClose(
    answer.terms.map(({ term: _t, level: _l, reference: _r, ...numbers }) => numbers),
    expected.terms.map(({ name: _n, ...numbers }: Record<string, unknown>) => numbers),
    'terms',
  );
  expectClose(answer.tests, expected.tests, 'tests');
  expectClose(answer.proportionalHazards, expected.proportionalHazards, 'cox.zph');
}
