import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { answer, refusal, stubRoutes } from '../../../test/fetch-routes.ts';
import { renderScreen, TEST_DOCTOR_USER } from '../../../test/render.tsx';
import { QueryThread } from './query-thread.tsx';
import { ANSWERED_QUERY, OPEN_QUERY } from './test-quality.ts';

describe('QueryThread', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('es');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('lets the doctor answer an open query, naming the version it saw, and leads to the field to correct', async () => {
    const api = stubRoutes({ 'POST /api/queries/:id/answer': () => answer(200, { data: ANSWERED_QUERY }) });
    const { router } = renderScreen(
      <QueryThread query={OPEN_QUERY} isAdmin={false} onReload={async () => undefined} />,
      {
        user: TEST_DOCTOR_USER,
      },
    );
    const thread = screen.getByRole('article', { name: 'Consulta sobre Fecha de recaída' });
    expect(within(thread).getByText('Abierta')).toBeInTheDocument();
    expect(within(thread).getByText('¿La recaída es anterior al diagnóstico?')).toBeInTheDocument();

    // An empty answer is refused on the spot.
    await userEvent.click(within(thread).getByRole('button', { name: 'Enviar respuesta' }));
    expect(await within(thread).findByText('Escriba la respuesta.')).toBeInTheDocument();
    expect(api.writes()).toHaveLength(0);

    await userEvent.type(within(thread).getByRole('textbox', { name: /Respuesta/ }), 'Era 2025, corregido.');
    await userEvent.click(within(thread).getByRole('button', { name: 'Enviar respuesta' }));
    await vi.waitFor(() => expect(api.writes()).toHaveLength(1));
    const [call] = api.writes();
    expect(call?.path).toBe(`/api/queries/${OPEN_QUERY.id}/answer`);
    expect(call?.ifMatch).toBe('"1"');
    expect(call?.body).toEqual({ text: 'Era 2025, corregido.' });

    await userEvent.click(
      within(thread).getByRole('link', { name: 'Corregir Fecha de recaída en el asistente' }),
    );
    expect(router.state.location.pathname).toBe(`/edit-patient/${OPEN_QUERY.patientId}/diagnostic`);
    expect(router.state.location.search).toBe('?field=diagnostics.0.relapseDate');
  });

  it('shows the correction that came with the answer, old and new, and lets an admin close it', async () => {
    const api = stubRoutes({
      'POST /api/queries/:id/close': () =>
        answer(200, { data: { ...ANSWERED_QUERY, status: 'closed', version: 3 } }),
    });
    renderScreen(<QueryThread query={ANSWERED_QUERY} isAdmin onReload={async () => undefined} />);
    const table = screen.getByRole('table', { name: 'Datos corregidos al responder' });
    expect(within(table).getByText('Fecha de recaída')).toBeInTheDocument();
    expect(within(table).getByText('01/03/2024')).toBeInTheDocument();
    expect(within(table).getByText('01/03/2025')).toBeInTheDocument();
    expect(screen.getByText('Ana Paz respondió', { exact: false })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Cerrar consulta' }));
    await vi.waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]?.ifMatch).toBe('"2"');
    expect(api.writes()[0]?.body).toEqual({});
  });

  it('says that someone else changed the query when the server answers 412, and reloads on request', async () => {
    stubRoutes({
      'POST /api/queries/:id/close': () => refusal(412, 'STALE_VERSION', 'Stale.'),
      'GET /api/queries': () => answer(200, { data: [], currentPage: 0, totalPages: 0, totalItems: 0 }),
    });
    const onReload = vi.fn(async () => undefined);
    renderScreen(<QueryThread query={ANSWERED_QUERY} isAdmin onReload={onReload} />);
    const thread = screen.getByRole('article');
    await userEvent.click(within(thread).getByRole('button', { name: 'Cerrar consulta' }));
    const alert = await within(thread).findByRole('alert');
    expect(alert).toHaveTextContent(
      'Alguien más cambió esta consulta. Recárguela para ver su estado actual.',
    );
    expect(within(thread).queryByRole('button', { name: 'Cerrar consulta' })).not.toBeInTheDocument();
    await userEvent.click(within(alert).getByRole('button', { name: 'Recargar' }));
    expect(onReload).toHaveBeenCalled();
    expect(await screen.findByRole('button', { name: 'Cerrar consulta' })).toBeInTheDocument();
  });

  it('offers a doctor nothing to do on an answered query, and an admin a reopening of a closed one', async () => {
    stubRoutes({});
    const { unmount } = renderScreen(
      <QueryThread query={ANSWERED_QUERY} isAdmin={false} onReload={async () => undefined} />,
      { user: TEST_DOCTOR_USER },
    );
    expect(within(screen.getByRole('article')).queryByRole('button')).not.toBeInTheDocument();
    unmount();
    renderScreen(
      <QueryThread
        query={{ ...ANSWERED_QUERY, status: 'closed' }}
        isAdmin
        onReload={async () => undefined}
      />,
    );
    expect(screen.getByRole('button', { name: 'Reabrir consulta' })).toBeInTheDocument();
  });

  it('reads in English', async () => {
    await i18n.changeLanguage('en');
    stubRoutes({});
    renderScreen(<QueryThread query={ANSWERED_QUERY} isAdmin onReload={async () => undefined} />);
    expect(screen.getByRole('article', { name: 'Query about Relapse date' })).toBeInTheDocument();
    expect(screen.getByText('Answered')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close query' })).toBeInTheDocument();
  });

  it('is brought into view and focused when the address names it, as the queries screen links to it', async () => {
    renderScreen(<QueryThread query={OPEN_QUERY} isAdmin={false} onReload={async () => undefined} />, {
      path: `/patient/${OPEN_QUERY.patientId}#query-${OPEN_QUERY.id}`,
      user: TEST_DOCTOR_USER,
    });
    await vi.waitFor(() =>
      expect(screen.getByRole('article', { name: 'Consulta sobre Fecha de recaída' })).toHaveFocus(),
    );
  });

  it('names the rule a query was opened from', async () => {
    stubRoutes({
      'GET /api/quality/rules': () =>
        answer(200, {
          data: [
            {
              id: 'crWithBlasts',
              severity: 'error',
              step: 'treatments',
              fields: ['treatments.*.EMRBlasts'],
              message: { es: 'RC con 5 % o más de blastos', en: 'CR with 5% blasts or more' },
            },
          ],
        }),
    });
    renderScreen(
      <QueryThread
        query={{ ...OPEN_QUERY, ruleId: 'crWithBlasts' }}
        isAdmin
        onReload={async () => undefined}
      />,
    );
    expect(await screen.findByText('Regla: RC con 5 % o más de blastos')).toBeInTheDocument();
  });

  it('keeps an answer over 2000 characters whole and says so, sending nothing', async () => {
    const api = stubRoutes({});
    renderScreen(<QueryThread query={OPEN_QUERY} isAdmin={false} onReload={async () => undefined} />, {
      user: TEST_DOCTOR_USER,
    });
    const field = screen.getByRole('textbox', { name: /Respuesta/ });
    await userEvent.click(field);
    await userEvent.paste('y'.repeat(2001));
    expect(field).toHaveValue('y'.repeat(2001));
    expect(
      screen.getByText('Hasta 2000 caracteres: sobran 1. El texto se conserva para que lo acorte.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Enviar respuesta' }));
    expect(api.writes()).toHaveLength(0);
    expect(field).toHaveValue('y'.repeat(2001));
  });
});
