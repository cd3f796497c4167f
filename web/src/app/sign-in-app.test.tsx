import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSignInHandoff, signInHandoff } from '../features/auth/handoff.ts';
import { i18n } from '../lib/i18n.ts';
import { answer, refusal, stubRoutes } from '../test/fetch-routes.ts';
import { opensOnSignIn, renderSignIn } from './sign-in-app.tsx';

const renderApp = vi.fn();
const loadApp = () => Promise.resolve({ renderApp });

const USER = {
  id: '7b0f5a8e-3f7c-4a55-9d7c-0d7f1e2a3b4c',
  email: 'ana@example.org',
  nickname: 'ana',
  createdAt: '2026-01-01T00:00:00.000Z',
  isAdmin: false,
  isActive: true,
  mfaEnabled: false,
  doctor: null,
};

const LOGIN = 'POST /api/users/login';
const ME = 'GET /api/users/me';
const signedIn = () =>
  answer(200, { data: { response: { token: { accessToken: 'tok', expiresIn: 1800 } } } });

let root: Root;
let container: HTMLElement;

async function show(path: string): Promise<void> {
  window.history.replaceState(null, '', path);
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  await act(async () => renderSignIn(root, loadApp));
}

async function type(email: string, password: RegExp, secret: string): Promise<void> {
  await userEvent.type(screen.getByLabelText(/^Email/), email);
  await userEvent.type(screen.getByLabelText(password), secret);
}

describe('opensOnSignIn', () => {
  it('opens a signed-out visitor on sign-in, wherever they arrive, except password recovery', () => {
    expect(opensOnSignIn('/', null)).toBe(true);
    expect(opensOnSignIn('/patients', null)).toBe(true);
    expect(opensOnSignIn('/auth/login', null)).toBe(true);
    expect(opensOnSignIn('/auth/forgot-password', null)).toBe(false);
    expect(opensOnSignIn('/auth/reset-password', null)).toBe(false);
    expect(opensOnSignIn('/auth/login', 'tok')).toBe(false);
    expect(opensOnSignIn('/patients', 'tok')).toBe(false);
  });
});

