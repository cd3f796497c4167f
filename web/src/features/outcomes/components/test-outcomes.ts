import type { FollowUpRow, Incidence, Summary, Survival } from '@registry/shared';
import { vi } from 'vitest';
import { answer } from '../../../test/fetch-routes.ts';
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
  excluded: { noDiagnosisDate: 2 },
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
};

/** The incidence of relapse in one group. */
export const INCIDENCE: Incidence = {
  groupBy: 'none',
  excluded: { noDiagnosisDate: 0 },
  groups: [
    {
      key: null,
      n: 5,
      relapses: 2,
      competingDeaths: 1,
      steps: [
        { time: 90, atRisk: 5, relapses: 1, deaths: 0, censored: 0, incidence: 0.2 },
        { time: 300, atRisk: 4, relapses: 0, deaths: 1, censored: 0, incidence: 0.2 },
        { time: 700, atRisk: 3, relapses: 1, deaths: 0, censored: 2, incidence: 0.4 },
      ],
    },
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

export const duePage = (rows: FollowUpRow[], totalItems = rows.length, currentPage = 0, totalPages = 1) =>
  answer(200, { data: rows, currentPage, totalPages, totalItems });

type Handler = (query: Record<string, string>) => Response | Promise<Response>;

/**
 * Stubs fetch for the outcomes calls, by path; each call is recorded with its query. Anything else
 * answers 404.
 */
export function stubOutcomes(handlers: Record<string, Handler>) {
  const calls: { path: string; query: Record<string, string> }[] = [];
  const fetch = vi.fn(async (url: string) => {
    const parsed = new URL(url, 'http://registry.test');
    const query = Object.fromEntries(parsed.searchParams);
    calls.push({ path: parsed.pathname, query });
    const handler = handlers[parsed.pathname];
    return handler
      ? handler(query)
      : answer(404, { statusCode: 404, error: 'Not Found', message: 'Not found.', code: 'NOT_FOUND' });
  });
  vi.stubGlobal('fetch', fetch);
  return {
    calls,
    to: (path: string) => calls.filter((call) => call.path === path).map((call) => call.query),
  };
}
