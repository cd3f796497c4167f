import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { answer, refusal } from '../../../test/fetch-routes.ts';
import { renderScreen, TEST_DOCTOR_USER } from '../../../test/render.tsx';
import { SummaryPanel } from './summary-panel.tsx';
import { SUMMARY, stubOutcomes } from './test-outcomes.ts';

describe('SummaryPanel', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('es');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('asks for the cohort of the filters and shows its figures', async () => {
    const api = stubOutcomes({ '/api/outcomes/summary': () => answer(200, { data: SUMMARY }) });
    renderScreen(<SummaryPanel filters={{ subtype: 'AML M2', dxFrom: '2024-01-01', dxTo: '2024-12-31' }} />);
    expect(await screen.findByText('Óbitos')).toBeInTheDocument();
    expect(api.to('/api/outcomes/summary')).toEqual([
      { subtype: 'AML M2', dxFrom: '2024-01-01', dxTo: '2024-12-31' },
    ]);
    expect(screen.getByRole('region', { name: 'Resumen de la cohorte' })).toBeInTheDocument();
    const figure = (term: string) => screen.getByText(term, { selector: 'dt' }).parentElement;
    expect(figure('Pacientes')).toHaveTextContent('Pacientes40');
    expect(figure('Recaídas')).toHaveTextContent('Recaídas7');
    expect(figure('Óbitos')).toHaveTextContent('Óbitos5');
    expect(figure('Mediana de seguimiento')).toHaveTextContent(
      'Mediana de seguimiento12,0 mesesIC 95 %: 9,9 – no alcanzado meses',
    );

    // Each chart's counts are a table for screen readers, with the values in words.
    const subtypes = screen.getByRole('table', { name: 'Por subtipo: pacientes por valor' });
    expect(within(subtypes).getByRole('row', { name: 'AML M2 25' })).toBeInTheDocument();
    expect(within(subtypes).getByRole('row', { name: 'Sin dato 15' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Por institución: pacientes por valor' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('table', { name: 'Por año de diagnóstico: pacientes por valor' })).getByRole(
        'row',
        { name: '2024 30' },
      ),
    ).toBeInTheDocument();

    // Completeness: 'n of N (%)' and a bar named by it.
    expect(screen.getByText('10 de 40 (25,0 %)')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'NGS: 10 de 40 (25,0\u00a0%)' })).toHaveAttribute(
      'aria-valuenow',
      '25',
    );
    expect(
      screen.getByRole('progressbar', { name: 'Último control: 0 de 40 (0,0\u00a0%)' }),
    ).toBeInTheDocument();
  });

  it('shows a doctor no counts by institution', async () => {
    const { byInstitution: _left, ...doctorSummary } = SUMMARY;
    stubOutcomes({ '/api/outcomes/summary': () => answer(200, { data: doctorSummary }) });
    renderScreen(<SummaryPanel filters={{}} />, { user: TEST_DOCTOR_USER });
    expect(
      await screen.findByRole('table', { name: 'Por subtipo: pacientes por valor' }),
    ).toBeInTheDocument();
    expect(
      screen.queryByRole('table', { name: 'Por institución: pacientes por valor' }),
    ).not.toBeInTheDocument();
  });

  it('says when the cohort is empty', async () => {
    stubOutcomes({
      '/api/outcomes/summary': () =>
        answer(200, {
          data: { ...SUMMARY, patients: 0, bySubtype: [], byDx: [], byDxYear: [], byRiskLevel: [] },
        }),
    });
    renderScreen(<SummaryPanel filters={{}} />);
    expect(await screen.findByText('No hay pacientes en esta cohorte.')).toBeInTheDocument();
  });

  it('shows the failure with a retry', async () => {
    let fail = true;
    stubOutcomes({
      '/api/outcomes/summary': () =>
        fail ? refusal(400, 'VALIDATION_FAILED', 'No.') : answer(200, { data: SUMMARY }),
    });
    renderScreen(<SummaryPanel filters={{}} />);
    expect(await screen.findByText('Hubo un problema al obtener el resumen.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Óbitos')).toBeInTheDocument();
  });
});
