import type { User } from '@registry/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { answer, refusal, type StubbedApi, stubRoutes } from '../../../test/fetch-routes.ts';
import { renderScreen } from '../../../test/render.tsx';
import { UsersList } from './users-list.tsx';

const LIST = 'GET /api/users/list';
const PATCH = 'PATCH /api/users/:id';

const admin: User = {
  id: '1b0f5a8e-3f7c-4a55-9d7c-0d7f1e2a3b41',
  email: 'admin@registry.test',
  nickname: 'admin',
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
  isActive: false,
  mfaEnabled: false,
  doctor: {
    id: 'd0000000-0000-4000-8000-000000000002',
    first_name: 'Ana',
    last_name: 'Pérez',
    gender: 'female',
    institution: {
      id: '3b0f5a8e-3f7c-4a55-9d7c-0d7f1e2a3b43',
      name: 'Hospital de Clínicas José de San Martín de la Ciudad de Buenos Aires',
      type: 'Hospital',
    },
    patientsQty: 4,
  },
};

const page = (rows: User[], currentPage = 0, totalPages = 1) =>
  answer(200, { data: rows, currentPage, totalPages, totalItems: rows.length + currentPage * 10 });

/** The query of each GET /api/users/list call, in order. */
function listCalls(api: StubbedApi): URLSearchParams[] {
  return api.to(LIST).map((call) => new URLSearchParams(call.query));
}

