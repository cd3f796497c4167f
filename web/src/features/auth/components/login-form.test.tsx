import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { answer, refusal as refusalOf, stubRoutes } from '../../../test/fetch-routes.ts';
import { renderScreen } from '../../../test/render.tsx';
import { LoginForm } from './login-form.tsx';

const LOGIN = 'POST /api/users/login';
const ME = 'GET /api/users/me';
const signedIn = () =>
  answer(200, { data: { response: { token: { accessToken: 'tok', expiresIn: 1800 } } } });
const USER = {
  id: '7b0f5a8e-3f7c-4a55-9d7c-0d7f1e2a3b4c',
  email: 'ana@example.org',
  nickname: 'ana',
  createdAt: '2026-01-01T00:00:00.000Z',
  isAdmin: true,
  isActive: true,
  mfaEnabled: false,
  doctor: null,
};

describe('LoginForm', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('es');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('asks for the email and the password before sending anything', async () => {
    const api = stubRoutes({});
    renderScreen(<LoginForm />, { user: null });
    await userEvent.click(screen.getByRole('button', { name: 'Ingresar' }));
    expect(await screen.findByText('El email es obligatorio.')).toBeInTheDocument();
    expect(screen.getByText('Debe ingresar su contraseña.')).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });

  it('refuses an invalid email and a short password, in English too', async () => {
    await i18n.changeLanguage('en');
    stubRoutes({});
    renderScreen(<LoginForm />, { user: null });
    await userEvent.type(screen.getByLabelText(/^Email/), 'nobody');
    await userEvent.type(screen.getByLabelText(/^Password/), '12345');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Email is not valid.')).toBeInTheDocument();
    expect(screen.getByText('The password must have at least 6 characters.')).toBeInTheDocument();
  });

  it('shows the sign-in failure and empties the form when the server refuses', async () => {
    stubRoutes({ [LOGIN]: () => refusalOf(401, 'INVALID_CREDENTIALS', 'x') });
    renderScreen(<LoginForm />, { user: null });
    await userEvent.type(screen.getByLabelText(/^Email/), 'ana@example.org');
    await userEvent.type(screen.getByLabelText(/^Contraseña/), 'wrong-password');
    await userEvent.click(screen.getByRole('button', { name: 'Ingresar' }));
    expect(await screen.findByText('No se pudo iniciar sesión, intente nuevamente.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText(/^Email/)).toHaveValue(''));
    expect(sessionStorage.getItem('token')).toBeNull();
  });

  it('stores the token and loads the user after a successful sign-in', async () => {
    const api = stubRoutes({ [LOGIN]: signedIn, [ME]: () => answer(200, { data: USER }) });
    const { router } = renderScreen(<LoginForm />, { path: '/auth/login', user: null });
    await userEvent.type(screen.getByLabelText(/^Email/), 'ana@example.org');
    await userEvent.type(screen.getByLabelText(/^Contraseña/), 'Right-pass1');
    await userEvent.click(screen.getByRole('button', { name: 'Ingresar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(sessionStorage.getItem('token')).toBe('tok');
    const meCall = api.to(ME)[0];
    expect(meCall).toBeDefined();
    expect(meCall?.headers).toMatchObject({ authorization: 'Bearer tok' });
  });
  const refusal = (code: string) => refusalOf(401, code, 'x');

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
    stubRoutes({ [LOGIN]: () => refusal(code) });
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
      stubRoutes({
        [LOGIN]: () => {
          attempt++;
          return attempt === 1 ? refusal('INVALID_CREDENTIALS') : signedIn();
        },
        [ME]: () => answer(200, { data: USER }),
      });
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
