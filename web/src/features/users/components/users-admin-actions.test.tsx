import type { Institution, User } from '@registry/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { PHONE_QUERY } from '../../../lib/use-phone.ts';
import { answer, pageAnswer, type Route, refusal, stubRoutes } from '../../../test/fetch-routes.ts';
import { renderScreen } from '../../../test/render.tsx';
import { UsersList } from './users-list.tsx';

const HOSPITAL = '3b0f5a8e-3f7c-4a55-9d7c-0d7f1e2a3b43';
const CLINIC = '4b0f5a8e-3f7c-4a55-9d7c-0d7f1e2a3b44';

const admin: User = {
  id: '1b0f5a8e-3f7c-4a55-9d7c-0d7f1e2a3b41',
  email: 'jefa@registry.test',
  nickname: 'jefa',
  createdAt: '2026-03-05T12:00:00.000Z',
  isAdmin: true,
  isActive: true,
  mfaEnabled: true,
  doctor: null,
};
const doctor: User = {
  id: '2b0f5a8e-3f7c-4a55-9d7c-0d7f1e2a3b42',
  email: 'ana@hospital.org',
  nickname: 'ana',
  createdAt: '2026-11-22T12:00:00.000Z',
  isAdmin: false,
  isActive: true,
  mfaEnabled: false,
  doctor: {
    id: 'd0000000-0000-4000-8000-000000000003',
    first_name: 'Ana',
    last_name: 'Pérez',
    gender: 'female',
    institution: { id: HOSPITAL, name: 'Hospital Central', type: 'Hospital' },
    patientsQty: 4,
  },
};

const institution = (id: string, name: string): Institution => ({
  id,
  name,
  code: name.slice(0, 3).toUpperCase(),
  type: 'Hospital',
  isActive: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  doctorsQty: 0,
  patientsQty: 0,
});

/** A server that lists the given users and answers PATCH and POST as told; answers every call made. */
function server(rows: User[], write: Route = () => answer(200, { data: doctor })) {
  return stubRoutes({
    'GET /api/institutions/list': () =>
      pageAnswer([institution(HOSPITAL, 'Hospital Central'), institution(CLINIC, 'Clínica Norte')]),
    'GET /api/users/list': () => pageAnswer(rows),
    'PATCH /api/users/:id': write,
    'POST /api/users/:id/password-reset': write,
    'POST /api/users/:id/mfa/reset': write,
  }).calls;
}

/** Makes the screen a phone's (below 600 px) for the test's duration. */
function asPhone() {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: query === PHONE_QUERY,
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
}

