import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { renderScreen } from '../../../test/render.tsx';
import { ForgotPasswordForm } from './forgot-password-form.tsx';

function answer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

describe('ForgotPasswordForm', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('es');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('asks for a valid email before sending anything', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderScreen(<ForgotPasswordForm />);
    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('El email es obligatorio.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^Email/), 'nobody');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('El email no es válido.')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'Volver a iniciar sesión' })).toHaveAttribute(
      'href',
      '/auth/login',
    );
  });

  it('sends the email, says so and goes on to the reset screen with the email filled in', async () => {
    const fetch = vi.fn(async () => answer(200, { data: { sent: true } }));
    vi.stubGlobal('fetch', fetch);
    const { router } = renderScreen(<ForgotPasswordForm />, { path: '/auth/forgot-password' });
    await userEvent.type(screen.getByLabelText(/^Email/), 'ana+test@hospital.org');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/reset-password'));
    expect(new URLSearchParams(router.state.location.search).get('email')).toBe('ana+test@hospital.org');
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/users/password/reset');
    expect(JSON.parse(String(init.body))).toEqual({ email: 'ana+test@hospital.org' });
    expect(
      await screen.findByText('Si el email está registrado, recibirá un código de verificación.'),
    ).toBeInTheDocument();
  });

  it('shows the server’s reason when it refuses, and stays', async () => {
    const tooMany = {
      statusCode: 429,
      error: 'Too Many Requests',
      message: 'Demasiados intentos. Espere unos minutos e intente nuevamente.',
      code: 'TOO_MANY_ATTEMPTS',
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(429, tooMany)),
    );
    const { router } = renderScreen(<ForgotPasswordForm />, { path: '/auth/forgot-password' });
    await userEvent.type(screen.getByLabelText(/^Email/), 'ana@hospital.org');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText(tooMany.message)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/forgot-password');
  });
});
