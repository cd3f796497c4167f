import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { answer, pageAnswer } from '../../../test/fetch-routes.ts';
import { renderScreen, TEST_DOCTOR_USER } from '../../../test/render.tsx';
import { HomeScreen } from './home-screen.tsx';
import { DUE, SUMMARY, stubOutcomes } from './test-outcomes.ts';

describe('HomeScreen', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('es');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows an admin the whole registry in figures, with ways to the patients and the outcomes', async () => {
    const api = stubOutcomes({ '/api/outcomes/summary': () => answer(200, { data: SUMMARY }) });
    renderScreen(<HomeScreen />);
    expect(screen.getByRole('heading', { name: 'Resumen del registro', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('Completitud de los datos')).toBeInTheDocument();
    expect(api.to('/api/outcomes/summary')).toEqual([{}]);
    expect(api.to('/api/outcomes/follow-up-due')).toEqual([]);
    expect(screen.getByRole('link', { name: 'Ver pacientes' })).toHaveAttribute('href', '/patients');
    expect(screen.getByRole('link', { name: 'Ver resultados' })).toHaveAttribute('href', '/outcomes');
  });

  it('shows a doctor their patients due for follow-up, a page at a time', async () => {
    const api = stubOutcomes({ '/api/outcomes/follow-up-due': () => pageAnswer(DUE, 12, 0, 2) });
    renderScreen(<HomeScreen />, { user: TEST_DOCTOR_USER });
    expect(
      screen.getByRole('heading', { name: 'Mis pacientes con control pendiente', level: 1 }),
    ).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Pacientes con control pendiente' });
    expect(await within(table).findByRole('link', { name: 'Ver la ficha de HC-0101' })).toHaveAttribute(
      'href',
      `/patient/${DUE[0]?.id}`,
    );
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((cell) => cell.textContent)).toEqual(['Paciente', 'Último dato con vida']);
    expect(screen.getByText('Página 1 de 2')).toBeInTheDocument();
    expect(api.to('/api/outcomes/follow-up-due')).toEqual([{ months: '6', page: '0', size: '10' }]);
    expect(api.to('/api/outcomes/summary')).toEqual([]);
    expect(screen.getByRole('link', { name: 'Ver mis pacientes' })).toHaveAttribute('href', '/patients');
    // A doctor's first action of the day is at hand.
    expect(screen.getByRole('link', { name: 'Nuevo paciente' })).toHaveAttribute('href', '/new-patient');
  });

  it('tells a doctor when nobody is due', async () => {
    stubOutcomes({ '/api/outcomes/follow-up-due': () => pageAnswer([]) });
    renderScreen(<HomeScreen />, { user: TEST_DOCTOR_USER });
    expect(await screen.findByText('No hay pacientes con control pendiente.')).toBeInTheDocument();
  });

  it('reads in English', async () => {
    await i18n.changeLanguage('en');
    stubOutcomes({ '/api/outcomes/follow-up-due': () => pageAnswer(DUE) });
    renderScreen(<HomeScreen />, { user: TEST_DOCTOR_USER });
    expect(screen.getByRole('heading', { name: 'My patients due for follow-up' })).toBeInTheDocument();
    expect(await screen.findByText('No dates recorded')).toBeInTheDocument();
  });
});
