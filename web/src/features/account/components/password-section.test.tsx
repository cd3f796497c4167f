import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { answer, refusal, stubRoutes } from '../../../test/fetch-routes.ts';
import { renderScreen } from '../../../test/render.tsx';
import { PasswordSection } from './password-section.tsx';

const ROUTE = 'POST /api/users/me/password';

async function openForm() {
  renderScreen(<PasswordSection />);
  await userEvent.click(screen.getByRole('button', { name: /^(Cambiar contraseña|Change password)$/ }));
  return screen.getByRole('form', { name: /^(Cambiar contraseña|Change password)$/ });
}

async function fill(current: string, next: string, repeated = next) {
  await userEvent.type(screen.getByLabelText(/^Contraseña actual/), current);
  await userEvent.type(screen.getByLabelText(/^Nueva contraseña/), next);
  await userEvent.type(screen.getByLabelText(/^Repita la nueva contraseña/), repeated);
  await userEvent.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));
}

describe('changing the password from Settings', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('es');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('opens the form from a button, focused on the current password', async () => {
    stubRoutes({});
    await openForm();
    expect(screen.getByLabelText(/^Contraseña actual/)).toHaveFocus();
    expect(screen.getByText(/Entre 8 y 99 caracteres/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cambiar contraseña' })).toHaveFocus());
  });

  it('explains each field before sending anything', async () => {
    const api = stubRoutes({});
    await openForm();
    await userEvent.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));
    expect(await screen.findAllByText('Debe ingresar su contraseña.')).toHaveLength(2);
    expect(screen.getByText('Este campo es obligatorio.')).toBeInTheDocument();

    await fill('Old-pass-1!', 'weak', 'other');
    expect(await screen.findByText(/^La contraseña debe tener entre 8 y 99 caracteres/)).toBeInTheDocument();
    expect(screen.getByText('Las contraseñas no coinciden.')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('refuses a new password equal to the current one', async () => {
    const api = stubRoutes({});
    await openForm();
    await fill('Same-pass-1!', 'Same-pass-1!');
    expect(
      await screen.findByText('La nueva contraseña debe ser distinta de la actual.'),
    ).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('puts a wrong current password on its field', async () => {
    stubRoutes({
      [ROUTE]: () =>
        refusal(422, 'CURRENT_PASSWORD_WRONG', 'La contraseña actual no es correcta.', {
          currentPassword: 'La contraseña actual no es correcta.',
        }),
    });
    await openForm();
    await fill('Wrong-pass-1!', 'New-pass-2026!');
    expect(await screen.findByText('La contraseña actual no es correcta.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Contraseña actual/)).toHaveAttribute('aria-invalid', 'true');
    // Said once, on the field, not again above the form.
    expect(screen.getAllByText('La contraseña actual no es correcta.')).toHaveLength(1);
    expect(screen.getByRole('form')).toBeInTheDocument();
  });

  it('says when there were too many attempts', async () => {
    stubRoutes({
      [ROUTE]: () =>
        refusal(429, 'TOO_MANY_ATTEMPTS', 'Demasiados intentos. Espere unos minutos e intente nuevamente.'),
    });
    await openForm();
    await fill('Old-pass-1!', 'New-pass-2026!');
    expect(await screen.findByRole('alert')).toHaveTextContent('Demasiados intentos.');
  });

  it('sends the current and the new password only, says so and closes the form', async () => {
    const api = stubRoutes({ [ROUTE]: () => answer(200, { data: { changed: true } }) });
    await openForm();
    await fill('Old-pass-1!', 'New-pass-2026!');
    expect(
      await screen.findByText('Contraseña cambiada. Se cerraron sus sesiones en otros dispositivos.'),
    ).toBeInTheDocument();
    expect(api.to(ROUTE)[0]?.body).toEqual({ currentPassword: 'Old-pass-1!', newPassword: 'New-pass-2026!' });
    await waitFor(() => expect(screen.queryByRole('form')).not.toBeInTheDocument());
  });

  it('speaks English too', async () => {
    await i18n.changeLanguage('en');
    stubRoutes({});
    await openForm();
    await userEvent.type(screen.getByLabelText(/^New password/), 'New-pass-2026!');
    await userEvent.type(screen.getByLabelText(/^Repeat the new password/), 'New-pass-2026?');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The passwords do not match.')).toBeInTheDocument();
    expect(screen.getByText('You must insert your password.')).toBeInTheDocument();
  });
});
