import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { answer, type Route, refusal, stubRoutes } from '../../../test/fetch-routes.ts';
import { renderScreen, TEST_ADMIN } from '../../../test/render.tsx';
import { LoginForm } from './login-form.tsx';
// The sign-in fetches its request and this step's code when needed; loaded up front, the test does not
// wait for them.
import '../api/login-request.ts';
import './second-step.tsx';

const CHALLENGE = 'c'.repeat(43);
const verifyStep = () =>
  answer(200, { data: { response: { mfa: { challenge: CHALLENGE, expiresIn: 300, step: 'verify' } } } });
const session = () => answer(200, { data: { response: { token: { accessToken: 'tok', expiresIn: 1800 } } } });

/** The sign-in with a right password of a user with a second factor, up to the second step. */
async function reachSecondStep(secondStep: Route) {
  const api = stubRoutes({
    'POST /api/users/login': verifyStep,
    'POST /api/users/login/mfa': secondStep,
    'GET /api/users/me': () => answer(200, { data: { ...TEST_ADMIN, mfaEnabled: true } }),
  });
  const rendered = renderScreen(<LoginForm />, { path: '/auth/login', user: null });
  await userEvent.type(screen.getByLabelText(/^Email/), 'admin@registry.test');
  await userEvent.type(screen.getByLabelText(/^(Contraseña|Password)/), 'Right-pass1!');
  await userEvent.click(screen.getByRole('button', { name: /^(Ingresar|Sign in)$/ }));
  await screen.findByRole('heading', { name: /^(Verificación en dos pasos|Two-step verification)$/ });
  return { api, ...rendered };
}

describe('the second step of a sign-in', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('es');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('asks for the app code, focused, then signs in with it and goes home', async () => {
    const { api, router } = await reachSecondStep(session);
    const field = screen.getByRole('textbox', { name: /^Código de la aplicación/ });
    expect(field).toHaveFocus();
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    expect(field).toHaveAttribute('inputmode', 'numeric');
    expect(sessionStorage.getItem('token')).toBeNull();
    await userEvent.type(field, '123 456');
    await userEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.to('POST /api/users/login/mfa')[0]?.body).toEqual({ challenge: CHALLENGE, code: '123456' });
    expect(sessionStorage.getItem('token')).toBe('tok');
    expect(api.to('GET /api/users/me')[0]?.authorization).toBe('Bearer tok');
  });

  it('checks the code before sending it', async () => {
    const { api } = await reachSecondStep(session);
    await userEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByText('Este campo es obligatorio.')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: /^Código de la aplicación/ }), '12345');
    await userEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(
      await screen.findByText('Ingrese los 6 dígitos de su aplicación o un código de recuperación.'),
    ).toBeInTheDocument();
    expect(api.to('POST /api/users/login/mfa')).toHaveLength(0);
  });

  it('says under the field that a wrong code is wrong, and keeps the step', async () => {
    await reachSecondStep(() => refusal(401, 'MFA_CODE_INVALID', 'x'));
    const field = screen.getByRole('textbox', { name: /^Código de la aplicación/ });
    await userEvent.type(field, '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(
      await screen.findByText('El código no es válido. Revise la hora de su teléfono e intente nuevamente.'),
    ).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveValue('000000');
    expect(field).toHaveFocus();
    expect(sessionStorage.getItem('token')).toBeNull();
  });

  it('says when there were too many attempts', async () => {
    await reachSecondStep(() => refusal(429, 'TOO_MANY_ATTEMPTS', 'x'));
    await userEvent.type(screen.getByRole('textbox', { name: /^Código de la aplicación/ }), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(
      await screen.findByText('Demasiados intentos. Espere unos minutos e intente nuevamente.'),
    ).toBeInTheDocument();
  });

  it('goes back to the password, with the email kept, when the sign-in expired', async () => {
    await reachSecondStep(() => refusal(401, 'MFA_CHALLENGE_EXPIRED', 'x'));
    await userEvent.type(screen.getByRole('textbox', { name: /^Código de la aplicación/ }), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(
      await screen.findByText('El inicio de sesión venció. Ingrese nuevamente su email y contraseña.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Iniciar sesión' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Email/)).toHaveValue('admin@registry.test');
    expect(screen.getByLabelText(/^Contraseña/)).toHaveValue('');
    await waitFor(() => expect(screen.getByLabelText(/^Contraseña/)).toHaveFocus());
  });

  it('takes a recovery code instead, in English too', async () => {
    await i18n.changeLanguage('en');
    const { api, router } = await reachSecondStep(session);
    await userEvent.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    const field = screen.getByRole('textbox', { name: /^Recovery code/ });
    expect(field).toHaveFocus();
    expect(field).toHaveAttribute('inputmode', 'text');
    expect(screen.getByText(/Enter one of the recovery codes you saved/)).toBeInTheDocument();
    await userEvent.type(field, 'ABCDE-FGH23');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.to('POST /api/users/login/mfa')[0]?.body).toEqual({
      challenge: CHALLENGE,
      code: 'abcde-fgh23',
    });
  });

  it('goes back to email and password on request', async () => {
    const { api } = await reachSecondStep(session);
    await userEvent.click(screen.getByRole('button', { name: /Volver al email y la contraseña/ }));
    expect(screen.getByRole('heading', { name: 'Iniciar sesión' })).toBeInTheDocument();
    expect(api.to('POST /api/users/login/mfa')).toHaveLength(0);
  });
});
