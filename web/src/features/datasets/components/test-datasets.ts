import type { Dataset } from '@registry/shared';

/** A ready de-identified dataset of the AML patients, as `GET /api/datasets/{id}` answers it. */
export const READY: Dataset = {
  id: '6f1c2a3b-4d5e-4f60-8a71-92b3c4d5e6f7',
  status: 'ready',
  progress: { done: 120, total: 120 },
  createdAt: '2026-11-20T14:05:00.000Z',
  finishedAt: '2026-11-20T14:05:09.000Z',
  requestedBy: { id: '00000000-0000-4000-8000-000000000001', email: 'admin@registry.test' },
  purpose: 'Supervivencia global de la LMA por ELN 2022',
  filters: { subtype: 'AML M2', relapse: 'true' },
  identified: false,
  dates: 'intervals',
  studyKey: 'LMA-2027',
  freeText: false,
  language: 'es',
  rows: { patients: 120, treatments: 310, drugs: 720, responses: 290, markers: 1400 },
  size: 1_234_567,
  sha256: 'ab12cd34ef56ab12cd34ef56ab12cd34ef56ab12cd34ef56ab12cd34ef56ab12',
  smallestGroup: 6,
  error: null,
};

/** An identified dataset of every patient, being built: 40 of 100 patients written. */
export const BUILDING: Dataset = {
  ...READY,
  id: '7f1c2a3b-4d5e-4f60-8a71-92b3c4d5e6f8',
  status: 'building',
  progress: { done: 40, total: 100 },
  finishedAt: null,
  purpose: 'Auditoría de los trasplantes con la historia clínica',
  filters: {},
  identified: true,
  freeText: true,
  studyKey: 'TRASPLANTES',
  language: 'en',
  rows: null,
  size: null,
  sha256: null,
  smallestGroup: null,
};
