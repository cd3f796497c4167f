import type { Notifications, Overview, OverviewFigures, Query } from '../api/schemas.ts';

export const PATIENT_ID = '11111111-1111-4111-8111-111111111111';
const ADMIN_PERSON = { id: '00000000-0000-4000-8000-000000000001', name: 'Coordinación' };
const DOCTOR_PERSON = { id: '00000000-0000-4000-8000-000000000002', name: 'Ana Paz' };

/** An open query on the first diagnostic's relapse date, at version 1. */
export const OPEN_QUERY: Query = {
  id: '22222222-2222-4222-8222-222222222222',
  patientId: PATIENT_ID,
  identification: 'HC-0101',
  field: 'diagnostics.0.relapseDate',
  ruleId: null,
  status: 'open',
  version: 1,
  openedAt: '2026-11-20T10:00:00.000Z',
  openedBy: ADMIN_PERSON,
  updatedAt: '2026-11-20T10:00:00.000Z',
  thread: [
    {
      at: '2026-11-20T10:00:00.000Z',
      by: ADMIN_PERSON,
      kind: 'open',
      text: '¿La recaída es anterior al diagnóstico?',
      corrections: [],
    },
  ],
};

/** The same query answered with a correction of the date, at version 2. */
export const ANSWERED_QUERY: Query = {
  ...OPEN_QUERY,
  status: 'answered',
  version: 2,
  updatedAt: '2026-11-21T09:00:00.000Z',
  thread: [
    ...OPEN_QUERY.thread,
    {
      at: '2026-11-21T09:00:00.000Z',
      by: DOCTOR_PERSON,
      kind: 'answer',
      text: 'Era 2025, corregido.',
      corrections: [{ field: 'diagnostics.0.relapseDate', old: '2024-03-01', new: '2025-03-01' }],
    },
  ],
};

export const DOCTOR_NOTIFICATIONS: Notifications = {
  openQueries: 3,
  answeredQueries: 0,
  followUpsDue: 2,
  total: 5,
  queries: [
    {
      id: OPEN_QUERY.id,
      patientId: PATIENT_ID,
      identification: 'HC-0101',
      field: 'diagnostics.0.relapseDate',
      status: 'open',
      updatedAt: OPEN_QUERY.updatedAt,
    },
  ],
};

function figures(overrides: Partial<OverviewFigures>): OverviewFigures {
  return {
    patients: 10,
    amlPatients: 4,
    completeness: [{ field: 'dxDate', n: 9 }],
    elnInputs: [{ field: 'NPM1', n: 2 }],
    qualityErrors: 3,
    qualityWarnings: 0,
    duplicatesAcrossDoctors: 2,
    openQueries: 2,
    answeredQueries: 1,
    openQueriesMedianDays: 4,
    answeredQueriesMedianDays: null,
    followUpsDue: 5,
    medianDaysToRegistration: 12,
    ...overrides,
  };
}

export const OVERVIEW: Overview = {
  groupBy: 'institution',
  months: 6,
  rows: [
    {
      ...figures({}),
      institution: { id: '33333333-3333-4333-8333-333333333333', code: 'HI', name: 'Hospital Italiano' },
      doctor: null,
    },
  ],
  total: figures({}),
};

export const OVERVIEW_BY_DOCTOR: Overview = {
  ...OVERVIEW,
  groupBy: 'doctor',
  rows: [
    { ...(OVERVIEW.rows[0] as Overview['rows'][number]), doctor: { id: DOCTOR_PERSON.id, name: 'Ana Paz' } },
  ],
};
