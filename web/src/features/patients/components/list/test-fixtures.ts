import type { PatientRow, User } from '@registry/shared';
import { answer, type RecordedCall, type StubbedApi, stubRoutes } from '../../../../test/fetch-routes.ts';

export const TEST_DOCTOR: User = {
  id: '00000000-0000-4000-8000-000000000002',
  email: 'ana@hospital.org',
  nickname: 'ana',
  createdAt: '2026-01-01T00:00:00.000Z',
  isAdmin: false,
  isActive: true,
  mfaEnabled: false,
  doctor: {
    id: 'd0000000-0000-4000-8000-000000000001',
    first_name: 'Ana',
    last_name: 'Paz',
    gender: 'female',
    institution: { id: '00000000-0000-4000-8000-000000000003', name: 'Hospital Italiano', type: 'Hospital' },
    patientsQty: 2,
  },
};

export const LONG_NGS = `FLT3-ITD positivo con carga alélica alta; NPM1 mutado tipo A; DNMT3A R882H; ${'x'.repeat(60)} fin`;

export const rows: PatientRow[] = [
  {
    id: '10000000-0000-4000-8000-000000000001',
    identification: 'HC-0001',
    codeOP: 12,
    ngs: LONG_NGS,
    ngsOp: 'Informe OP',
    molecular: 'NPM1 mutado',
    deathDate: '2024-09-10',
    createdAt: '2024-03-05T12:00:00.000Z',
    institution: { name: 'Hospital Italiano', code: 'HI' },
    diagnostics: [{ dxSubType: 'AML M2', dxSecondary: 'Inicial', relapse: true }],
    eln2022: 'insufficient',
    eln2024: 'intermediate',
    qualityErrors: 1,
    qualityWarnings: 2,
  },
  {
    id: '10000000-0000-4000-8000-000000000002',
    identification: 'HC-0002',
    codeOP: null,
    ngs: null,
    ngsOp: null,
    molecular: null,
    deathDate: null,
    createdAt: '2025-07-21T12:00:00.000Z',
    institution: { name: 'Biobanco', code: 'BB' },
    diagnostics: [{ dxSubType: 'Other: LMMC', dxSecondary: 'Secundario', relapse: false }],
    eln2022: 'not_applicable',
    eln2024: 'not_applicable',
    qualityErrors: 0,
    qualityWarnings: 0,
  },
];

/** What a doctor gets: the admin-only fields are absent. */
export const doctorRows: PatientRow[] = rows.map(({ codeOP: _c, ngsOp: _n, ...row }) => row);

export const page = (data: PatientRow[], currentPage = 0, totalPages = 1) =>
  answer(200, { data, currentPage, totalPages, totalItems: data.length + currentPage * 10 });

/** The query of each GET /api/patients/list call, in order. */
export function listCalls(api: StubbedApi): Readonly<Record<string, string>>[] {
  return api.to('GET /api/patients/list').map((call) => call.query);
}

export const codes = () =>
  answer(200, {
    data: [
      { code: 'BB', name: 'Biobanco' },
      { code: 'HI', name: 'Hospital Italiano' },
    ],
  });

/** The list screen's API: the institutions' codes, and the list as `list` answers it. */
export function stubListApi(list: (call: RecordedCall) => Response = () => page(rows)): StubbedApi {
  return stubRoutes({
    'GET /api/institutions/codes': codes,
    'GET /api/patients/list': list,
  });
}
