import type { MfaStatus } from '@registry/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { answer, type Route, refusal, stubRoutes } from '../../../test/fetch-routes.ts';
import { renderScreen, TEST_ADMIN } from '../../../test/render.tsx';
import { SecondFactorSection } from './second-factor-section.tsx';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const QR = 'data:image/svg+xml;base64,PHN2Zy8+';
const PASSWORD = 'Right-pass-1';
const CODES = Array.from({ length: 10 }, (_, i) => `wxyz${i}-mnpq${i}`);

/** The section with a server whose status follows what the calls did. */
function setup(initial: MfaStatus, routes: Record<string, Route> = {}) {
  const state = { status: initial };
  const api = stubRoutes({
    'GET /api/users/me/mfa': () => answer(200, { data: state.status }),
    'GET /api/users/me': () => answer(200, { data: { ...TEST_ADMIN, mfaEnabled: state.status.enabled } }),
    'POST /api/users/me/mfa/setup': ({ body }) =>
      (body as { password?: string }).password === PASSWORD
        ? answer(200, { data: { secret: SECRET, uri: `otpauth://totp/x?secret=${SECRET}`, qrCode: QR } })
        : refusal(422, 'CURRENT_PASSWORD_WRONG', 'x'),
    ...routes,
  });
  renderScreen(<SecondFactorSection />);
  const section = () =>
    screen.getByRole('region', { name: /^(Verificación en dos pasos|Two-step verification)$/ });
  return { api, state, section };
}

const off: MfaStatus = { enabled: false, recoveryCodesLeft: 0, required: false };
const on: MfaStatus = { enabled: true, recoveryCodesLeft: 7, required: false };

