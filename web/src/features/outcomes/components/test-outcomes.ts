import type { EarlyDeath, FollowUpRow, Incidence, ResponseRates, Summary, Survival } from '@registry/shared';
import { type RecordedCall, stubRoutes } from '../../../test/fetch-routes.ts';
import type { Curve, Outcome } from './curves.ts';

/** One curve of an outcome, for tests that know it is there. */
export function curveOf(outcome: Outcome, index: number): Curve {
  const curve = outcome.curves[index];
  if (!curve) {
    throw new Error(`No curve ${index}`);
  }
  return curve;
}

/** Overall survival by subtype: AML M2 with a median and a 95% interval open above, ALL-B not reached. */
export const SURVIVAL: Survival = {
  endpoint: 'os',
  groupBy: 'subtype',
  landmark: null,
  excluded: { noDiagnosisDate: 2, noResponseDate: 0, beforeLandmark: 0 },
  groups: [
    {
      key: 'AML M2',
      n: 4,
      events: 2,
      median: 400,
      medianLower: 200,
      medianUpper: null,
      steps: [
        { time: 0, atRisk: 4, events: 0, censored: 1, survival: 1, lower: 1, upper: 1 },
        { time: 200, atRisk: 3, events: 1, censored: 0, survival: 2 / 3, lower: 0.3, upper: 1 },
        { time: 400, atRisk: 2, events: 1, censored: 0, survival: 1 / 3, lower: 0.1, upper: 0.9 },
        { time: 800, atRisk: 1, events: 0, censored: 1, survival: 1 / 3, lower: 0.1, upper: 0.9 },
      ],
    },
    {
      key: 'ALL-B',
      n: 3,
      events: 0,
      median: null,
      medianLower: null,
      medianUpper: null,
      steps: [
        { time: 100, atRisk: 3, events: 0, censored: 1, survival: 1, lower: 1, upper: 1 },
        { time: 500, atRisk: 2, events: 0, censored: 2, survival: 1, lower: 1, upper: 1 },
      ],
    },
  ],
  logRank: { chisq: 4.6, df: 1, p: 0.032 },
  noLogRank: null,
};

/** The incidence of relapse in one group, with the non-relapse mortality beside it. */
export const INCIDENCE: Incidence = {
  groupBy: 'none',
  from: 'diagnosis',
  excluded: { noDiagnosisDate: 0, noResponseDate: 0, beforeLandmark: 0 },
  groups: [
    {
      key: null,
      n: 5,
      relapses: 2,
      competingDeaths: 1,
      steps: [
        {
          time: 90,
          atRisk: 5,
          relapses: 1,
          deaths: 0,
          censored: 0,
          incidence: 0.2,
          incidenceLower: 0.03,
          incidenceUpper: 0.5,
          nrm: 0,
          nrmLower: null,
          nrmUpper: null,
        },
        {
          time: 300,
          atRisk: 4,
          relapses: 0,
          deaths: 1,
          censored: 0,
          incidence: 0.2,
          incidenceLower: 0.03,
          incidenceUpper: 0.5,
          nrm: 0.2,
          nrmLower: 0.03,
          nrmUpper: 0.5,
        },
        {
          time: 700,
          atRisk: 3,
          relapses: 1,
          deaths: 0,
          censored: 2,
          incidence: 0.4,
          incidenceLower: 0.1,
          incidenceUpper: 0.7,
          nrm: 0.2,
          nrmLower: 0.03,
          nrmUpper: 0.5,
        },
      ],
    },
  ],
  grayTest: null,
  grayTestNrm: null,
};

/** The response to the first line by age band. */
export const RESPONSE: ResponseRates = {
  groupBy: 'ageBand',
  groups: [
    {
      key: '<40',
      assessed: 10,
      cr: 6,
      crh: 1,
      cri: 1,
      crc: 8,
      rate: 0.8,
      rateLower: 0.444,
      rateUpper: 0.975,
      mrdNegative: 5,
    },
    {
      key: '>=60',
      assessed: 4,
      cr: 1,
      crh: 0,
      cri: 0,
      crc: 1,
      rate: 0.25,
      rateLower: 0.0063,
      rateUpper: 0.8059,
      mrdNegative: 0,
    },
  ],
};

/** Deaths within 30 and 60 days by age band. */
export const EARLY_DEATH: EarlyDeath = {
  groupBy: 'ageBand',
  excluded: { noDiagnosisDate: 0 },
  groups: [
    { key: '<40', days: 30, n: 20, deaths: 1, proportion: 0.05, lower: 0.0013, upper: 0.2487 },
    { key: '<40', days: 60, n: 19, deaths: 2, proportion: 0.1053, lower: 0.013, upper: 0.3314 },
    { key: '>=60', days: 30, n: 8, deaths: 2, proportion: 0.25, lower: 0.0319, upper: 0.6509 },
    { key: '>=60', days: 60, n: 8, deaths: 3, proportion: 0.375, lower: 0.0852, upper: 0.7551 },
  ],
};

export const SUMMARY: Summary = {
  patients: 40,
  bySubtype: [
    { key: 'AML M2', n: 25 },
    { key: null, n: 15 },
  ],
  byDx: [{ key: 'Inicial', n: 40 }],
  byInstitution: [{ key: 'HI', n: 40 }],
  byDxYear: [
    { key: 2024, n: 30 },
    { key: 2025, n: 10 },
  ],
  byRiskLevel: [{ key: 'Alto', n: 40 }],
  byEln2022: [
    { key: 'favorable', n: 10 },
    { key: 'insufficient', n: 15 },
    { key: 'not_applicable', n: 15 },
  ],
  byEln2024: [
    { key: 'intermediate', n: 5 },
    { key: 'not_applicable', n: 35 },
  ],
  relapses: 7,
  deaths: 5,
  followUp: { median: 365.25, lower: 300, upper: null },
  completeness: [
    { field: 'dxDate', n: 40 },
    { field: 'ngs', n: 10 },
    { field: 'lastContactDate', n: 0 },
  ],
};

export const DUE: FollowUpRow[] = [
  {
    id: '30000000-0000-4000-8000-000000000001',
    identification: 'HC-0101',
    lastKnownAlive: '2024-01-15',
    doctor: { id: '30000000-0000-4000-8000-000000000009', first_name: 'Ana', last_name: 'Paz' },
  },
  {
    id: '30000000-0000-4000-8000-000000000002',
    identification: 'HC-0102',
    lastKnownAlive: null,
    doctor: { id: '30000000-0000-4000-8000-000000000009', first_name: 'Ana', last_name: 'Paz' },
  },
];

type Handler = (query: Readonly<Record<string, string>>) => Response | Promise<Response>;

/**
 * The outcomes calls, by path: each handler answers a GET from its query; `to` reads the queries a path
 * was called with, in order. Anything else answers 404.
 */
export function stubOutcomes(handlers: Record<string, Handler>) {
  const api = stubRoutes(
    Object.fromEntries(
      Object.entries(handlers).map(([path, handler]) => [
        `GET ${path}`,
        ({ query }: RecordedCall) => handler(query),
      ]),
    ),
  );
  return { to: (path: string) => api.to(`GET ${path}`).map((call) => call.query) };
}
