import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { answer, type Route, refusal, stubRoutes } from '../../../test/fetch-routes.ts';
import { renderScreen } from '../../../test/render.tsx';
import { NewUserModal } from './new-user-modal.tsx';

const INSTITUTIONS = 'GET /api/institutions/list';

const institution = (id: string, name: string, isActive: boolean) => ({
  id,
  name,
  code: name.slice(0, 3).toUpperCase(),
  type: 'Hospital',
  isActive,
  createdAt: '2026-01-01T00:00:00.000Z',
  doctorsQty: 0,
  patientsQty: 0,
});
const institutions = {
  data: [
    institution('4b0f5a8e-3f7c-4a55-9d7c-0d7f1e2a3b44', 'Hospital Italiano', true),
    institution('5b0f5a8e-3f7c-4a55-9d7c-0d7f1e2a3b45', 'Clínica Cerrada', false),
  ],
  currentPage: 0,
  totalPages: 1,
  totalItems: 2,
};
const created = {
  id: '6b0f5a8e-3f7c-4a55-9d7c-0d7f1e2a3b46',
  email: 'ana@hospital.org',
  nickname: 'ana',
  createdAt: '2026-01-01T00:00:00.000Z',
  isAdmin: true,
  isActive: true,
  mfaEnabled: false,
  doctor: null,
};

function setup(routes: Record<string, Route> = {}) {
  const api = stubRoutes(routes);
  const onClose = vi.fn();
  const onCreated = vi.fn();
  renderScreen(<NewUserModal opened onClose={onClose} onCreated={onCreated} />);
  return { api, onClose, onCreated };
}

async function fillAccount() {
  await userEvent.type(screen.getByRole('textbox', { name: /^Email/ }), 'ana@hospital.org');
  await userEvent.type(screen.getByRole('textbox', { name: /^Nombre de usuario/ }), 'ana');
  await userEvent.type(screen.getByLabelText(/^Contraseña/), 'Strong-pass1');
}

describe('NewUserModal', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('es');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('titles itself by the admin / doctor choice and asks the doctor for more', async () => {
    const { api } = setup({ [INSTITUTIONS]: () => answer(200, institutions) });
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo usuario' });
    expect(within(dialog).queryByRole('textbox', { name: 'Nombre' })).not.toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Crear usuario' }));
    expect(await within(dialog).findByText('Debe elegir una opción.')).toBeInTheDocument();
    expect(within(dialog).getByText('El email es obligatorio.')).toBeInTheDocument();
    expect(within(dialog).getByText('Este campo es obligatorio.')).toBeInTheDocument();
    expect(within(dialog).getByText('Debe ingresar su contraseña.')).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('radio', { name: 'Médico' }));
    expect(await screen.findByRole('dialog', { name: 'Nuevo médico' })).toBeInTheDocument();
    await fillAccount();
    await userEvent.click(screen.getByRole('button', { name: 'Crear usuario' }));
    await waitFor(() => expect(screen.getAllByText('Este campo es obligatorio.')).toHaveLength(2));
    expect(screen.getAllByText('Debe elegir una opción.')).toHaveLength(2);
    expect(screen.getByRole('textbox', { name: /^Apellido/ })).toBeInvalid();

    await userEvent.click(screen.getByRole('radio', { name: 'Administrador' }));
    expect(await screen.findByRole('dialog', { name: 'Nuevo administrador' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /^Apellido/ })).not.toBeInTheDocument();
    expect(api.calls.every((call) => call.url.startsWith('/api/institutions/list'))).toBe(true);
  });

  it('refuses a weak password', async () => {
    setup();
    await userEvent.click(await screen.findByRole('radio', { name: 'Administrador' }));
    await userEvent.type(screen.getByLabelText(/^Contraseña/), 'weakpass');
    await userEvent.click(screen.getByRole('button', { name: 'Crear usuario' }));
    expect(await screen.findByText(/La contraseña debe tener entre 8 y 99 caracteres/)).toBeInTheDocument();
  });

  it('creates an admin with POST /users', async () => {
    const { api, onCreated } = setup({ 'POST /api/users': () => answer(201, { data: created }) });
    await userEvent.click(await screen.findByRole('radio', { name: 'Administrador' }));
    await fillAccount();
    await userEvent.click(screen.getByRole('button', { name: 'Crear usuario' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    const [call] = api.calls;
    expect(call?.url).toBe('/api/users');
    expect(call?.method).toBe('POST');
    expect(call?.body).toEqual({
      nickname: 'ana',
      email: 'ana@hospital.org',
      password: 'Strong-pass1',
    });
  });

  it('creates a doctor of an active institution with POST /doctors', async () => {
    const { api, onCreated } = setup({
      [INSTITUTIONS]: () => answer(200, institutions),
      'POST /api/doctors': () => answer(201, { data: created }),
    });
    await userEvent.click(await screen.findByRole('radio', { name: 'Médico' }));
    await fillAccount();
    await userEvent.type(screen.getByRole('textbox', { name: 'Nombre' }), 'Ana');
    await userEvent.type(screen.getByRole('textbox', { name: /^Apellido/ }), 'Pérez');
    await userEvent.click(screen.getByRole('combobox', { name: 'Sexo' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Femenino', hidden: true }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Institución' }));
    // jsdom never finishes the dropdown's transition, so its options count as hidden.
    const option = await screen.findByRole('option', { name: 'Hospital Italiano', hidden: true });
    expect(screen.queryByRole('option', { name: 'Clínica Cerrada', hidden: true })).not.toBeInTheDocument();
    await userEvent.click(option);
    await userEvent.click(screen.getByRole('button', { name: 'Crear usuario' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalled());

    const list = api.calls[0]?.query;
    expect(list?.page).toBe('0');
    expect(list?.size).toBe('1000');
    const last = api.calls.at(-1);
    expect(last?.url).toBe('/api/doctors');
    expect(last?.body).toEqual({
      user: { nickname: 'ana', email: 'ana@hospital.org', password: 'Strong-pass1' },
      institutionId: institutions.data[0]?.id,
      first_name: 'Ana',
      last_name: 'Pérez',
      gender: 'female',
    });
  });

  it('shows why the server refused, on the field and above the form', async () => {
    const { onCreated } = setup({
      'POST /api/users': () =>
        refusal(409, 'EMAIL_EXISTS', 'Ya existe un usuario con ese email.', {
          email: 'Ya existe un usuario con ese email.',
        }),
    });
    await userEvent.click(await screen.findByRole('radio', { name: 'Administrador' }));
    await fillAccount();
    await userEvent.click(screen.getByRole('button', { name: 'Crear usuario' }));
    expect(await screen.findByText('Error al intentar crear un nuevo usuario.')).toBeInTheDocument();
    expect(screen.getAllByText('Ya existe un usuario con ese email.')).toHaveLength(2);
    expect(screen.getByRole('textbox', { name: /^Email/ })).toBeInvalid();
    expect(onCreated).not.toHaveBeenCalled();
  });

  it('closes on Escape', async () => {
    const { onClose } = setup();
    await screen.findByRole('dialog', { name: 'Nuevo usuario' });
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });
});