describe('the second factor in Settings', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('es');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sets it up: QR code and secret, a first code, then the recovery codes once', async () => {
    const { api, state, section } = setup(off, {
      'POST /api/users/me/mfa/enable': ({ body }) => {
        if ((body as { code: string }).code !== '654321') {
          return refusal(401, 'MFA_CODE_INVALID', 'x');
        }
        state.status = { enabled: true, recoveryCodesLeft: 10, required: false };
        return answer(200, { data: { recoveryCodes: CODES } });
      },
    });
    expect(await within(section()).findByText('Desactivada')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Configurar' }));
    // The password again first: an empty or wrong one is said under its field, which keeps the focus.
    const again = screen.getByRole('form', { name: 'Confirme que es usted' });
    const password = within(again).getByLabelText(/^Su contraseña/);
    expect(password).toHaveFocus();
    await userEvent.click(within(again).getByRole('button', { name: 'Continuar' }));
    expect(await within(again).findByText('Debe ingresar su contraseña.')).toBeInTheDocument();
    await userEvent.type(password, 'Wrong-pass-1');
    await userEvent.click(within(again).getByRole('button', { name: 'Continuar' }));
    expect(await within(again).findByText('La contraseña actual no es correcta.')).toBeInTheDocument();
    expect(password).toHaveFocus();
    expect(screen.queryByRole('img', { name: /^Código QR/ })).not.toBeInTheDocument();
    await userEvent.clear(password);
    await userEvent.type(password, PASSWORD);
    await userEvent.click(within(again).getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByRole('img', { name: /^Código QR/ })).toHaveAttribute('src', QR);
    expect(api.to('POST /api/users/me/mfa/setup').at(-1)?.body).toEqual({ password: PASSWORD });
    // The step opens below the status: its title is brought into view and takes the focus.
    expect(screen.getByRole('heading', { name: 'Configurar la aplicación de autenticación' })).toHaveFocus();
    expect(screen.getByTestId('authenticator-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP');

    // A wrong code keeps the QR on screen, with the message under the field; the session stands.
    const field = screen.getByRole('textbox', { name: /^Código de la aplicación/ });
    await userEvent.type(field, '111111');
    await userEvent.click(screen.getByRole('button', { name: 'Activar' }));
    expect(await screen.findByText(/El código no es válido/)).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /^Código QR/ })).toBeInTheDocument();

    await userEvent.clear(field);
    await userEvent.type(field, '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Activar' }));
    const list = await screen.findByRole('list', { name: 'Códigos de recuperación' });
    expect(screen.getByRole('heading', { name: 'Guarde sus códigos de recuperación' })).toHaveFocus();
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES);
    expect(api.to('POST /api/users/me/mfa/enable').at(-1)?.body).toEqual({ code: '654321' });

    const done = screen.getByRole('button', { name: 'Listo' });
    expect(done).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Guardé estos códigos en un lugar seguro' }));
    await userEvent.click(done);
    // Gone for good: the status says how many are left.
    expect(screen.queryByRole('list', { name: 'Códigos de recuperación' })).not.toBeInTheDocument();
    expect(await within(section()).findByText('Le quedan 10 códigos de recuperación.')).toBeInTheDocument();
    expect(within(section()).getByText('Activada')).toBeInTheDocument();
  });

  it('turns it off with a recovery code', async () => {
    const { api, state, section } = setup(on, {
      'POST /api/users/me/mfa/disable': () => {
        state.status = off;
        return answer(200, { data: { disabled: true } });
      },
    });
    expect(await within(section()).findByText('Le quedan 7 códigos de recuperación.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Desactivar' }));
    const form = screen.getByRole('form', { name: 'Desactivar la verificación en dos pasos' });
    // The password again, then a code.
    expect(within(form).getByLabelText(/^Su contraseña/)).toHaveFocus();
    await userEvent.type(within(form).getByLabelText(/^Su contraseña/), PASSWORD);
    await userEvent.click(within(form).getByRole('button', { name: 'Usar un código de recuperación' }));
    await userEvent.type(
      within(form).getByRole('textbox', { name: /^Código de recuperación/ }),
      'wxyz1-mnpq1',
    );
    await userEvent.click(within(form).getByRole('button', { name: 'Desactivar' }));
    expect(await screen.findByText('Verificación en dos pasos desactivada.')).toBeInTheDocument();
    expect(api.to('POST /api/users/me/mfa/disable')[0]?.body).toEqual({
      password: PASSWORD,
      code: 'wxyz1-mnpq1',
    });
    await waitFor(() => expect(within(section()).getByText('Desactivada')).toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Configurar' })).toBeInTheDocument();
  });

  it('keeps the form when the code to turn it off is wrong, and the session too', async () => {
    setup(on, { 'POST /api/users/me/mfa/disable': () => refusal(401, 'MFA_CODE_INVALID', 'x') });
    sessionStorage.setItem('token', 'tok');
    await userEvent.click(await screen.findByRole('button', { name: 'Desactivar' }));
    const form = screen.getByRole('form', { name: 'Desactivar la verificación en dos pasos' });
    await userEvent.type(within(form).getByLabelText(/^Su contraseña/), PASSWORD);
    await userEvent.type(within(form).getByRole('textbox', { name: /^Código de la aplicación/ }), '222222');
    await userEvent.click(within(form).getByRole('button', { name: 'Desactivar' }));
    expect(await within(form).findByText(/El código no es válido/)).toBeInTheDocument();
    expect(sessionStorage.getItem('token')).toBe('tok');
  });

  it('does not offer to turn it off when the registry requires it, in English too', async () => {
    await i18n.changeLanguage('en');
    const { section } = setup({ enabled: true, recoveryCodesLeft: 1, required: true });
    expect(await within(section()).findByText('1 recovery code left.')).toBeInTheDocument();
    expect(
      within(section()).getByText(
        'The registry requires admins to have a second factor: it cannot be turned off.',
      ),
    ).toBeInTheDocument();
    expect(within(section()).getByText('On')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Turn off' })).not.toBeInTheDocument();
  });
});
