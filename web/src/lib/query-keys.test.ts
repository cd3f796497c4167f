import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import {
  invalidatePatientData,
  outcomesQueryKey,
  patientListQueryKey,
  patientQueryKey,
} from './query-keys.ts';

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';

/** A cache holding a page of the list, two patients with a history page, the outcomes and an unrelated query. */
function seeded() {
  const queryClient = new QueryClient();
  const keys = {
    list: [...patientListQueryKey, { page: 0 }],
    a: patientQueryKey(A),
    aHistory: [...patientQueryKey(A), 'history', 0],
    b: patientQueryKey(B),
    summary: [...outcomesQueryKey, 'summary', {}],
    followUp: [...outcomesQueryKey, 'follow-up-due', { page: 0 }],
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

describe('invalidatePatientData', () => {
  it("marks the patient's file and history, the list and the outcomes stale, and nothing else", async () => {
    const { queryClient, stale } = seeded();
    await invalidatePatientData(queryClient, A);
    expect(stale()).toEqual({
      list: true,
      a: true,
      aHistory: true,
      b: false,
      summary: true,
      followUp: true,
      users: false,
    });
  });

  it('without a patient (one just created) marks the list and the outcomes stale', async () => {
    const { queryClient, stale } = seeded();
    await invalidatePatientData(queryClient);
    expect(stale()).toEqual({
      list: true,
      a: false,
      aHistory: false,
      b: false,
      summary: true,
      followUp: true,
      users: false,
    });
  });
});
