import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../lib/i18n.ts';
import { STORAGE_KEYS } from '../lib/storage.ts';
import { createQueryClient, Providers } from './providers.tsx';
import { RouteError } from './route-error.tsx';

function Broken({ error }: { readonly error: Error }): never {
  throw error;
}

function renderFailing(error: Error) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>start</p> },
      { path: '/broken', element: <Broken error={error} />, errorElement: <RouteError /> },
    ],
    { initialEntries: ['/', '/broken'], initialIndex: 1 },
  );
  render(
    <Providers queryClient={createQueryClient()} env="test">
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

describe('the error screen', () => {
  afterEach(() => {
    sessionStorage.clear();
  });

  it('tells an unexpected error in Spanish, with reload and back actions that work', async () => {
    await i18n.changeLanguage('es');
    const router = renderFailing(new Error('Cannot read properties of undefined'));
    expect(await screen.findByRole('heading', { name: 'Algo salió mal' })).toBeInTheDocument();
    expect(screen.getByText(/Ocurrió un error inesperado/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Recargar' })).toBeInTheDocument();
    screen.getByRole('button', { name: 'Volver' }).click();
    expect(await screen.findByText('start')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('tells an unexpected error in English', async () => {
    await i18n.changeLanguage('en');
    renderFailing(new Error('boom'));
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go back' })).toBeInTheDocument();
  });

  it('says a new version was installed when a screen file is still missing after the reload', async () => {
    await i18n.changeLanguage('en');
    // The page was reloaded for this a moment ago: no second reload, the screen explains instead.
    sessionStorage.setItem(STORAGE_KEYS.reloadedForNewVersion, String(Date.now()));
    renderFailing(new TypeError('Failed to fetch dynamically imported module: /assets/users-page-x.js'));
    expect(await screen.findByText(/A new version of the registry was installed/)).toBeInTheDocument();
  });
});
