import type { Patient, User } from '@registry/shared';
import type { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createQueryClient, Providers } from '../../../app/providers.tsx';
import {
  notificationsQueryKey,
  outcomesQueryKey,
  patientListQueryKey,
  qualityOverviewQueryKey,
} from '../../../lib/query-keys.ts';
import { meQueryKey } from '../../../lib/session.ts';
import { answer, type RecordedCall, refusal, stubRoutes } from '../../../test/fetch-routes.ts';
import { TEST_ADMIN } from '../../../test/render.tsx';
import { PatientWizard } from './components/patient-wizard.tsx';

export const PATIENT_ID = '11111111-1111-4111-8111-111111111111';
const HOSPITAL = {
  id: '22222222-2222-4222-8222-222222222222',
  name: 'Hospital Italiano',
  type: 'Hospital',
} as const;
const BIOBANK = {
  id: '33333333-3333-4333-8333-333333333333',
  name: 'Biobanco Central',
  type: 'BioBanco',
} as const;

const doctorUser = (institution: typeof HOSPITAL | typeof BIOBANK): User => ({
  id: '44444444-4444-4444-8444-444444444444',
  email: 'dra@hospital.test',
  nickname: 'dra',
  createdAt: '2026-01-01T00:00:00.000Z',
  isAdmin: false,
  isActive: true,
  mfaEnabled: false,
  doctor: {
    id: 'd0000000-0000-4000-8000-000000000006',
    first_name: 'Lucía',
    last_name: 'Paz',
    gender: 'female',
    institution,
    patientsQty: 1,
  },
});
export const DOCTOR = doctorUser(HOSPITAL);
export const BIOBANK_DOCTOR = doctorUser(BIOBANK);
export const ADMIN = TEST_ADMIN;

/** A patient as `GET /api/patients/{id}` answers it, at version 3. */
export function makePatient(overrides: Partial<Patient> = {}, biobank = false): Patient {
  const institution = biobank ? BIOBANK : HOSPITAL;
  return {
    id: PATIENT_ID,
    identification: 'P-001',
    version: 3,
    createdAt: '2026-02-01T10:00:00.000Z',
    updatedAt: '2026-02-01T10:00:00.000Z',
    institution: { ...institution, code: biobank ? 'BB' : 'HI' },
    doctor: { id: '55555555-5555-4555-8555-555555555555', first_name: 'Lucía', last_name: 'Paz' },
    demography: {
      birthDate: '1980-03-07',
      gender: 'female',
      ecog: 1,
      app: null,
      age: 46,
      createdAt: '2026-02-01T10:00:00.000Z',
    },
    samples: [],
    diagnostics: [],
    treatments: [],
    reports: [],
    eln2022: { category: 'not_applicable', reasons: [], missing: [], summary: '' },
    eln2024: { category: 'not_applicable', reasons: [], missing: [], summary: '', priorHmaUnknown: false },
    course: { firstCR: null, mrdNegativeInCR: null, inductionFailure: null, transplant: null },
    riskLevel: null,
    deathDate: null,
    deathCause: null,
    lastContactDate: null,
    quality: [],
    ...overrides,
  };
}

/** A consented diagnostic, so that treatments and the lab report are open. */
export const consentedDiagnostic = {
  id: '66666666-6666-4666-8666-666666666666',
  dxDate: '2026-01-10',
  dxSecondary: 'Inicial',
  dxSubType: 'AML M2',
  organsFailures: null,
  patientFit: 'Fit',
  relapse: false,
  relapseDate: null,
  riskLevel: 'Medio',
  consent: true,
  consentDate: '2026-01-11',
  dxSecondaryDescription: null,
  wbcAtDiagnosis: null,
  marrowBlastsAtDiagnosis: null,
  genetics: null,
} as const satisfies Patient['diagnostics'][number];

export interface Call {
  readonly method: string;
  readonly path: string;
  readonly body: unknown;
  readonly ifMatch: string | undefined;
}

type Handler = (call: RecordedCall) => Response | Promise<Response> | undefined;

const asCall = ({ method, path, body, ifMatch }: RecordedCall): Call => ({ method, path, body, ifMatch });

/**
 * The API as the wizard sees it: `GET /api/patients/{id}` answers `state.patient` (change it to simulate
 * a write); `handle` answers the rest, or leaves them to that route and 404. Calls are read as `Call`s.
 */
export function mockApi(state: { patient: Patient }, handle: Handler = () => undefined) {
  const fallback = (call: RecordedCall) =>
    call.method === 'GET' && call.path === `/api/patients/${state.patient.id}`
      ? answer(200, { data: state.patient })
      : refusal(404, 'NOT_FOUND', 'No se encontró lo que busca.');
  const api = stubRoutes({ '*': async (call) => (await handle(call)) ?? fallback(call) });
  return { calls: api.calls, writes: () => api.writes().map(asCall) };
}

/** The wizard at `path` inside the app's providers, signed in as `user`. */
export function renderWizard(path: string, user: User = DOCTOR) {
  const router = createMemoryRouter(
    [
      { path: '/new-patient/:step?', element: <PatientWizard /> },
      { path: '/edit-patient/:patientId/:step?', element: <PatientWizard /> },
      { path: '/patient/:patientId', element: <p>patient file</p> },
      { path: '/patients', element: <p>patient list</p> },
    ],
    { initialEntries: [path] },
  );
  const queryClient = createQueryClient();
  queryClient.setQueryData(meQueryKey, user);
  const { unmount } = render(
    <Providers queryClient={queryClient} env="test">
      <RouterProvider router={router} />
    </Providers>,
  );
  return { router, queryClient, unmount };
}

/**
 * Puts a page of the patient list, an outcome, the coordinator's view and the menu's notifications in the
 * cache, as if the user had seen them before opening the wizard; answers which of them are now marked to
 * be read again.
 */
export function seedCohortQueries(queryClient: QueryClient) {
  const keys = {
    list: [...patientListQueryKey, { page: 0 }],
    outcomes: [...outcomesQueryKey, 'summary', {}],
    overview: [...qualityOverviewQueryKey, { groupBy: 'institution' }],
    notifications: notificationsQueryKey,
  };
  for (const key of Object.values(keys)) {
    queryClient.setQueryData(key, { seeded: true });
  }
  return () =>
    Object.fromEntries(
      Object.entries(keys).map(([name, key]) => [name, queryClient.getQueryState(key)?.isInvalidated]),
    );
}

/** The form of the step, once the patient is read. */
export async function stepForm(name: string) {
  return screen.findByRole('form', { name });
}

/** Picks today in the calendar of the date field labelled `label` (no later day can be picked). */
export async function pickToday(label: string | RegExp) {
  await userEvent.click(screen.getByRole('textbox', { name: label }));
  const today = dayjs().locale('es').format('D MMMM YYYY');
  await userEvent.click(await screen.findByRole('button', { name: today, hidden: true }));
}

/** Chooses an option of a Select (jsdom never ends the dropdown's transition: options count as hidden). */
export async function choose(label: string | RegExp, option: string, scope: HTMLElement = document.body) {
  const box = within(scope).getByRole('combobox', { name: label });
  await userEvent.click(box);
  const listbox = await waitFor(() => {
    const found = document.getElementById(box.getAttribute('aria-controls') ?? '');
    if (!found) {
      throw new Error(`no options for ${String(label)}`);
    }
    return found;
  });
  await userEvent.click(within(listbox).getByRole('option', { name: option, hidden: true }));
}
