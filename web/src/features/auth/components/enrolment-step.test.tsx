import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { answer, type Route, refusal, stubRoutes } from '../../../test/fetch-routes.ts';
import { renderScreen, TEST_ADMIN } from '../../../test/render.tsx';
import { LoginForm } from './login-form.tsx';
// The sign-in fetches its request and this step's code when needed; loaded up front, the test does not
// wait for them.
import '../api/login-request.ts';
import './enrolment-step.tsx';

const CHALLENGE = 'e'.repeat(43);
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const QR = 'data:image/svg+xml;base64,PHN2Zy8+';
const CODES = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`);

async function reachEnrolment(enable: Route) {
  const api = stubRoutes({
    'POST /api/users/login': () =>
      answer(200, { data: { response: { mfa: { challenge: CHALLENGE, expiresIn: 300, step: 'enrol' } } } }),
    'POST /api/users/login/mfa/setup': () =>
      answer(200, { data: { secret: SECRET, uri: `otpauth://totp/x?secret=${SECRET}`, qrCode: QR } }),
    'POST /api/users/login/mfa/enable': enable,
    'GET /api/users/me': () => answer(200, { data: { ...TEST_ADMIN, mfaEnabled: true } }),
  });
  const rendered = renderScreen(<LoginForm />, { path: '/auth/login', user: null });
  await userEvent.type(screen.getByLabelText(/^Email/), 'admin@registry.test');
  await userEvent.type(screen.getByLabelText(/^Contraseña/), 'Right-pass1!');
  await userEvent.click(screen.getByRole('button', { name: 'Ingresar' }));
  await screen.findByRole('heading', { name: 'Configure la verificación en dos pasos' });
  return { api, ...rendered };
}

describe('an admin who must have a second factor, at sign-in', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('es');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('explains why, and shows the QR code and the secret to type by hand', async () => {
    const { api } = await reachEnrolment(() => refusal(401, 'MFA_CODE_INVALID', 'x'));
    expect(screen.getByText(/El registro exige a los administradores un segundo factor/)).toBeInTheDocument();
    const qr = await screen.findByRole('img', {
      name: 'Código QR para agregar el registro a la aplicación de autenticación',
    });
    expect(qr).toHaveAttribute('src', QR);
    // In groups of four, four groups a line.
    const lines = [...screen.getByTestId('authenticator-secret').children].map((line) => line.textContent);
    expect(lines).toEqual(['JBSW Y3DP EHPK 3PXP', 'JBSW Y3DP EHPK 3PXP']);
    expect(screen.getByRole('link', { name: 'Abrir en una aplicación de este dispositivo' })).toHaveAttribute(
      'href',
      `otpauth://totp/x?secret=${SECRET}`,
    );
    expect(api.to('POST /api/users/login/mfa/setup')).toEqual([
      expect.objectContaining({ body: { challenge: CHALLENGE } }),
    ]);

    // A wrong first code is said under the field.
    await userEvent.type(screen.getByRole('textbox', { name: /^Código de la aplicación/ }), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Activar' }));
    expect(await screen.findByText(/El código no es válido/)).toBeInTheDocument();
    expect(sessionStorage.getItem('token')).toBeNull();
  });

  it('shows the ten recovery codes once, and signs in only when they are saved', async () => {
    const { api, router } = await reachEnrolment(() =>
      answer(200, {
        data: { response: { token: { accessToken: 'tok', expiresIn: 1800 } }, recoveryCodes: CODES },
      }),
    );
    await userEvent.type(await screen.findByRole('textbox', { name: /^Código de la aplicación/ }), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Activar' }));

    expect(await screen.findByRole('heading', { name: 'Guarde sus códigos de recuperación' })).toHaveFocus();
    expect(api.to('POST /api/users/login/mfa/enable')[0]?.body).toEqual({
      challenge: CHALLENGE,
      code: '123456',
    });
    const list = screen.getByRole('list', { name: 'Códigos de recuperación' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES);
    expect(screen.getByRole('button', { name: 'Copiar códigos' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Descargar .txt' })).toBeInTheDocument();
    // Not signed in until the codes are saved: the QR screen is gone, the session not started.
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(sessionStorage.getItem('token')).toBeNull();
    const finish = screen.getByRole('button', { name: 'Continuar al registro' });
    expect(finish).toBeDisabled();

    await userEvent.click(screen.getByRole('checkbox', { name: 'Guardé estos códigos en un lugar seguro' }));
    await userEvent.click(finish);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(sessionStorage.getItem('token')).toBe('tok');
    expect(api.to('GET /api/users/me')[0]?.authorization).toBe('Bearer tok');
  });

  it('downloads the codes as a text file', async () => {
    await reachEnrolment(() =>
      answer(200, {
        data: { response: { token: { accessToken: 'tok', expiresIn: 1800 } }, recoveryCodes: CODES },
      }),
    );
    // jsdom has no object URLs; the saved file is caught where the app clicks its link.
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:codes');
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = () => undefined;
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await userEvent.type(await screen.findByRole('textbox', { name: /^Código de la aplicación/ }), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Activar' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Descargar .txt' }));
    expect(clicked).toHaveBeenCalledTimes(1);
    expect(clicked.mock.contexts[0]).toHaveAttribute(
      'download',
      'registro-leucemias-codigos-de-recuperacion.txt',
    );
    const blob = createObjectURL.mock.calls[0]?.[0] as Blob;
    const text = await blob.text();
    for (const code of CODES) {
      expect(text).toContain(code);
    }
    clicked.mockRestore();
  });

  it('goes back to the password when the sign-in expired', async () => {
    await reachEnrolment(() => refusal(401, 'MFA_CHALLENGE_EXPIRED', 'x'));
    await userEvent.type(await screen.findByRole('textbox', { name: /^Código de la aplicación/ }), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Activar' }));
    expect(await screen.findByRole('heading', { name: 'Iniciar sesión' })).toBeInTheDocument();
    expect(
      screen.getByText('El inicio de sesión venció. Ingrese nuevamente su email y contraseña.'),
    ).toBeVisible();
  });
});