describe('UsersList: the doctor column, editing, the reset mail and the phone cards', {
  timeout: 20_000,
}, () => {
  beforeEach(async () => {
    await i18n.changeLanguage('es');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("shows the doctor's first and last name in its own column, sortable", async () => {
    const calls = server([doctor, admin]);
    renderScreen(<UsersList />, { user: admin });
    await screen.findByText('ana@hospital.org', {}, { timeout: 5000 });
    const table = screen.getByRole('table', { name: 'Usuarios' });
    const rows = within(table).getAllByRole('row');
    expect(within(rows[1] as HTMLElement).getByTitle('Ana Pérez')).toBeInTheDocument();
    await userEvent.click(within(table).getByRole('button', { name: /^Médico/ }));
    await waitFor(() => expect(calls.at(-1)?.url).toContain('orderBy=doctor'));
  });

  it("edits a doctor: the form starts from the doctor's values and sends the changed ones (es)", async () => {
    const calls = server([doctor, admin]);
    renderScreen(<UsersList />, { user: admin });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Editar a ana@hospital.org' }, { timeout: 5000 }),
    );
    const modal = await screen.findByRole('dialog', { name: 'Editar usuario' });
    expect(
      within(modal).getByText('El email y el tipo de usuario no se pueden cambiar.', { exact: false }),
    ).toBeInTheDocument();
    expect(within(modal).queryByLabelText(/^Contraseña/)).not.toBeInTheDocument();
    expect(within(modal).getByRole('textbox', { name: 'Nombre de usuario' })).toHaveValue('ana');
    const lastName = within(modal).getByRole('textbox', { name: 'Apellido' });
    expect(lastName).toHaveValue('Pérez');
    await userEvent.clear(lastName);
    await userEvent.type(lastName, 'Pérez Núñez');
    await userEvent.click(within(modal).getByRole('combobox', { name: 'Institución' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Clínica Norte' }));
    await userEvent.click(within(modal).getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('Usuario modificado.')).toBeInTheDocument();
    const patch = calls.find((call) => call.method === 'PATCH');
    expect(patch?.url).toBe(`/api/users/${doctor.id}`);
    expect(patch?.body).toEqual({
      nickname: 'ana',
      id: 'd0000000-0000-4000-8000-000000000003',
      first_name: 'Ana',
      last_name: 'Pérez Núñez',
      gender: 'female',
      institutionId: CLINIC,
    });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Editar usuario' })).not.toBeInTheDocument(),
    );
  });

  it("edits an admin's nickname only, and checks it as creation does (en)", async () => {
    await i18n.changeLanguage('en');
    const calls = server([doctor, admin], () => answer(200, { data: { ...admin, nickname: 'boss' } }));
    renderScreen(<UsersList />, { user: admin });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Edit jefa@registry.test' }, { timeout: 5000 }),
    );
    const modal = await screen.findByRole('dialog', { name: 'Edit user' });
    expect(within(modal).queryByRole('textbox', { name: 'Last name' })).not.toBeInTheDocument();
    const nickname = within(modal).getByRole('textbox', { name: 'Nickname' });
    await userEvent.clear(nickname);
    await userEvent.click(within(modal).getByRole('button', { name: 'Save changes' }));
    expect(await within(modal).findByText('This field is required.')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);
    await userEvent.type(nickname, 'boss');
    await userEvent.click(within(modal).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('User modified.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ nickname: 'boss' });
  });

  it("shows the server's refusal on its field and keeps the modal open (en)", async () => {
    await i18n.changeLanguage('en');
    server([doctor], () =>
      answer(422, {
        statusCode: 422,
        error: 'Unprocessable Entity',
        message: 'The institution is not active.',
        code: 'INSTITUTION_INACTIVE',
        fields: { institutionId: 'The institution is not active.' },
      }),
    );
    renderScreen(<UsersList />, { user: admin });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Edit ana@hospital.org' }, { timeout: 5000 }),
    );
    const modal = await screen.findByRole('dialog', { name: 'Edit user' });
    await userEvent.click(within(modal).getByRole('button', { name: 'Save changes' }));
    expect(await within(modal).findByText('Error on trying to modify the user.')).toBeInTheDocument();
    expect(within(modal).getAllByText('The institution is not active.').length).toBeGreaterThanOrEqual(2);
  });

  it.each([
    [
      'es',
      'Enviar a ana@hospital.org un mail para restablecer la contraseña',
      'Sí',
      'Se envió a ana@hospital.org el mail para restablecer la contraseña.',
    ],
    [
      'en',
      'Send ana@hospital.org a password-reset mail',
      'Yes',
      'The password-reset mail was sent to ana@hospital.org.',
    ],
  ])('in %s, mails a reset code after confirming', async (language, button, yes, sent) => {
    await i18n.changeLanguage(language);
    const calls = server([doctor], () => answer(200, { data: { sent: true } }));
    renderScreen(<UsersList />, { user: admin });
    await userEvent.click(await screen.findByRole('button', { name: button }, { timeout: 5000 }));
    const confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent('ana@hospital.org');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await userEvent.click(within(confirm).getByRole('button', { name: yes }));
    expect(await screen.findByText(sent)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual([
      `/api/users/${doctor.id}/password-reset`,
    ]);
  });

  it.each([
    [
      'es',
      'Quitar el segundo factor de ana@hospital.org',
      'Su contraseña',
      'Quitar el segundo factor',
      'Se quitó el segundo factor de ana@hospital.org.',
    ],
    [
      'en',
      'Remove the second factor of ana@hospital.org',
      'Your password',
      'Remove the second factor',
      'The second factor of ana@hospital.org was removed.',
    ],
  ])(
    'in %s, removes a user’s second factor after confirming with the admin’s own password',
    async (language, button, passwordLabel, submit, done) => {
      await i18n.changeLanguage(language);
      const calls = server([doctor], () => answer(200, { data: { reset: true } }));
      renderScreen(<UsersList />, { user: admin });
      await userEvent.click(await screen.findByRole('button', { name: button }, { timeout: 5000 }));
      const confirm = await screen.findByRole('dialog');
      expect(confirm).toHaveTextContent('ana@hospital.org');
      // Without the password nothing is sent.
      await userEvent.click(within(confirm).getByRole('button', { name: submit }));
      expect(await within(confirm).findByLabelText(new RegExp(passwordLabel))).toHaveAttribute(
        'aria-invalid',
        'true',
      );
      expect(calls.some((call) => call.method === 'POST')).toBe(false);
      await userEvent.type(within(confirm).getByLabelText(new RegExp(passwordLabel)), 'Admin-pass-2026!');
      await userEvent.click(within(confirm).getByRole('button', { name: submit }));
      expect(await screen.findByText(done)).toBeInTheDocument();
      expect(calls.filter((call) => call.method === 'POST').map((call) => [call.url, call.body])).toEqual([
        [`/api/users/${doctor.id}/mfa/reset`, { password: 'Admin-pass-2026!' }],
      ]);
    },
  );

  it.each([
    ['es', 'Su contraseña', 'Quitar el segundo factor'],
    ['en', 'Your password', 'Remove the second factor'],
  ])(
    'in %s, says under the field that the admin’s password is wrong, and stays open',
    async (language, passwordLabel, submit) => {
      await i18n.changeLanguage(language);
      server([doctor], () => refusal(422, 'CURRENT_PASSWORD_WRONG', 'wrong'));
      renderScreen(<UsersList />, { user: admin });
      await userEvent.click(
        await screen.findByRole(
          'button',
          {
            name:
              language === 'es'
                ? 'Quitar el segundo factor de ana@hospital.org'
                : 'Remove the second factor of ana@hospital.org',
          },
          { timeout: 5000 },
        ),
      );
      const confirm = await screen.findByRole('dialog');
      const field = within(confirm).getByLabelText(new RegExp(passwordLabel));
      await userEvent.type(field, 'not-it');
      await userEvent.click(within(confirm).getByRole('button', { name: submit }));
      expect(await within(confirm).findByText(i18n.t('errors.CURRENT_PASSWORD_WRONG'))).toBeInTheDocument();
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(screen.getByRole('dialog')).toBeInTheDocument();
    },
  );

  it('says why a second factor could not be removed', async () => {
    server([doctor], () => refusal(409, 'MFA_NOT_ENABLED', 'El segundo factor no está activado.'));
    renderScreen(<UsersList />, { user: admin });
    await userEvent.click(
      await screen.findByRole(
        'button',
        { name: 'Quitar el segundo factor de ana@hospital.org' },
        { timeout: 5000 },
      ),
    );
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText(/Su contraseña/), 'Admin-pass-2026!');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Quitar el segundo factor' }));
    expect(
      await screen.findByText('No se pudo quitar el segundo factor de ana@hospital.org.'),
    ).toBeInTheDocument();
    expect(screen.getByText('El segundo factor no está activado.')).toBeInTheDocument();
  });

  it('offers no reset mail to an inactive user', async () => {
    server([{ ...doctor, isActive: false }]);
    renderScreen(<UsersList />, { user: admin });
    await screen.findByRole('button', { name: 'Activar a ana@hospital.org' }, { timeout: 5000 });
    expect(screen.queryByRole('button', { name: /un mail para restablecer/ })).not.toBeInTheDocument();
  });

  it('on a phone, shows cards with the email, name, status and actions instead of the table (es)', async () => {
    asPhone();
    server([doctor, admin]);
    renderScreen(<UsersList />, { user: admin });
    await screen.findByText('ana@hospital.org', {}, { timeout: 5000 });
    const list = screen.getByRole('list', { name: 'Usuarios' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const ana = within(cards[0] as HTMLElement);
    expect(ana.getByText('ana@hospital.org')).toBeInTheDocument();
    expect(ana.getByText('Ana Pérez')).toBeInTheDocument();
    expect(ana.getByText('Hospital Central')).toBeInTheDocument();
    expect(ana.getByText('Activo')).toBeInTheDocument();
    expect(ana.getByRole('button', { name: 'Editar a ana@hospital.org' })).toBeInTheDocument();
    expect(ana.getByRole('button', { name: 'Desactivar a ana@hospital.org' })).toBeInTheDocument();
    const boss = within(cards[1] as HTMLElement);
    expect(boss.getByText('Administrador')).toBeInTheDocument();
    // An admin cannot deactivate themselves, on a phone too.
    expect(boss.getByRole('button', { name: 'Desactivar a jefa@registry.test' })).toBeDisabled();
  });

  it('on a phone, says there is nothing to show in a card that fits (en)', async () => {
    await i18n.changeLanguage('en');
    asPhone();
    server([]);
    renderScreen(<UsersList />, { user: admin });
    expect(await screen.findByText('No users to show.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
