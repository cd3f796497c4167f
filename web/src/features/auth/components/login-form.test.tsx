import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { renderScreen } from '../../../test/render.tsx';
import { LoginForm } from './login-form.tsx';

function answer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

describe('LoginForm', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('es');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('asks for the email and the password before sending anything', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderScreen(<LoginForm />, { user: null });
    await userEvent.click(screen.getByRole('button', { name: 'Ingresar' }));
    expect(await screen.findByText('El email es obligatorio.')).toBeInTheDocument();
    expect(screen.getByText('Debe ingresar su contraseña.')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('refuses an invalid email and a short password, in English too', async () => {
    await i18n.changeLanguage('en');
    vi.stubGlobal('fetch', vi.fn());
    renderScreen(<LoginForm />, { user: null });
    await userEvent.type(screen.getByLabelText(/^Email/), 'nobody');
    await userEvent.type(screen.getByLabelText(/^Password/), '12345');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Email is not valid.')).toBeInTheDocument();
    expect(screen.getByText('The password must have at least 6 characters.')).toBeInTheDocument();
  });

  it('shows the sign-in failure and empties the form when the server refuses', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        answer(401, { statusCode: 401, error: 'Unauthorized', message: 'x', code: 'INVALID_CREDENTIALS' }),
      ),
    );
    renderScreen(<LoginForm />, { user: null });
    await userEvent.type(screen.getByLabelText(/^Email/), 'ana@example.org');
    await userEvent.type(screen.getByLabelText(/^Contraseña/), 'wrong-password');
    await userEvent.click(screen.getByRole('button', { name: 'Ingresar' }));
    expect(await screen.findByText('No se pudo iniciar sesión, intente nuevamente.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText(/^Email/)).toHaveValue(''));
    expect(sessionStorage.getItem('token')).toBeNull();
  });

  it('stores the token and loads the user after a successful sign-in', async () => {
    const user = {
      id: '7b0f5a8e-3f7c-4a55-9d7c-0d7f1e2a3b4c',
      email: 'ana@example.org',
      nickname: 'ana',
      createdAt: '2026-01-01T00:00:00.000Z',
      isAdmin: true,
      isActive: true,
      mfaEnabled: false,
      doctor: null,
    };
    const fetch = vi.fn(async (url: string) =>
      url.endsWith('/users/login')
        ? answer(200, { data: { response: { token: { accessToken: 'tok', expiresIn: 1800 } } } })
        : answer(200, { data: user }),
    );
    vi.stubGlobal('fetch', fetch);
    const { router } = renderScreen(<LoginForm />, { path: '/auth/login', user: null });
    await userEvent.type(screen.getByLabelText(/^Email/), 'ana@example.org');
    await userEvent.type(screen.getByLabelText(/^Contraseña/), 'Right-pass1');
    await userEvent.click(screen.getByRole('button', { name: 'Ingresar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(sessionStorage.getItem('token')).toBe('tok');
    const meCall = fetch.mock.calls.find(([url]) => String(url).endsWith('/users/me')) as
      | unknown[]
      | undefined;
    expect(meCall).toBeDefined();
    const init = (meCall?.[1] ?? {}) as RequestInit;
    expect(init.headers).toMatchObject({ authorization: 'Bearer tok' });
  });
  const refusal = (code: string) =>
    answer(401, { statusCode: 401, error: 'Unauthorized', message: 'x', code });

  it.each([
    [
      'es',
      'ACCOUNT_INACTIVE',
      'Contraseña',
      'Ingresar',
      'Su usuario está inactivo. Consulte a un administrador del registro.',
    ],
    [
      'en',
      'ACCOUNT_INACTIVE',
      'Password',
      'Sign in',
      'Your account is inactive. Please ask an administrator of the registry.',
    ],
    ['es', 'INSTITUTION_INACTIVE', 'Contraseña', 'Ingresar', 'La institución no está activa.'],
    ['en', 'INVALID_CREDENTIALS', 'Password', 'Sign in', 'Sign-in failed, please try again.'],
  ])('in %s, tells the refusal %s as the server names it', async (language, code, password, submit, text) => {
    await i18n.changeLanguage(language);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => refusal(code)),
    );
    renderScreen(<LoginForm />, { user: null });
    await userEvent.type(screen.getByLabelText(/^Email/), 'ana@example.org');
    await userEvent.type(screen.getByLabelText(new RegExp(`^${password}`)), 'Right-pass1');
    await userEvent.click(screen.getByRole('button', { name: submit }));
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it.each([
    ['es', 'Contraseña', 'Ingresar', 'No se pudo iniciar sesión, intente nuevamente.'],
    ['en', 'Password', 'Sign in', 'Sign-in failed, please try again.'],
  ])(
    'in %s, closes the failure toast when a later sign-in succeeds',
    async (language, password, submit, failed) => {
      await i18n.changeLanguage(language);
      let attempt = 0;
      const fetch = vi.fn(async (url: string) => {
        if (url.endsWith('/users/login')) {
          attempt++;
          return attempt === 1
            ? refusal('INVALID_CREDENTIALS')
            : answer(200, { data: { response: { token: { accessToken: 'tok', expiresIn: 1800 } } } });
        }
        return answer(200, {
          data: {
            id: '7b0f5a8e-3f7c-4a55-9d7c-0d7f1e2a3b4c',
            email: 'ana@example.org',
            nickname: 'ana',
            createdAt: '2026-01-01T00:00:00.000Z',
            isAdmin: true,
            isActive: true,
            mfaEnabled: false,
            doctor: null,
          },
        });
      });
      vi.stubGlobal('fetch', fetch);
      const { router } = renderScreen(<LoginForm />, { path: '/auth/login', user: null });
      await userEvent.type(screen.getByLabelText(/^Email/), 'ana@example.org');
      await userEvent.type(screen.getByLabelText(new RegExp(`^${password}`)), 'Wrong-pass1');
      await userEvent.click(screen.getByRole('button', { name: submit }));
      expect(await screen.findByText(failed)).toBeInTheDocument();
      await waitFor(() => expect(screen.getByLabelText(/^Email/)).toHaveValue(''));
      await userEvent.type(screen.getByLabelText(/^Email/), 'ana@example.org');
      await userEvent.type(screen.getByLabelText(new RegExp(`^${password}`)), 'Right-pass1');
      await userEvent.click(screen.getByRole('button', { name: submit }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/'));
      await waitFor(() => expect(screen.queryByText(failed)).not.toBeInTheDocument());
    },
  );
});
