import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { answer, refusal } from '../../../test/fetch-routes.ts';
import { renderScreen, TEST_DOCTOR_USER } from '../../../test/render.tsx';
import { OutcomesScreen } from './outcomes-screen.tsx';
import { EARLY_DEATH, INCIDENCE, RESPONSE, SUMMARY, SURVIVAL, stubOutcomes } from './test-outcomes.ts';

// The whole screen (curves, tables, the Cox panel) is a large page for jsdom: role queries take a while.
configure({ asyncUtilTimeout: 8000 });

/** Picks an option of a Mantine Select by the select's label. */
async function choose(label: string, option: string) {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  await userEvent.click(
    await within(await listOf(label)).findByRole('option', { name: option, hidden: true }),
  );
}

/** The list of options a select opens (other selects' lists may hold the same names). */
async function listOf(label: string): Promise<HTMLElement> {
  const box = screen.getByRole('combobox', { name: label });
  await waitFor(() => expect(box).toHaveAttribute('aria-controls'));
  const list = document.getElementById(box.getAttribute('aria-controls') ?? '');
  if (!list) {
    throw new Error(`No options for ${label}`);
  }
  return list;
}

const CODES = answer(200, { data: [{ code: 'HI', name: 'Hospital Italiano' }] });

/** The usual answers: the survival echoes the endpoint and grouping asked for. */
function stubApi(overrides: Parameters<typeof stubOutcomes>[0] = {}) {
  return stubOutcomes({
    '/api/outcomes/survival': (query) =>
      answer(200, { data: { ...SURVIVAL, endpoint: query.endpoint, groupBy: query.groupBy } }),
    '/api/outcomes/relapse-incidence': (query) =>
      answer(200, { data: { ...INCIDENCE, groupBy: query.groupBy } }),
    '/api/outcomes/summary': () => answer(200, { data: SUMMARY }),
    '/api/outcomes/response': (query) => answer(200, { data: { ...RESPONSE, groupBy: query.groupBy } }),
    '/api/outcomes/early-death': (query) => answer(200, { data: { ...EARLY_DEATH, groupBy: query.groupBy } }),
    '/api/institutions/codes': () => CODES.clone(),
    ...overrides,
  });
}

