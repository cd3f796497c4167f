import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DOCTOR_NOTIFICATIONS } from '../../features/quality/components/test-quality.ts';
import { i18n } from '../../lib/i18n.ts';
import { answer, pageAnswer, stubRoutes } from '../../test/fetch-routes.ts';
import { renderScreen, TEST_DOCTOR_USER } from '../../test/render.tsx';
import { NotificationsMenu } from './notifications-menu.tsx';

const DUE_ROW = {
  id: '44444444-4444-4444-8444-444444444444',
  identification: 'HC-0202',
  lastKnownAlive: '2024-01-15',
  doctor: { id: TEST_DOCTOR_USER.id, first_name: 'Ana', last_name: 'Paz' },
};

describe('NotificationsMenu', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('es');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("counts a doctor's open queries and follow-ups with one call that names no patient, and reads the follow-up list only when opened", async () => {
    const api = stubRoutes({
      'GET /api/notifications': () => answer(200, { data: DOCTOR_NOTIFICATIONS }),
      'GET /api/outcomes/follow-up-due': () => pageAnswer([DUE_ROW], 2),
    });
    const onNavigate = vi.fn();
    const { router } = renderScreen(<NotificationsMenu isAdmin={false} onNavigate={onNavigate} />, {
      user: TEST_DOCTOR_USER,
    });
    // The accessible name holds the visible text, the count included.
    const entry = await screen.findByRole(
      'button',
      { name: 'Notificaciones, 5 pendientes' },
      { timeout: 5000 },
    );
    expect(screen.getByTestId('notifications-badge')).toHaveTextContent('5');
    expect(api.to('GET /api/outcomes/follow-up-due')).toHaveLength(0);

    await userEvent.click(entry);
    const drawer = await screen.findByRole('dialog', { name: 'Notificaciones' });
    const queries = within(drawer).getByRole('list', { name: 'Consultas pendientes' });
    expect(within(queries).getAllByRole('listitem')).toHaveLength(1);
    expect(within(drawer).getByText('y 2 más')).toBeInTheDocument();
    expect(await within(drawer).findByText('HC-0202')).toBeInTheDocument();
    expect(api.to('GET /api/outcomes/follow-up-due')).toHaveLength(1);

    await userEvent.click(within(queries).getByRole('link', { name: 'HC-0101 · Fecha de recaída' }));
    expect(router.state.location.pathname).toBe(`/patient/${DOCTOR_NOTIFICATIONS.queries[0]?.patientId}`);
    expect(onNavigate).toHaveBeenCalled();
  });

  it('shows an admin the answered queries to close, and no follow-ups', async () => {
    const api = stubRoutes({
      'GET /api/notifications': () =>
        answer(200, {
          data: { ...DOCTOR_NOTIFICATIONS, openQueries: 0, answeredQueries: 1, followUpsDue: 0, total: 1 },
        }),
    });
    renderScreen(<NotificationsMenu isAdmin onNavigate={() => undefined} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Notificaciones, 1 pendiente' }));
    const drawer = await screen.findByRole('dialog', { name: 'Notificaciones' });
    expect(within(drawer).getByRole('heading', { name: 'Consultas respondidas' })).toBeInTheDocument();
    expect(within(drawer).queryByRole('heading', { name: 'Control pendiente' })).not.toBeInTheDocument();
    expect(api.to('GET /api/outcomes/follow-up-due')).toHaveLength(0);
  });

  it('has no badge when nothing waits, and says so in English too', async () => {
    await i18n.changeLanguage('en');
    stubRoutes({
      'GET /api/notifications': () =>
        answer(200, { data: { openQueries: 0, answeredQueries: 0, followUpsDue: 0, total: 0, queries: [] } }),
      'GET /api/outcomes/follow-up-due': () => pageAnswer([]),
    });
    renderScreen(<NotificationsMenu isAdmin={false} onNavigate={() => undefined} />, {
      user: TEST_DOCTOR_USER,
    });
    const entry = await screen.findByRole('button', { name: 'Notifications' });
    expect(screen.queryByTestId('notifications-badge')).not.toBeInTheDocument();
    await userEvent.click(entry);
    expect(await screen.findByText('You have no open queries.')).toBeInTheDocument();
  });
});
