import type { User } from '@registry/shared';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createQueryClient, Providers } from '../app/providers.tsx';
import { meQueryKey } from '../lib/session.ts';

/** The admin a screen sees as signed in, unless a test names another user. */
export const TEST_ADMIN: User = {
  id: '00000000-0000-4000-8000-000000000001',
  email: 'admin@registry.test',
  nickname: 'admin',
  createdAt: '2026-01-01T00:00:00.000Z',
  isAdmin: true,
  isActive: true,
  mfaEnabled: false,
  doctor: null,
};

/** A doctor of a hospital, for screens that differ by role. */
export const TEST_DOCTOR_USER: User = {
  id: '00000000-0000-4000-8000-000000000002',
  email: 'ana@hospital.org',
  nickname: 'ana',
  createdAt: '2026-01-01T00:00:00.000Z',
  isAdmin: false,
  isActive: true,
  mfaEnabled: false,
  doctor: {
    id: '00000000-0000-4000-8000-000000000004',
    first_name: 'Ana',
    last_name: 'Paz',
    gender: 'female',
    institution: { id: '00000000-0000-4000-8000-000000000003', name: 'Hospital Italiano', type: 'Hospital' },
    patientsQty: 2,
  },
};

/** Renders a screen inside the app's providers and a memory router, with a signed-in user. */
export function renderScreen(
  element: ReactElement,
  { path = '/', user = TEST_ADMIN }: { path?: string; user?: User | null } = {},
) {
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [path] });
  const queryClient = createQueryClient();
  // The app's rule of when to ask again, without its growing pause (1 s, then 2 s) between tries: a
  // screen's error state is reached as the app reaches it, after the same tries, but at once.
  queryClient.setDefaultOptions({
    ...queryClient.getDefaultOptions(),
    queries: { ...queryClient.getDefaultOptions().queries, retryDelay: 0 },
  });
  if (user) {
    queryClient.setQueryData(meQueryKey, user);
  }
  return {
    router,
    queryClient,
    ...render(
      <Providers queryClient={queryClient} env="test">
        <RouterProvider router={router} />
      </Providers>,
    ),
  };
}