describe('the light sign-in page', () => {
  beforeEach(async () => {
    renderApp.mockReset();
    clearSignInHandoff();
    await i18n.changeLanguage('es');
  });
  afterEach(() => {
    act(() => root.unmount());
    container.remove();
    vi.unstubAllGlobals();
  });

  it('shows the sign-in form at /auth/login, and checks it with the shared rules before sending', async () => {
    const api = stubRoutes({});
    await show('/patients');
    expect(window.location.pathname).toBe('/auth/login');
    expect(screen.getByRole('heading', { name: 'Iniciar sesión' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Ingresar' }));
    expect(await screen.findByText('El email es obligatorio.')).toBeInTheDocument();
    expect(screen.getByText('Debe ingresar su contraseña.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Email/)).toHaveFocus();
    expect(api.calls).toEqual([]);
  });

  it('checks a field when it is left, then as it is typed in, in English too', async () => {
    await i18n.changeLanguage('en');
    stubRoutes({});
    await show('/auth/login');
    await userEvent.type(screen.getByLabelText(/^Email/), 'nobody');
    expect(screen.queryByText('Email is not valid.')).not.toBeInTheDocument();
    await userEvent.tab();
    expect(await screen.findByText('Email is not valid.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^Email/), '@example.org');
    await waitFor(() => expect(screen.queryByText('Email is not valid.')).not.toBeInTheDocument());
  });

  it('shows and hides the password with a named, pressed toggle', async () => {
    stubRoutes({});
    await show('/auth/login');
    const password = screen.getByLabelText(/^Contraseña/);
    expect(password).toHaveAttribute('type', 'password');
    const toggle = screen.getByRole('button', { name: 'Mostrar u ocultar la contraseña' });
    await userEvent.click(toggle);
    expect(password).toHaveAttribute('type', 'text');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
  });

  it('tells a refusal in a toast, empties the form, and keeps no token', async () => {
    stubRoutes({ [LOGIN]: () => refusal(401, 'INVALID_CREDENTIALS', 'x') });
    await show('/auth/login');
    await type('ana@example.org', /^Contraseña/, 'Wrong-pass1');
    await userEvent.click(screen.getByRole('button', { name: 'Ingresar' }));
    expect(await screen.findByText('No se pudo iniciar sesión, intente nuevamente.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText(/^Email/)).toHaveValue(''));
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(renderApp).not.toHaveBeenCalled();
  });

  it('signs in, loads the user, and hands the page to the app at /, with the user known', async () => {
    stubRoutes({ [LOGIN]: signedIn, [ME]: () => answer(200, { data: USER }) });
    await show('/auth/login');
    await type('ana@example.org', /^Contraseña/, 'Right-pass1');
    await userEvent.click(screen.getByRole('button', { name: 'Ingresar' }));
    await waitFor(() => expect(renderApp).toHaveBeenCalledWith(root, USER));
    expect(window.location.pathname).toBe('/');
    expect(sessionStorage.getItem('token')).toBe('tok');
  });

  it('forgets the token when the user cannot be loaded, and says so', async () => {
    stubRoutes({ [LOGIN]: signedIn, [ME]: () => refusal(403, 'ACCOUNT_INACTIVE', 'x') });
    await show('/auth/login');
    await type('ana@example.org', /^Contraseña/, 'Right-pass1');
    await userEvent.click(screen.getByRole('button', { name: 'Ingresar' }));
    expect(
      await screen.findByText('Su usuario está inactivo. Consulte a un administrador del registro.'),
    ).toBeInTheDocument();
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(renderApp).not.toHaveBeenCalled();
  });

  it('hands a sign-in that needs a second step to the app, at that step', async () => {
    const mfa = { step: 'verify', challenge: 'c'.repeat(43), expiresIn: 300 };
    stubRoutes({ [LOGIN]: () => answer(200, { data: { response: { mfa } } }) });
    await show('/auth/login');
    await type('ana@example.org', /^Contraseña/, 'Right-pass1');
    await userEvent.click(screen.getByRole('button', { name: 'Ingresar' }));
    await waitFor(() => expect(renderApp).toHaveBeenCalledWith(root, undefined));
    expect(window.location.pathname).toBe('/auth/login');
    expect(signInHandoff()).toEqual({ step: mfa, email: 'ana@example.org' });
    expect(sessionStorage.getItem('token')).toBeNull();
  });

  it('sends once however often it is clicked, and stays busy until the app has taken over', async () => {
    let arrive: (module: { renderApp: typeof renderApp }) => void = () => undefined;
    const slowApp = () => new Promise<{ renderApp: typeof renderApp }>((resolve) => (arrive = resolve));
    const api = stubRoutes({ [LOGIN]: signedIn, [ME]: () => answer(200, { data: USER }) });
    window.history.replaceState(null, '', '/auth/login');
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
    await act(async () => renderSignIn(root, slowApp));
    await type('ana@example.org', /^Contraseña/, 'Right-pass1');
    const submit = screen.getByRole('button', { name: 'Ingresar' });
    await userEvent.click(submit);
    await waitFor(() => expect(api.calls).toHaveLength(2)); // the sign-in, then the user
    // Signed in, the app still on its way: the form stays busy, and another click sends nothing.
    expect(submit).toHaveAttribute('data-loading', 'true');
    await userEvent.click(submit, { pointerEventsCheck: 0 });
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    await act(async () => arrive({ renderApp }));
    await waitFor(() => expect(renderApp).toHaveBeenCalledTimes(1));
    expect(api.to(LOGIN)).toHaveLength(1);
  });

  it('leaves nothing of a second step behind when the app cannot be fetched', async () => {
    const mfa = { step: 'verify', challenge: 'c'.repeat(43), expiresIn: 300 };
    stubRoutes({ [LOGIN]: () => answer(200, { data: { response: { mfa } } }) });
    window.history.replaceState(null, '', '/auth/login');
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
    await act(async () => renderSignIn(root, () => Promise.reject(new Error('offline'))));
    await type('ana@example.org', /^Contraseña/, 'Right-pass1');
    await userEvent.click(screen.getByRole('button', { name: 'Ingresar' }));
    expect(await screen.findByText('Intente nuevamente o contacte a soporte.')).toBeInTheDocument();
    expect(signInHandoff()).toBeNull();
    expect(screen.getByRole('button', { name: 'Ingresar' })).not.toHaveAttribute('data-loading');
  });

  it('follows a link of the form by starting the app there', async () => {
    stubRoutes({});
    await show('/auth/login');
    const link = screen.getByRole('link', { name: '¿Olvidó su contraseña?' });
    expect(link).toHaveAttribute('href', '/auth/forgot-password');
    await userEvent.click(link);
    await waitFor(() => expect(renderApp).toHaveBeenCalledWith(root, undefined));
    expect(renderApp).toHaveBeenCalledTimes(1);
    expect(window.location.pathname).toBe('/auth/forgot-password');
  });

  it('switches the language with a pressed toggle in a named group', async () => {
    stubRoutes({});
    await show('/auth/login');
    const languages = screen.getByRole('group', { name: 'Idioma' });
    expect(languages).toContainElement(screen.getByRole('button', { name: 'ES', pressed: true }));
    await userEvent.click(screen.getByRole('button', { name: 'EN', pressed: false }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'EN', pressed: true })).toBeInTheDocument();
  });
});
