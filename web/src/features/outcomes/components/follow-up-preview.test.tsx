import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { pageAnswer, refusal } from '../../../test/fetch-routes.ts';
import { renderScreen, TEST_DOCTOR_USER } from '../../../test/render.tsx';
import { FollowUpPreview } from './follow-up-preview.tsx';
import { DUE, stubOutcomes } from './test-outcomes.ts';

describe('FollowUpPreview', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('es');
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date(2026, 10, 23, 12) });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("lists the doctor's patients due, oldest first, with a way to the full list", async () => {
    const api = stubOutcomes({ '/api/outcomes/follow-up-due': () => pageAnswer(DUE, 34, 0, 2) });
    const onNavigate = vi.fn();
    const { router } = renderScreen(<FollowUpPreview isAdmin={false} onNavigate={onNavigate} />, {
      user: TEST_DOCTOR_USER,
    });
    const list = await screen.findByRole('list', { name: 'Pacientes con control pendiente' });
    expect(api.to('/api/outcomes/follow-up-due')).toEqual([{ months: '6', page: '0', size: '20' }]);
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('HC-0101');
    expect(items[0]).toHaveTextContent('15/01/2024hace 34 meses');
    expect(items[1]).toHaveTextContent('Sin fechas registradas');
    expect(screen.queryByText(/Médico/)).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('link', { name: 'Ver todos (34)' }));
    expect(router.state.location.pathname).toBe('/follow-up');
    expect(onNavigate).toHaveBeenCalled();
  });

  it("gives an admin each patient's doctor and opens a patient's file", async () => {
    stubOutcomes({ '/api/outcomes/follow-up-due': () => pageAnswer(DUE) });
    const { router } = renderScreen(<FollowUpPreview isAdmin onNavigate={() => undefined} />);
    expect(await screen.findAllByText('Médico: Ana Paz')).toHaveLength(2);
    await userEvent.click(screen.getByRole('link', { name: 'Ver la ficha de HC-0101' }));
    expect(router.state.location.pathname).toBe(`/patient/${DUE[0]?.id}`);
  });

  it('says so when nobody is due, with no way to an empty list', async () => {
    stubOutcomes({ '/api/outcomes/follow-up-due': () => pageAnswer([]) });
    renderScreen(<FollowUpPreview isAdmin={false} onNavigate={() => undefined} />, {
      user: TEST_DOCTOR_USER,
    });
    expect(await screen.findByText('No hay pacientes con control pendiente.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Ver todos/ })).not.toBeInTheDocument();
  });

  it('shows a failure with a retry', async () => {
    stubOutcomes({ '/api/outcomes/follow-up-due': () => refusal(400, 'VALIDATION_FAILED', 'No.') });
    renderScreen(<FollowUpPreview isAdmin={false} onNavigate={() => undefined} />, {
      user: TEST_DOCTOR_USER,
    });
    expect(
      await screen.findByText('Hubo un problema al obtener los pacientes con control pendiente.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });
});