describe('UsersList', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('es');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows each user with date, admin Sí/No, institution and status, newest first', async () => {
    const api = stubRoutes({ [LIST]: () => page([doctor, admin]) });
    renderScreen(<UsersList />);
    expect(screen.getAllByTestId('skeleton-row').length).toBeGreaterThan(0);
    await screen.findByText('ana@hospital.org');
    const rows = within(screen.getByRole('table', { name: 'Usuarios' })).getAllByRole('row');
    const ana = within(rows[1] as HTMLElement);
    expect(ana.getByText('ana@hospital.org')).toBeInTheDocument();
    expect(ana.getByText('22 nov 2026')).toBeInTheDocument();
    expect(ana.getByText('No')).toBeInTheDocument();
    expect(ana.getByText('Inactivo')).toBeInTheDocument();
    expect(ana.getByTitle(doctor.doctor?.institution.name ?? '')).toBeInTheDocument();
    expect(ana.getByRole('button', { name: 'Activar a ana@hospital.org' })).toBeInTheDocument();
    const boss = within(rows[2] as HTMLElement);
    expect(boss.getByText('Sí')).toBeInTheDocument();
    expect(boss.getByText('Activo')).toBeInTheDocument();
    expect(screen.getByText('Mostrando 2 resultados')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Anterior/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: /Siguiente/ })).toBeDisabled();
    const query = listCalls(api)[0];
    expect(Object.fromEntries(query ?? [])).toEqual({
      page: '0',
      size: '10',
      orderBy: 'createdAt',
      order: 'desc',
    });
  });

  it('says Yes / No and Active / Inactive in English', async () => {
    await i18n.changeLanguage('en');
    stubRoutes({ [LIST]: () => page([doctor, admin]) });
    renderScreen(<UsersList />);
    expect(await screen.findByText('Yes')).toBeInTheDocument();
    expect(screen.getByText('Inactive')).toBeInTheDocument();
    expect(screen.getByText('22 Nov 2026')).toBeInTheDocument();
  });

  it('says so when there are no users', async () => {
    stubRoutes({ [LIST]: () => page([]) });
    renderScreen(<UsersList />);
    expect(await screen.findByText('No hay usuarios para mostrar.')).toBeInTheDocument();
  });

  it('searches 500 ms after the typing stops, from page 0, and keeps the search for next time', async () => {
    sessionStorage.setItem('lastPageUsers', '2');
    const api = stubRoutes({ [LIST]: ({ query }) => (query.filter ? page([doctor]) : page([admin], 2, 3)) });
    renderScreen(<UsersList />);
    await screen.findByText('admin@registry.test');
    expect(listCalls(api)[0]?.get('page')).toBe('2');

    await userEvent.type(screen.getByRole('searchbox', { name: 'Buscar usuarios' }), 'ana');
    expect(listCalls(api).some((query) => query.has('filter'))).toBe(false);
    await screen.findByText('ana@hospital.org', {}, { timeout: 2000 });
    const searched = listCalls(api).filter((query) => query.has('filter'));
    expect(searched).toHaveLength(1);
    expect(searched[0]?.get('filter')).toBe('ana');
    expect(searched[0]?.get('page')).toBe('0');
    expect(sessionStorage.getItem('lastPageUsers')).toBe('0');
    expect(JSON.parse(localStorage.getItem('user-filters') ?? '{}')).toMatchObject({ filter: 'ana' });
  });

  it('sorts by a column header, toggling the order, and goes back to page 0', async () => {
    sessionStorage.setItem('lastPageUsers', '1');
    const api = stubRoutes({ [LIST]: () => page([admin], 1, 2) });
    renderScreen(<UsersList />);
    await screen.findByText('admin@registry.test');
    const header = screen.getByRole('columnheader', { name: 'Email' });
    expect(header).toHaveAttribute('aria-sort', 'none');

    await userEvent.click(within(header).getByRole('button', { name: 'Email' }));
    await waitFor(() => expect(listCalls(api).at(-1)?.get('orderBy')).toBe('email'));
    expect(listCalls(api).at(-1)?.get('order')).toBe('asc');
    expect(listCalls(api).at(-1)?.get('page')).toBe('0');
    expect(header).toHaveAttribute('aria-sort', 'ascending');

    await userEvent.click(within(header).getByRole('button', { name: 'Email' }));
    await waitFor(() => expect(listCalls(api).at(-1)?.get('order')).toBe('desc'));
    expect(header).toHaveAttribute('aria-sort', 'descending');
  });

  it('asks before deactivating, sends the inverted status and reloads the list', async () => {
    const api = stubRoutes({
      [LIST]: () => page([admin]),
      [PATCH]: () => answer(200, { data: { ...admin, isActive: false } }),
    });
    renderScreen(<UsersList />);
    await userEvent.click(await screen.findByRole('button', { name: 'Desactivar a admin@registry.test' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('¿Desea desactivar al usuario admin?')).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(api.to(PATCH)).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Desactivar a admin@registry.test' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Sí' }));
    await waitFor(() => expect(listCalls(api)).toHaveLength(2));
    const patch = api.to(PATCH)[0];
    expect(patch?.url).toBe(`/api/users/${admin.id}`);
    expect(patch?.body).toEqual({ isActive: false });
    expect(await screen.findByText('Usuario modificado.')).toBeInTheDocument();
  });

  it('names the user when the change is refused', async () => {
    stubRoutes({
      [LIST]: () => page([admin]),
      [PATCH]: () => refusal(422, 'CANNOT_DEACTIVATE_SELF', 'No puede desactivar su propio usuario.'),
    });
    renderScreen(<UsersList />);
    await userEvent.click(await screen.findByRole('button', { name: 'Desactivar a admin@registry.test' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Sí' }));
    expect(await screen.findByText('Error al intentar inactivar al usuario admin.')).toBeInTheDocument();
    expect(screen.getByText('No puede desactivar su propio usuario.')).toBeInTheDocument();
  });

  it('shows an error with a retry when the list cannot load', async () => {
    let fail = true;
    stubRoutes({ [LIST]: () => (fail ? refusal(500, 'INTERNAL', 'boom') : page([admin])) });
    renderScreen(<UsersList />);
    expect(
      await screen.findByText('Hubo un problema al intentar obtener los usuarios.', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('admin@registry.test')).toBeInTheDocument();
  }, 10_000);

  it('remembers the page it moves to, and stays put with an Error dialog when a page cannot load', async () => {
    stubRoutes({
      [LIST]: ({ query }) => {
        const at = Number(query.page);
        if (at === 2) {
          return refusal(400, 'BAD_REQUEST', 'x');
        }
        return page([at === 0 ? admin : doctor], at, 3);
      },
    });
    renderScreen(<UsersList />);
    await screen.findByText('admin@registry.test');
    await userEvent.click(screen.getByRole('button', { name: /Siguiente/ }));
    expect(await screen.findByText('ana@hospital.org')).toBeInTheDocument();
    expect(screen.getByText('Página 2 de 3')).toBeInTheDocument();
    expect(sessionStorage.getItem('lastPageUsers')).toBe('1');

    await userEvent.click(screen.getByRole('button', { name: /Siguiente/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Error' });
    expect(
      within(dialog).getByText('Hubo un problema al obtener los usuarios, intente nuevamente.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Página 2 de 3')).toBeInTheDocument();
    expect(sessionStorage.getItem('lastPageUsers')).toBe('1');
  });

  it('opens with the search and sort kept from the last visit', async () => {
    localStorage.setItem('user-filters', JSON.stringify({ filter: 'ana', orderBy: 'email', order: 'desc' }));
    const api = stubRoutes({ [LIST]: () => page([doctor]) });
    renderScreen(<UsersList />);
    await screen.findByText('ana@hospital.org');
    expect(screen.getByRole('searchbox', { name: 'Buscar usuarios' })).toHaveValue('ana');
    expect(screen.getByRole('columnheader', { name: 'Email' })).toHaveAttribute('aria-sort', 'descending');
    expect(Object.fromEntries(listCalls(api)[0] ?? [])).toMatchObject({
      filter: 'ana',
      orderBy: 'email',
      order: 'desc',
    });
  });
});
