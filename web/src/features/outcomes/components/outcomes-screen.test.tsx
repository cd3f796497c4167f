import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { answer, refusal } from '../../../test/fetch-routes.ts';
import { renderScreen, TEST_DOCTOR_USER } from '../../../test/render.tsx';
import { OutcomesScreen } from './outcomes-screen.tsx';
import { INCIDENCE, SUMMARY, SURVIVAL, stubOutcomes } from './test-outcomes.ts';

const CODES = answer(200, { data: [{ code: 'HI', name: 'Hospital Italiano' }] });

/** The usual answers: the survival echoes the endpoint and grouping asked for. */
function stubApi(overrides: Parameters<typeof stubOutcomes>[0] = {}) {
  return stubOutcomes({
    '/api/outcomes/survival': (query) =>
      answer(200, { data: { ...SURVIVAL, endpoint: query.endpoint, groupBy: query.groupBy } }),
    '/api/outcomes/relapse-incidence': (query) =>
      answer(200, { data: { ...INCIDENCE, groupBy: query.groupBy } }),
    '/api/outcomes/summary': () => answer(200, { data: SUMMARY }),
    '/api/institutions/codes': () => CODES.clone(),
    ...overrides,
  });
}

describe('OutcomesScreen', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('es');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('reads the endpoint, the grouping and the filters from the address', async () => {
    const api = stubApi();
    renderScreen(<OutcomesScreen />, {
      path: '/outcomes?endpoint=rfs&groupBy=subtype&dxFrom=2020-01-01&dxTo=2024-12-31&relapse=true',
    });
    expect(
      await screen.findByRole('heading', { name: 'Supervivencia libre de recaída: Subtipo' }),
    ).toBeInTheDocument();
    expect(api.to('/api/outcomes/survival')).toEqual([
      { endpoint: 'rfs', groupBy: 'subtype', dxFrom: '2020-01-01', dxTo: '2024-12-31', relapse: 'true' },
    ]);
    await waitFor(() =>
      expect(api.to('/api/outcomes/summary')).toEqual([
        { dxFrom: '2020-01-01', dxTo: '2024-12-31', relapse: 'true' },
      ]),
    );
    expect(screen.getByRole('radio', { name: 'Libre de recaída' })).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Agrupar por' })).toHaveValue('Subtipo');
    expect(screen.getByRole('combobox', { name: 'Recaída' })).toHaveValue('Sí');

    // The number at risk, one row per group, one column per tick (every 3 months up to 27).
    const atRisk = screen.getByRole('table', { name: /Pacientes en riesgo/ });
    const amlRow = within(atRisk).getByRole('row', { name: /AML M2/ });
    expect(
      within(amlRow)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['4', '3', '3', '2', '2', '1', '1', '1', '1', '0']);
    const legend = screen.getByRole('list', { name: 'Leyenda' });
    expect(within(legend).getByText('(n = 4, eventos = 2)')).toBeInTheDocument();
    expect(screen.getByText('2 pacientes sin fecha de diagnóstico quedan fuera.')).toBeInTheDocument();
    expect(screen.getByText(/Supervivencia libre de recaída de 7 pacientes en 2 grupos/)).toBeInTheDocument();
  });

  it('writes each choice back into the address and asks for the matching curves', async () => {
    const api = stubApi();
    const { router } = renderScreen(<OutcomesScreen />, { path: '/outcomes' });
    expect(await screen.findByRole('heading', { name: 'Supervivencia global' })).toBeInTheDocument();
    expect(api.to('/api/outcomes/survival')).toEqual([{ endpoint: 'os', groupBy: 'none' }]);

    await userEvent.click(screen.getByRole('radio', { name: 'Incidencia de recaída' }));
    expect(router.state.location.search).toBe('?endpoint=cir');
    expect(
      await screen.findByRole('heading', { name: 'Incidencia acumulada de recaída' }),
    ).toBeInTheDocument();
    expect(api.to('/api/outcomes/relapse-incidence')).toEqual([{ groupBy: 'none' }]);

    await userEvent.click(screen.getByRole('combobox', { name: 'Agrupar por' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Año de diagnóstico', hidden: true }));
    expect(router.state.location.search).toBe('?endpoint=cir&groupBy=dxYear');
    await waitFor(() =>
      expect(api.to('/api/outcomes/relapse-incidence')).toContainEqual({ groupBy: 'dxYear' }),
    );

    await userEvent.click(screen.getByRole('combobox', { name: 'Subtipo' }));
    await userEvent.click(await screen.findByRole('option', { name: 'ALL-T', hidden: true }));
    expect(router.state.location.search).toBe('?endpoint=cir&groupBy=dxYear&subtype=ALL-T');
    await waitFor(() =>
      expect(api.to('/api/outcomes/relapse-incidence')).toContainEqual({
        groupBy: 'dxYear',
        subtype: 'ALL-T',
      }),
    );

    await userEvent.click(screen.getByRole('radio', { name: 'Supervivencia global' }));
    expect(router.state.location.search).toBe('?groupBy=dxYear&subtype=ALL-T');
    await waitFor(() =>
      expect(api.to('/api/outcomes/survival')).toContainEqual({
        endpoint: 'os',
        groupBy: 'dxYear',
        subtype: 'ALL-T',
      }),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Quitar filtros' }));
    expect(router.state.location.search).toBe('?groupBy=dxYear');
  });

  it('falls back to the defaults for values the address should not hold, and offers a doctor no institution', async () => {
    const api = stubApi();
    renderScreen(<OutcomesScreen />, {
      path: '/outcomes?endpoint=efs&groupBy=institution&institutionCode=HI&ci=2',
      user: TEST_DOCTOR_USER,
    });
    expect(await screen.findByRole('heading', { name: 'Supervivencia global' })).toBeInTheDocument();
    expect(api.to('/api/outcomes/survival')).toEqual([{ endpoint: 'os', groupBy: 'none' }]);
    expect(screen.queryByRole('combobox', { name: 'Código de institución' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: 'Agrupar por' }));
    expect(await screen.findByRole('option', { name: 'Sexo', hidden: true })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Institución', hidden: true })).not.toBeInTheDocument();
  });

  it('says so when no patient of the cohort has a diagnosis date', async () => {
    stubApi({
      '/api/outcomes/survival': () =>
        answer(200, { data: { ...SURVIVAL, groups: [], logRank: null, excluded: { noDiagnosisDate: 3 } } }),
    });
    renderScreen(<OutcomesScreen />, { path: '/outcomes' });
    expect(
      await screen.findByText('No hay pacientes con fecha de diagnóstico en esta cohorte.'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('3 pacientes quedaron fuera por no tener fecha de diagnóstico.'),
    ).toBeInTheDocument();
  });

  it('shows the failure with a retry', async () => {
    let fail = true;
    stubApi({
      '/api/outcomes/survival': () =>
        fail
          ? refusal(400, 'VALIDATION_FAILED', 'No.')
          : answer(200, { data: { ...SURVIVAL, endpoint: 'os', groupBy: 'none' } }),
    });
    renderScreen(<OutcomesScreen />, { path: '/outcomes' });
    expect(await screen.findByText('Hubo un problema al calcular las curvas.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('heading', { name: 'Supervivencia global' })).toBeInTheDocument();
  });

  it('folds the filters away on a phone, saying how many are on', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query) =>
        ({
          matches: true,
          media: query,
          addEventListener: () => undefined,
          removeEventListener: () => undefined,
        }) as unknown as MediaQueryList,
    );
    stubApi();
    renderScreen(<OutcomesScreen />, { path: '/outcomes?relapse=true' });
    const toggle = await screen.findByRole('button', { name: /Filtros de la cohorte/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveTextContent('1 activo');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('combobox', { name: 'Recaída' })).toHaveValue('Sí');
  });

  it('shows and hides the 95% bands, keeping the choice in the address', async () => {
    stubApi();
    const { router } = renderScreen(<OutcomesScreen />, { path: '/outcomes?groupBy=subtype' });
    const bands = await screen.findByRole('switch', { name: 'Mostrar el IC 95 %' });
    // Two curves: bands by default.
    expect(bands).toBeChecked();
    await userEvent.click(bands);
    expect(router.state.location.search).toBe('?groupBy=subtype&ci=0');
    expect(screen.getByRole('switch', { name: 'Mostrar el IC 95 %' })).not.toBeChecked();
  });
});