describe('OutcomesScreen', { timeout: 45_000 }, () => {
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
    expect(screen.getByRole('combobox', { name: 'Resultado' })).toHaveValue('Supervivencia libre de recaída');
    expect(
      screen.getByText('Desde el diagnóstico hasta la recaída o la muerte, lo que ocurra antes.'),
    ).toBeInTheDocument();
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

    await choose('Resultado', 'Incidencia acumulada de recaída');
    expect(router.state.location.search).toBe('?endpoint=cir');
    expect(
      await screen.findByRole('heading', { name: 'Incidencia acumulada de recaída' }),
    ).toBeInTheDocument();
    expect(api.to('/api/outcomes/relapse-incidence')).toEqual([{ groupBy: 'none', from: 'diagnosis' }]);
    // No landmark for an incidence.
    expect(screen.queryByRole('textbox', { name: 'Landmark (meses)' })).not.toBeInTheDocument();

    await choose('Agrupar por', 'Año de diagnóstico');
    expect(router.state.location.search).toBe('?endpoint=cir&groupBy=dxYear');
    await waitFor(() =>
      expect(api.to('/api/outcomes/relapse-incidence')).toContainEqual({
        groupBy: 'dxYear',
        from: 'diagnosis',
      }),
    );

    await choose('Subtipo', 'ALL-T');
    expect(router.state.location.search).toBe('?endpoint=cir&groupBy=dxYear&subtype=ALL-T');
    await waitFor(() =>
      expect(api.to('/api/outcomes/relapse-incidence')).toContainEqual({
        groupBy: 'dxYear',
        from: 'diagnosis',
        subtype: 'ALL-T',
      }),
    );

    await choose('Resultado', 'Supervivencia global');
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
      path: '/outcomes?endpoint=dfs&groupBy=institution&institutionCode=HI&ci=2&landmark=200',
      user: TEST_DOCTOR_USER,
    });
    expect(await screen.findByRole('heading', { name: 'Supervivencia global' })).toBeInTheDocument();
    expect(api.to('/api/outcomes/survival')).toEqual([{ endpoint: 'os', groupBy: 'none' }]);
    expect(screen.queryByRole('combobox', { name: 'Código de institución' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: 'Agrupar por' }));
    const groupings = await listOf('Agrupar por');
    expect(await within(groupings).findByRole('option', { name: 'Sexo', hidden: true })).toBeInTheDocument();
    expect(
      within(groupings).queryByRole('option', { name: 'Institución', hidden: true }),
    ).not.toBeInTheDocument();
  });

  it('says so when no patient of the cohort has a diagnosis date', async () => {
    stubApi({
      '/api/outcomes/survival': () =>
        answer(200, {
          data: {
            ...SURVIVAL,
            groups: [],
            logRank: null,
            noLogRank: 'groups',
            excluded: { noDiagnosisDate: 3, noResponseDate: 0, beforeLandmark: 0 },
          },
        }),
    });
    renderScreen(<OutcomesScreen />, { path: '/outcomes' });
    expect(
      await screen.findByText('No hay pacientes con fecha de diagnóstico en esta cohorte.'),
    ).toBeInTheDocument();
    expect(screen.getByText('3 pacientes sin fecha de diagnóstico quedan fuera.')).toBeInTheDocument();
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
  it('asks for an endpoint from a landmark in days, and says who it leaves out', async () => {
    const api = stubApi({
      '/api/outcomes/survival': (query) =>
        answer(200, {
          data: {
            ...SURVIVAL,
            endpoint: query.endpoint,
            groupBy: query.groupBy,
            landmark: Number(query.landmark),
            excluded: { noDiagnosisDate: 0, noResponseDate: 1, beforeLandmark: 3 },
          },
        }),
    });
    const { router } = renderScreen(<OutcomesScreen />, { path: '/outcomes?endpoint=efs' });
    expect(
      await screen.findByRole('heading', { name: 'Supervivencia libre de eventos' }),
    ).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Landmark (meses)' }), '6');
    expect(router.state.location.search).toBe('?endpoint=efs&landmark=6');
    expect(
      await screen.findByRole('heading', { name: 'Supervivencia libre de eventos (landmark a 6 meses)' }),
    ).toBeInTheDocument();
    expect(api.to('/api/outcomes/survival')).toContainEqual({
      endpoint: 'efs',
      groupBy: 'none',
      landmark: '183',
    });
    expect(
      screen.getByText('3 pacientes sin seguir en riesgo en el landmark quedan fuera.'),
    ).toBeInTheDocument();
    expect(screen.getByText('1 paciente en RC sin fecha de la respuesta queda fuera.')).toBeInTheDocument();

    // A landmark the API cannot take is said, and not asked for.
    await userEvent.clear(screen.getByRole('textbox', { name: 'Landmark (meses)' }));
    expect(router.state.location.search).toBe('?endpoint=efs');
    await userEvent.type(screen.getByRole('textbox', { name: 'Landmark (meses)' }), '0');
    expect(
      screen.getByText('Un número de meses entre 1 y 119,9 (admite decimales: 6,5).'),
    ).toBeInTheDocument();
    expect(router.state.location.search).toBe('?endpoint=efs');
  });

  it('takes a landmark typed with a decimal comma in Spanish, and draws nothing for a half-typed one', async () => {
    const api = stubApi({
      '/api/outcomes/survival': (query) =>
        answer(200, {
          data: {
            ...SURVIVAL,
            endpoint: query.endpoint,
            groupBy: query.groupBy,
            landmark: query.landmark === undefined ? null : Number(query.landmark),
          },
        }),
    });
    const { router } = renderScreen(<OutcomesScreen />, { path: '/outcomes?endpoint=efs' });
    const field = await screen.findByRole('textbox', { name: 'Landmark (meses)' });
    await userEvent.type(field, '6');
    expect(router.state.location.search).toBe('?endpoint=efs&landmark=6');
    await waitFor(() =>
      expect(api.to('/api/outcomes/survival')).toContainEqual(expect.objectContaining({ landmark: '183' })),
    );
    const asked = api.to('/api/outcomes/survival').length;
    await userEvent.type(field, ',');
    // Half-typed: the landmark stays 6, nothing new is asked for, and no message while typing.
    expect(router.state.location.search).toBe('?endpoint=efs&landmark=6');
    expect(api.to('/api/outcomes/survival')).toHaveLength(asked);
    expect(screen.queryByText(/Un número de meses/)).not.toBeInTheDocument();
    await userEvent.type(field, '5');
    expect(router.state.location.search).toBe('?endpoint=efs&landmark=6.5');
    expect(
      await screen.findByRole('heading', { name: 'Supervivencia libre de eventos (landmark a 6,5 meses)' }),
    ).toBeInTheDocument();
    expect(api.to('/api/outcomes/survival')).toContainEqual({
      endpoint: 'efs',
      groupBy: 'none',
      landmark: '198',
    });
    // Left half-typed, it is said, and the curves stay those of the last whole value the title names.
    await userEvent.clear(field);
    await userEvent.type(field, '7,');
    await userEvent.tab();
    expect(
      screen.getByText('Un número de meses entre 1 y 119,9 (admite decimales: 6,5).'),
    ).toBeInTheDocument();
    expect(router.state.location.search).toBe('?endpoint=efs&landmark=7');
  });

  it('asks for the incidence from the first CR, with the non-relapse mortality and Gray’s tests', async () => {
    const api = stubApi({
      '/api/outcomes/relapse-incidence': (query) =>
        answer(200, {
          data: {
            ...INCIDENCE,
            groupBy: query.groupBy,
            from: query.from,
            grayTest: { stat: 4.2, df: 1, p: 0.04 },
            grayTestNrm: null,
          },
        }),
    });
    renderScreen(<OutcomesScreen />, { path: '/outcomes?endpoint=cirCR' });
    expect(
      await screen.findByRole('heading', { name: 'Incidencia acumulada de recaída desde la RC' }),
    ).toBeInTheDocument();
    expect(api.to('/api/outcomes/relapse-incidence')).toEqual([{ groupBy: 'none', from: 'cr' }]);
    expect(
      screen.getByText(
        'Prueba de Gray entre los grupos: recaída p = 0,040; mortalidad sin recaída sin prueba.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Mortalidad sin recaída a 1 año' })).toBeInTheDocument();
  });

  it('names the unit and the origin of the number at risk, and shows the chart drawing rather than a blank', async () => {
    stubApi();
    renderScreen(<OutcomesScreen />, { path: '/outcomes?endpoint=rfsCR&groupBy=eln2022' });
    expect(
      await screen.findByRole('table', {
        name: 'Pacientes en riesgo por grupo, contados en meses desde la primera RC',
      }),
    ).toBeInTheDocument();
    // jsdom measures no width: the chart is never drawn there, so its place says it is being drawn.
    const chart = screen.getByTestId('outcome-chart');
    expect(within(chart).getByRole('status', { name: 'Dibujando el gráfico…' })).toBeInTheDocument();
  });

  it('says that the patients without a value keep their curve but are left out of the test', async () => {
    const unknown = { ...SURVIVAL.groups[1], key: null, n: 5 } as (typeof SURVIVAL.groups)[number];
    stubApi({
      '/api/outcomes/survival': (query) =>
        answer(200, {
          data: { ...SURVIVAL, groupBy: query.groupBy, groups: [...SURVIVAL.groups, unknown] },
        }),
    });
    renderScreen(<OutcomesScreen />, { path: '/outcomes?groupBy=subtype' });
    expect(await screen.findByText('Prueba de log-rank entre los grupos: p = 0,032')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Los 5 pacientes sin dato se muestran como curva («Sin dato») pero no entran en la prueba, como en R con un factor ausente.',
      ),
    ).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Leyenda' })).getByText('Sin dato')).toBeInTheDocument();
  });

  it('warns of immortal time when grouping by transplant from the diagnosis, and sets a landmark in one click', async () => {
    const api = stubApi();
    const { router } = renderScreen(<OutcomesScreen />, { path: '/outcomes?groupBy=transplant' });
    const note = await screen.findByTestId('immortal-time');
    expect(within(note).getByText('Sesgo de tiempo inmortal')).toBeInTheDocument();
    expect(
      within(note).getByText(/contando desde el diagnóstico favorece al trasplante/),
    ).toBeInTheDocument();
    await userEvent.click(within(note).getByRole('button', { name: 'Usar un landmark a 6 meses' }));
    expect(router.state.location.search).toBe('?groupBy=transplant&landmark=6');
    await waitFor(() =>
      expect(api.to('/api/outcomes/survival')).toContainEqual({
        endpoint: 'os',
        groupBy: 'transplant',
        landmark: '183',
      }),
    );
    expect(screen.getByRole('textbox', { name: 'Landmark (meses)' })).toHaveValue('6');
    expect(screen.queryByTestId('immortal-time')).not.toBeInTheDocument();

    // The incidence takes no landmark: the note says to use a survival endpoint with one.
    await userEvent.clear(screen.getByRole('textbox', { name: 'Landmark (meses)' }));
    await choose('Resultado', 'Incidencia acumulada de recaída');
    const incidence = await screen.findByTestId('immortal-time');
    expect(within(incidence).getByText(/use una supervivencia con un landmark/)).toBeInTheDocument();
    expect(within(incidence).queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows the response to the first line and the early deaths by the grouping', async () => {
    const api = stubApi();
    renderScreen(<OutcomesScreen />, { path: '/outcomes?groupBy=ageBand' });
    const response = await screen.findByRole('table', { name: /tasa de RC compuesta/ });
    expect(api.to('/api/outcomes/response')).toEqual([{ groupBy: 'ageBand' }]);
    expect(api.to('/api/outcomes/early-death')).toEqual([{ groupBy: 'ageBand', days: '30,60' }]);
    const young = within(response).getByRole('row', { name: /Menos de 40 años/ });
    expect(
      within(young)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['10', '6', '1', '1', '8 · 80,0\u00a0% (44,4–97,5)', '5']);
    const early = await screen.findByRole('table', { name: /Muertes en los primeros 30 y 60 días/ });
    expect(within(early).getByRole('columnheader', { name: 'A 30 días' })).toBeInTheDocument();
    expect(
      within(within(early).getByRole('row', { name: /Menos de 40 años/ }))
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['1/20 · 5,0\u00a0% (0,1–24,9)', '2/19 · 10,5\u00a0% (1,3–33,1)']);
  });
});
