import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { answer, refusal, stubRoutes } from '../../../test/fetch-routes.ts';
import { renderScreen } from '../../../test/render.tsx';
import { ForgotPasswordForm } from './forgot-password-form.tsx';

const RESET = 'POST /api/users/password/reset';

describe('ForgotPasswordForm', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('es');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('asks for a valid email before sending anything', async () => {
    const api = stubRoutes({});
    renderScreen(<ForgotPasswordForm />);
    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('El email es obligatorio.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^Email/), 'nobody');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('El email no es válido.')).toBeInTheDocument();
    expect(api.calls).toEqual([]);
    expect(screen.getByRole('link', { name: 'Volver a iniciar sesión' })).toHaveAttribute(
      'href',
      '/auth/login',
    );
  });

  it('sends the email, says so and goes on to the reset screen with the email filled in', async () => {
    const api = stubRoutes({ [RESET]: () => answer(200, { data: { sent: true } }) });
    const { router } = renderScreen(<ForgotPasswordForm />, { path: '/auth/forgot-password' });
    await userEvent.type(screen.getByLabelText(/^Email/), 'ana+test@hospital.org');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/reset-password'));
    expect(new URLSearchParams(router.state.location.search).get('email')).toBe('ana+test@hospital.org');
    const [call] = api.calls;
    expect(call?.url).toBe('/api/users/password/reset');
    expect(call?.body).toEqual({ email: 'ana+test@hospital.org' });
    expect(
      await screen.findByText('Si el email está registrado, recibirá un código de verificación.'),
    ).toBeInTheDocument();
  });

  it('shows the server’s reason when it refuses, and stays', async () => {
    const tooMany = { message: 'Demasiados intentos. Espere unos minutos e intente nuevamente.' };
    stubRoutes({ [RESET]: () => refusal(429, 'TOO_MANY_ATTEMPTS', tooMany.message) });
    const { router } = renderScreen(<ForgotPasswordForm />, { path: '/auth/forgot-password' });
    await userEvent.type(screen.getByLabelText(/^Email/), 'ana@hospital.org');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText(tooMany.message)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/forgot-password');
  });
});
