import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { answer, refusal, stubRoutes } from '../../../test/fetch-routes.ts';
import { renderScreen } from '../../../test/render.tsx';
import { ResetPasswordForm } from './reset-password-form.tsx';

const CONFIRM = 'POST /api/users/password/reset/confirm';

const PATH = '/auth/reset-password?email=ana%2Btest%40hospital.org';

describe('ResetPasswordForm', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('es');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('fills in the email it was given and checks the code and the new password', async () => {
    const api = stubRoutes({});
    renderScreen(<ResetPasswordForm />, { path: PATH });
    expect(screen.getByLabelText(/^Email/)).toHaveValue('ana+test@hospital.org');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('Este campo es obligatorio.')).toBeInTheDocument();
    expect(screen.getByText('Debe ingresar su contraseña.')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText(/^Código de verificación/), '12ab');
    await userEvent.type(screen.getByLabelText(/^Nueva contraseña/), 'password1');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('El código tiene 6 dígitos.')).toBeInTheDocument();
    expect(screen.getByText(/La contraseña debe tener entre 8 y 99 caracteres/)).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });

  it('changes the password, says so and goes to sign-in', async () => {
    const api = stubRoutes({ [CONFIRM]: () => answer(200, { data: { changed: true } }) });
    const { router } = renderScreen(<ResetPasswordForm />, { path: PATH });
    await userEvent.type(screen.getByLabelText(/^Código de verificación/), '123456');
    await userEvent.type(screen.getByLabelText(/^Nueva contraseña/), 'New-pass-2026');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    const [call] = api.calls;
    expect(call?.url).toBe('/api/users/password/reset/confirm');
    expect(call?.body).toEqual({
      email: 'ana+test@hospital.org',
      verificationCode: '123456',
      password: 'New-pass-2026',
    });
    expect(
      await screen.findByText('Contraseña cambiada. Ingrese con su nueva contraseña.'),
    ).toBeInTheDocument();
  });

  it('says the code is wrong and stays, in English too', async () => {
    await i18n.changeLanguage('en');
    stubRoutes({
      [CONFIRM]: () =>
        refusal(400, 'INVALID_RESET_CODE', 'Error on trying to change password or invalid code.'),
    });
    const { router } = renderScreen(<ResetPasswordForm />, { path: PATH });
    await userEvent.type(screen.getByLabelText(/^Verification code/), '654321');
    await userEvent.type(screen.getByLabelText(/^New password/), 'New-pass-2026');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(
      await screen.findByText('Error on trying to change password or invalid code.'),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/reset-password');
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/auth/login');
  });
});
