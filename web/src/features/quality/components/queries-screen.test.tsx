import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { answer, stubRoutes } from '../../../test/fetch-routes.ts';
import { renderScreen, TEST_DOCTOR_USER } from '../../../test/render.tsx';
import type { Query } from '../api/schemas.ts';
import { QueriesScreen } from './queries-screen.tsx';
import { ANSWERED_QUERY, OPEN_QUERY } from './test-quality.ts';

const RULES = [
  {
    id: 'crWithBlasts',
    severity: 'error',
    step: 'treatments',
    fields: ['treatments.*.EMRBlasts'],
    message: { es: 'RC con 5 % o más de blastos', en: 'CR with 5% blasts or more' },
  },
];

const BULK_QUERY: Query = {
  ...OPEN_QUERY,
  id: '33333333-3333-4333-8333-333333333333',
  ruleId: 'crWithBlasts',
};

function page(rows: readonly Query[], totalItems = rows.length, totalPages = 1) {
  return answer(200, { data: rows, currentPage: 0, totalPages, totalItems });
}

function stubQueries(rows: (query: Record<string, string>) => Response) {
  return stubRoutes({
    'GET /api/queries': (call) => rows(call.query),
    'GET /api/quality/rules': () => answer(200, { data: RULES }),
    'GET /api/institutions/codes': () => answer(200, { data: [{ code: 'HI', name: 'Hospital Italiano' }] }),
  });
}

/** A browser as wide as a phone: the media queries below 600 px match. */
function phoneWidth() {
  const original = window.matchMedia;
  window.matchMedia = ((query: string) => ({
    ...original(query),
    matches: query.includes('max-width: 599px'),
  })) as typeof window.matchMedia;
  return () => {
    window.matchMedia = original;
  };
}

describe('QueriesScreen', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('es');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows a doctor their open queries by default, each opening the patient file at its thread', async () => {
    const api = stubQueries(() => page([OPEN_QUERY, BULK_QUERY]));
    const { router } = renderScreen(<QueriesScreen />, { path: '/queries', user: TEST_DOCTOR_USER });
    const table = await screen.findByRole('table', { name: 'Consultas' });
    const links = await within(table).findAllByRole('link', { name: /^HC-0101 · / });
    expect(api.to('GET /api/queries')[0]?.query).toEqual({ page: '0', size: '10', status: 'open' });
    expect(screen.getByRole('combobox', { name: 'Estado' })).toHaveValue('Abierta');
    // A doctor filters by no institution.
    expect(screen.queryByRole('combobox', { name: 'Institución' })).not.toBeInTheDocument();
    expect(within(table).getAllByText('¿La recaída es anterior al diagnóstico?')).toHaveLength(2);
    expect(await within(table).findByText('Regla: RC con 5 % o más de blastos')).toBeInTheDocument();
    await userEvent.click(links[0] as HTMLElement);
    expect(router.state.location.pathname).toBe(`/patient/${OPEN_QUERY.patientId}`);
    expect(router.state.location.hash).toBe(`#query-${OPEN_QUERY.id}`);
  });

  it('shows an admin the answered queries by default, and filters by state and institution through the address', async () => {
    await i18n.changeLanguage('en');
    const api = stubQueries(() => page([ANSWERED_QUERY]));
    const { router } = renderScreen(<QueriesScreen />, { path: '/queries' });
    expect(await screen.findByRole('table', { name: 'Queries' })).toBeInTheDocument();
    expect(api.to('GET /api/queries')[0]?.query).toEqual({ page: '0', size: '10', status: 'answered' });

    await userEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'All statuses' }));
    expect(router.state.location.search).toBe('?status=all');
    await waitFor(() => expect(api.to('GET /api/queries').at(-1)?.query).toEqual({ page: '0', size: '10' }));

    await userEvent.click(screen.getByRole('combobox', { name: 'Institution' }));
    await userEvent.click(await screen.findByRole('option', { name: 'HI · Hospital Italiano' }));
    expect(router.state.location.search).toBe('?status=all&institutionCode=HI');
    await waitFor(() =>
      expect(api.to('GET /api/queries').at(-1)?.query).toEqual({
        page: '0',
        size: '10',
        institutionCode: 'HI',
      }),
    );
  });

  it('takes the state the mail links to from the address, and pages as the other lists', async () => {
    const api = stubQueries((query) =>
      page([{ ...OPEN_QUERY, id: `22222222-2222-4222-8222-00000000000${query.page}` }], 45, 3),
    );
    const { router } = renderScreen(<QueriesScreen />, { path: '/queries?status=closed' });
    expect(await screen.findByText('Mostrando 45 resultados')).toBeInTheDocument();
    expect(api.to('GET /api/queries')[0]?.query).toEqual({ page: '0', size: '10', status: 'closed' });
    await userEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=closed&page=1'));
    expect(await screen.findByText('Página 2 de 3')).toBeInTheDocument();
  });

  it('says when there is nothing, and offers a retry when the list fails', async () => {
    let fail = true;
    stubQueries(() => (fail ? answer(500, { message: 'boom' }) : page([])));
    renderScreen(<QueriesScreen />, { path: '/queries', user: TEST_DOCTOR_USER });
    // A server error is tried again twice before it is said.
    expect(
      await screen.findByText('No se pudieron obtener las consultas.', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('No hay consultas en estado «abierta».')).toBeInTheDocument();
  });

  it('shows a card per query on a phone', async () => {
    const restore = phoneWidth();
    try {
      stubQueries(() => page([OPEN_QUERY]));
      renderScreen(<QueriesScreen />, { path: '/queries', user: TEST_DOCTOR_USER });
      const link = await screen.findByRole('link', { name: /^HC-0101 · / });
      const card = link.closest('li') as HTMLElement;
      expect(screen.getByRole('list', { name: 'Consultas' })).toContainElement(card);
      expect(link).toHaveAttribute('href', `/patient/${OPEN_QUERY.patientId}#query-${OPEN_QUERY.id}`);
      expect(within(card).getByText('Abierta')).toBeInTheDocument();
    } finally {
      restore();
    }
  });
});
