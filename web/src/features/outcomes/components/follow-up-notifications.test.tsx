import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { refusal } from '../../../test/fetch-routes.ts';
import { renderScreen, TEST_DOCTOR_USER } from '../../../test/render.tsx';
import { FollowUpNotifications } from './follow-up-notifications.tsx';
import { DUE, duePage, stubOutcomes } from './test-outcomes.ts';

describe('FollowUpNotifications', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('es');
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date(2026, 10, 23, 12) });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("shows how many of the doctor's patients are due, and lists them with a way to the full list", async () => {
    const api = stubOutcomes({ '/api/outcomes/follow-up-due': () => duePage(DUE, 34, 0, 2) });
    const onNavigate = vi.fn();
    const { router } = renderScreen(<FollowUpNotifications isAdmin={false} onNavigate={onNavigate} />, {
      user: TEST_DOCTOR_USER,
    });
    const entry = await screen.findByRole('button', {
      name: 'Notificaciones: 34 pacientes con control pendiente',
    });
    expect(screen.getByTestId('follow-up-badge')).toHaveTextContent('34');
    expect(api.to('/api/outcomes/follow-up-due')).toEqual([{ months: '6', page: '0', size: '20' }]);

    await userEvent.click(entry);
    const drawer = await screen.findByRole('dialog', { name: 'Control pendiente' });
    const items = within(drawer).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('HC-0101');
    expect(items[0]).toHaveTextContent('15/01/2024hace 34 meses');
    expect(items[1]).toHaveTextContent('Sin fechas registradas');
    // A doctor's own patients: no doctor's name.
    expect(within(drawer).queryByText(/Médico/)).not.toBeInTheDocument();

    await userEvent.click(within(drawer).getByRole('link', { name: 'Ver todos (34)' }));
    expect(router.state.location.pathname).toBe('/follow-up');
    expect(onNavigate).toHaveBeenCalled();
  });

  it("gives an admin each patient's doctor and opens a patient's file", async () => {
    stubOutcomes({ '/api/outcomes/follow-up-due': () => duePage(DUE) });
    const { router } = renderScreen(<FollowUpNotifications isAdmin onNavigate={() => undefined} />);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Notificaciones: 2 pacientes con control pendiente' }),
    );
    const drawer = await screen.findByRole('dialog', { name: 'Control pendiente' });
    expect(within(drawer).getAllByText('Médico: Ana Paz')).toHaveLength(2);
    await userEvent.click(within(drawer).getByRole('link', { name: 'Ver la ficha de HC-0101' }));
    expect(router.state.location.pathname).toBe(`/patient/${DUE[0]?.id}`);
  });

  it('has no badge when nobody is due, and says so', async () => {
    stubOutcomes({ '/api/outcomes/follow-up-due': () => duePage([]) });
    renderScreen(<FollowUpNotifications isAdmin={false} onNavigate={() => undefined} />, {
      user: TEST_DOCTOR_USER,
    });
    const entry = await screen.findByRole('button', { name: 'Notificaciones' });
    expect(screen.queryByTestId('follow-up-badge')).not.toBeInTheDocument();
    await userEvent.click(entry);
    expect(await screen.findByText('No hay pacientes con control pendiente.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Ver todos/ })).not.toBeInTheDocument();
  });

  it('asks again every five minutes', async () => {
    let due = DUE;
    const api = stubOutcomes({ '/api/outcomes/follow-up-due': () => duePage(due) });
    renderScreen(<FollowUpNotifications isAdmin={false} onNavigate={() => undefined} />, {
      user: TEST_DOCTOR_USER,
    });
    await screen.findByRole('button', { name: 'Notificaciones: 2 pacientes con control pendiente' });
    due = DUE.slice(1);
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(
      await screen.findByRole('button', { name: 'Notificaciones: 1 paciente con control pendiente' }),
    ).toBeInTheDocument();
    expect(api.to('/api/outcomes/follow-up-due').length).toBeGreaterThanOrEqual(2);
  });

  it('shows a failure with a retry in the list', async () => {
    stubOutcomes({ '/api/outcomes/follow-up-due': () => refusal(400, 'VALIDATION_FAILED', 'No.') });
    renderScreen(<FollowUpNotifications isAdmin={false} onNavigate={() => undefined} />, {
      user: TEST_DOCTOR_USER,
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Notificaciones' }));
    expect(
      await screen.findByText('Hubo un problema al obtener los pacientes con control pendiente.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });
});
