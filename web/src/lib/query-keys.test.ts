import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import {
  bulkCountQueryKey,
  invalidatePatientData,
  invalidateQueryData,
  notificationsQueryKey,
  outcomesQueryKey,
  patientListQueryKey,
  patientQueryKey,
  qualityOverviewQueryKey,
  qualityRulesQueryKey,
  queriesQueryKey,
} from './query-keys.ts';

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';

/**
 * A cache holding a page of the list, two patients with a history page, the outcomes, what data quality
 * reads (the coordinator's view, the notifications, the queries, a rule's count, the rules) and an
 * unrelated query.
 */
function seeded() {
  const queryClient = new QueryClient();
  const keys = {
    list: [...patientListQueryKey, { page: 0 }],
    a: patientQueryKey(A),
    aHistory: [...patientQueryKey(A), 'history', 0],
    b: patientQueryKey(B),
    summary: [...outcomesQueryKey, 'summary', {}],
    followUp: [...outcomesQueryKey, 'follow-up-due', { page: 0 }],
    overview: [...qualityOverviewQueryKey, { groupBy: 'institution' }],
    notifications: notificationsQueryKey,
    queries: [...queriesQueryKey, { patientId: A, size: 1000 }],
    bulkCount: [...bulkCountQueryKey, 'possibleDuplicate'],
    rules: qualityRulesQueryKey,
    users: ['users', 'list'],
  } as const;
  for (const key of Object.values(keys)) {
    queryClient.setQueryData(key, { seeded: true });
  }
  const stale = () =>
    Object.fromEntries(
      Object.entries(keys).map(([name, key]) => [name, queryClient.getQueryState(key)?.isInvalidated]),
    );
  return { queryClient, stale };
}

/** Nothing stale: each test names what its call marks. */
const FRESH = {
  list: false,
  a: false,
  aHistory: false,
  b: false,
  summary: false,
  followUp: false,
  overview: false,
  notifications: false,
  queries: false,
  bulkCount: false,
  rules: false,
  users: false,
};

/** What a write to any patient makes stale: everything counted over many patients. */
const OVER_PATIENTS = {
  list: true,
  summary: true,
  followUp: true,
  overview: true,
  notifications: true,
  queries: true,
  bulkCount: true,
};

describe('invalidatePatientData', () => {
  it("marks the patient's file and history, the list, the outcomes and what data quality counts stale, and nothing else", async () => {
    const { queryClient, stale } = seeded();
    await invalidatePatientData(queryClient, A);
    expect(stale()).toEqual({ ...FRESH, ...OVER_PATIENTS, a: true, aHistory: true });
  });

  it('without a patient (one just created) marks the list, the outcomes and what data quality counts stale', async () => {
    const { queryClient, stale } = seeded();
    await invalidatePatientData(queryClient);
    expect(stale()).toEqual({ ...FRESH, ...OVER_PATIENTS });
  });
});

describe('invalidateQueryData', () => {
  it("marks the queries, the notifications, the coordinator's view, a rule's count and the list (its query filter) stale", async () => {
    const { queryClient, stale } = seeded();
    await invalidateQueryData(queryClient);
    expect(stale()).toEqual({
      ...FRESH,
      list: true,
      overview: true,
      notifications: true,
      queries: true,
      bulkCount: true,
    });
  });
});
