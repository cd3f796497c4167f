import type { Institution } from '@registry/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { answer, pageAnswer, stubRoutes } from '../../../test/fetch-routes.ts';
import { renderScreen } from '../../../test/render.tsx';
import { InstitutionsList } from './institutions-list.tsx';

const LIST = 'GET /api/institutions/list';

const italiano: Institution = {
  id: '4b0f5a8e-3f7c-4a55-9d7c-0d7f1e2a3b44',
  name: 'Hospital Italiano',
  code: 'HIBA',
  type: 'Hospital',
  isActive: true,
  createdAt: '2026-02-01T12:00:00.000Z',
  doctorsQty: 3,
  patientsQty: 17,
};
const biobank: Institution = {
  ...italiano,
  id: '5b0f5a8e-3f7c-4a55-9d7c-0d7f1e2a3b45',
  name: 'Banco Nacional',
  code: 'BN',
  type: 'BioBanco',
  isActive: false,
};
const page = (rows: Institution[]) => pageAnswer(rows);

describe('InstitutionsList', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('es');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows each institution with type, date, counts and status', async () => {
    const api = stubRoutes({ [LIST]: () => page([biobank, italiano]) });
    renderScreen(<InstitutionsList />);
    await screen.findByText('Hospital Italiano');
    const rows = within(screen.getByRole('table', { name: 'Instituciones' })).getAllByRole('row');
    const bank = within(rows[1] as HTMLElement);
    expect(bank.getByText('BioBanco')).toBeInTheDocument();
    expect(bank.getByText('Inactivo')).toBeInTheDocument();
    const hospital = within(rows[2] as HTMLElement);
    expect(hospital.getByText('HIBA')).toBeInTheDocument();
    expect(hospital.getByText('01 feb 2026')).toBeInTheDocument();
    expect(hospital.getByText('17')).toBeInTheDocument();
    expect(hospital.getByText('Activo')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Nombre' })).toHaveAttribute('aria-sort', 'ascending');
    expect(api.calls[0]?.query).toEqual({ page: '0', size: '10', orderBy: 'name', order: 'asc' });
  });

  it('says so when there are no institutions, in English too', async () => {
    await i18n.changeLanguage('en');
    stubRoutes({ [LIST]: () => page([]) });
    renderScreen(<InstitutionsList />);
    expect(await screen.findByText('No institutions to show.')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 1')).toBeInTheDocument();
  });

  it('asks before activating, sends the inverted status and says the institution was modified', async () => {
    const api = stubRoutes({
      [LIST]: () => page([biobank]),
      'PATCH /api/institutions/:id': () => answer(200, { data: { ...biobank, isActive: true } }),
    });
    renderScreen(<InstitutionsList />);
    await userEvent.click(await screen.findByRole('button', { name: 'Activar Banco Nacional' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('¿Desea activar la institución Banco Nacional?')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sí' }));
    expect(await screen.findByText('Institución modificada.')).toBeInTheDocument();
    const patch = api.calls.find((call) => call.method === 'PATCH');
    expect(patch?.url).toBe(`/api/institutions/${biobank.id}`);
    expect(patch?.body).toEqual({ isActive: true });
    await waitFor(() => expect(api.to(LIST)).toHaveLength(2));
  });

  it('searches by the text typed, from page 0', async () => {
    sessionStorage.setItem('lastPageInstitutions', '1');
    const api = stubRoutes({ [LIST]: () => page([italiano]) });
    renderScreen(<InstitutionsList />);
    await screen.findByText('Hospital Italiano');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Buscar instituciones' }), 'hiba');
    await waitFor(() => expect(api.calls.at(-1)?.query.filter).toBe('hiba'), { timeout: 2000 });
    expect(api.calls.at(-1)?.query.page).toBe('0');
  });
});
