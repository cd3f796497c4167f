import type { Institution } from '@registry/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { renderScreen } from '../../../test/render.tsx';
import { InstitutionsList } from './institutions-list.tsx';

function answer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

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
const page = (rows: Institution[]) =>
  answer(200, { data: rows, currentPage: 0, totalPages: 1, totalItems: rows.length });

describe('InstitutionsList', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('es');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows each institution with type, date, counts and status', async () => {
    const fetch = vi.fn(async (_url: string, _init?: RequestInit) => page([biobank, italiano]));
    vi.stubGlobal('fetch', fetch);
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
    const query = new URL(String(fetch.mock.calls[0]?.[0]), 'http://x').searchParams;
    expect(Object.fromEntries(query)).toEqual({ page: '0', size: '10', orderBy: 'name', order: 'asc' });
  });

  it('says so when there are no institutions, in English too', async () => {
    await i18n.changeLanguage('en');
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, _init?: RequestInit) => page([])),
    );
    renderScreen(<InstitutionsList />);
    expect(await screen.findByText('No institutions to show.')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 1')).toBeInTheDocument();
  });

  it('asks before activating, sends the inverted status and says the institution was modified', async () => {
    const fetch = vi.fn(async (_url: string, init?: RequestInit) =>
      init?.method === 'PATCH' ? answer(200, { data: { ...biobank, isActive: true } }) : page([biobank]),
    );
    vi.stubGlobal('fetch', fetch);
    renderScreen(<InstitutionsList />);
    await userEvent.click(await screen.findByRole('button', { name: 'Activar Banco Nacional' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('¿Desea activar la institución Banco Nacional?')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sí' }));
    expect(await screen.findByText('Institución modificada.')).toBeInTheDocument();
    const patch = fetch.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(patch?.[0]).toBe(`/api/institutions/${biobank.id}`);
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({ isActive: true });
    await waitFor(() =>
      expect(
        fetch.mock.calls.filter(([url]) => String(url).startsWith('/api/institutions/list')),
      ).toHaveLength(2),
    );
  });

  it('searches by the text typed, from page 0', async () => {
    sessionStorage.setItem('lastPageInstitutions', '1');
    const fetch = vi.fn(async (_url: string, _init?: RequestInit) => page([italiano]));
    vi.stubGlobal('fetch', fetch);
    renderScreen(<InstitutionsList />);
    await screen.findByText('Hospital Italiano');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Buscar instituciones' }), 'hiba');
    await waitFor(
      () =>
        expect(new URL(String(fetch.mock.calls.at(-1)?.[0]), 'http://x').searchParams.get('filter')).toBe(
          'hiba',
        ),
      { timeout: 2000 },
    );
    expect(new URL(String(fetch.mock.calls.at(-1)?.[0]), 'http://x').searchParams.get('page')).toBe('0');
  });
});
