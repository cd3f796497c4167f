import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { renderScreen } from '../../../test/render.tsx';
import { NewUserModal } from './new-user-modal.tsx';

function answer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

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

function setup(fetch: ReturnType<typeof vi.fn>) {
  vi.stubGlobal('fetch', fetch);
  const onClose = vi.fn();
  const onCreated = vi.fn();
  renderScreen(<NewUserModal opened onClose={onClose} onCreated={onCreated} />);
  return { onClose, onCreated };
}

async function fillAccount() {
  await userEvent.type(screen.getByRole('textbox', { name: /^Email/ }), 'ana@hospital.org');
  await userEvent.type(screen.getByRole('textbox', { name: /^Nombre de usuario/ }), 'ana');
  await userEvent.type(screen.getByLabelText(/^Contraseña/), 'Strong-pass1');
}

describe('NewUserModal', { timeout: 20_000 }, () => {
  beforeEach(async () => {
    await i18n.changeLanguage('es');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('titles itself by the admin / doctor choice and asks the doctor for more', async () => {
    const fetch = vi.fn(async (_url: string, _init?: RequestInit) => answer(200, institutions));
    setup(fetch);
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
    expect(fetch.mock.calls.every(([url]) => String(url).startsWith('/api/institutions/list'))).toBe(true);
  });

  it('refuses a weak password', async () => {
    setup(vi.fn());
    await userEvent.click(await screen.findByRole('radio', { name: 'Administrador' }));
    await userEvent.type(screen.getByLabelText(/^Contraseña/), 'weakpass');
    await userEvent.click(screen.getByRole('button', { name: 'Crear usuario' }));
    expect(await screen.findByText(/La contraseña debe tener entre 8 y 99 caracteres/)).toBeInTheDocument();
  });

  it('creates an admin with POST /users', async () => {
    const fetch = vi.fn(async (_url: string, _init?: RequestInit) => answer(201, { data: created }));
    const { onCreated } = setup(fetch);
    await userEvent.click(await screen.findByRole('radio', { name: 'Administrador' }));
    await fillAccount();
    await userEvent.click(screen.getByRole('button', { name: 'Crear usuario' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    const [url, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/users');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({
      nickname: 'ana',
      email: 'ana@hospital.org',
      password: 'Strong-pass1',
    });
  });

  it('creates a doctor of an active institution with POST /doctors', async () => {
    const fetch = vi.fn(async (url: string, _init?: RequestInit) =>
      url.startsWith('/api/institutions') ? answer(200, institutions) : answer(201, { data: created }),
    );
    const { onCreated } = setup(fetch);
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

    const list = new URL(String(fetch.mock.calls[0]?.[0]), 'http://x').searchParams;
    expect(list.get('page')).toBe('0');
    expect(list.get('size')).toBe('1000');
    const [url, init] = fetch.mock.calls.at(-1) as [string, RequestInit];
    expect(url).toBe('/api/doctors');
    expect(JSON.parse(String(init.body))).toEqual({
      user: { nickname: 'ana', email: 'ana@hospital.org', password: 'Strong-pass1' },
      institutionId: institutions.data[0]?.id,
      first_name: 'Ana',
      last_name: 'Pérez',
      gender: 'female',
    });
  });

  it('shows why the server refused, on the field and above the form', async () => {
    const refusal = {
      statusCode: 409,
      error: 'Conflict',
      message: 'Ya existe un usuario con ese email.',
      code: 'EMAIL_EXISTS',
      fields: { email: 'Ya existe un usuario con ese email.' },
    };
    const { onCreated } = setup(vi.fn(async (_url: string, _init?: RequestInit) => answer(409, refusal)));
    await userEvent.click(await screen.findByRole('radio', { name: 'Administrador' }));
    await fillAccount();
    await userEvent.click(screen.getByRole('button', { name: 'Crear usuario' }));
    expect(await screen.findByText('Error al intentar crear un nuevo usuario.')).toBeInTheDocument();
    expect(screen.getAllByText('Ya existe un usuario con ese email.')).toHaveLength(2);
    expect(screen.getByRole('textbox', { name: /^Email/ })).toBeInvalid();
    expect(onCreated).not.toHaveBeenCalled();
  });

  it('closes on Escape', async () => {
    const { onClose } = setup(vi.fn());
    await screen.findByRole('dialog', { name: 'Nuevo usuario' });
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });
});
