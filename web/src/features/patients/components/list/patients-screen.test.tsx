import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../../lib/i18n.ts';
import { refusal } from '../../../../test/fetch-routes.ts';
import { renderScreen } from '../../../../test/render.tsx';
import { PatientsScreen } from './patients-screen.tsx';
import { doctorRows, LONG_NGS, listCalls, page, rows, stubListApi, TEST_DOCTOR } from './test-fixtures.ts';

const headers = () =>
  within(screen.getByRole('table', { name: /^(Pacientes|Patients)$/ }))
    .getAllByRole('columnheader')
    .map((header) => header.textContent);

/** The options a select's combobox controls. */
function optionsOf(combobox: HTMLElement): HTMLElement {
  const listbox = document.getElementById(combobox.getAttribute('aria-controls') ?? '');
  expect(listbox).not.toBeNull();
  return listbox as HTMLElement;
}

describe('PatientsScreen', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('es');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows an admin Code OP first and NGS OP before the last two columns, sorted by code desc', async () => {
    const api = stubListApi();
    renderScreen(<PatientsScreen />);
    expect(screen.getByRole('heading', { name: 'Pacientes' })).toBeInTheDocument();
    expect(screen.getAllByTestId('skeleton-row').length).toBeGreaterThan(0);
    expect(await screen.findByText('AL-OP#12')).toBeInTheDocument();
    expect(headers()).toEqual([
      'Código OP',
      'Identificación',
      'Alta',
      'Subtipo Dx',
      'Tipo de Dx',
      'Recaída',
      'ELN 2022',
      'ELN 2024',
      'NGS',
      'Estudios moleculares',
      'NGS OP',
      'Óbito',
      'Historia clínica',
    ]);
    const [, first, second] = within(screen.getByRole('table')).getAllByRole('row');
    const one = within(first as HTMLElement);
    expect(one.getByText('AML M2')).toBeInTheDocument();
    expect(one.getByText('Inicial')).toBeInTheDocument();
    expect(one.getByText('Sí')).toBeInTheDocument();
    expect(one.getByText('Informe OP')).toBeInTheDocument();
    expect(one.getByText('Insuficiente')).toBeInTheDocument();
    expect(one.getByText('Intermedio')).toBeInTheDocument();
    expect(one.getByRole('link', { name: 'Ver la historia clínica de HC-0001' })).toHaveAttribute(
      'href',
      `/patient/${rows[0]?.id}`,
    );
    const two = within(second as HTMLElement);
    expect(two.getByText('LMMC')).toBeInTheDocument();
    expect(two.getByText('Secundario')).toBeInTheDocument();
    expect(two.getByText('No')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Exportar' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Nuevo paciente/ })).not.toBeInTheDocument();
    expect(listCalls(api)[0]).toEqual({ page: '0', size: '10', orderBy: 'codeOP', order: 'desc' });
    expect(screen.getByRole('combobox', { name: 'Subtipo' })).toBeInTheDocument();
  });

  it("shows a doctor 'my patients' without Code OP or NGS OP, newest first, and a new-patient link", async () => {
    const api = stubListApi(() => page(doctorRows));
    renderScreen(<PatientsScreen />, { user: TEST_DOCTOR });
    expect(await screen.findByText('HC-0001')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Mis pacientes' })).toBeInTheDocument();
    expect(headers()).not.toContain('Código OP');
    expect(headers()).not.toContain('NGS OP');
    expect(headers()).toHaveLength(11);
    expect(screen.getByRole('combobox', { name: 'Riesgo ELN 2022' })).toBeInTheDocument();
    // A doctor's list keeps its one order: the registration date does not sort.
    expect(within(screen.getByRole('table')).queryAllByRole('button')).toHaveLength(0);
    expect(screen.queryByText(/AL-OP#/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Nuevo paciente' })).toHaveAttribute('href', '/new-patient');
    expect(screen.queryByRole('button', { name: 'Exportar' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Subtipo' })).not.toBeInTheDocument();
    expect(listCalls(api)[0]).toEqual({ page: '0', size: '10', orderBy: 'createdAt', order: 'desc' });
    expect(api.to('GET /api/institutions/codes')).toEqual([]);
  });

  it('cuts NGS text at 100 characters and shows the whole text in a tooltip', async () => {
    stubListApi();
    renderScreen(<PatientsScreen />);
    const cut = `${LONG_NGS.slice(0, 100).trimEnd()}…`;
    const shown = await screen.findByText(cut);
    expect(LONG_NGS.length).toBeGreaterThan(100);
    await userEvent.hover(shown);
    const tooltip = await screen.findByRole('tooltip', { hidden: true });
    expect(tooltip).toHaveTextContent(LONG_NGS);
    expect(screen.getByText('NPM1 mutado').textContent).toBe('NPM1 mutado');
  });

  it('writes the death date as day, short month and year in Spanish and English', async () => {
    stubListApi();
    const { unmount } = renderScreen(<PatientsScreen />);
    expect(await screen.findByText('10 sep 2024')).toBeInTheDocument();
    unmount();
    await i18n.changeLanguage('en');
    renderScreen(<PatientsScreen />);
    expect(await screen.findByText('10 Sep 2024')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Death' })).toBeInTheDocument();
    expect(within(screen.getByRole('table')).getByText('Yes')).toBeInTheDocument();
  });

  it('sends each filter from page 0 and keeps them for the next visit', async () => {
    sessionStorage.setItem('lastPagePatients', '2');
    const api = stubListApi(() => page(rows, 0, 3));
    renderScreen(<PatientsScreen />);
    await screen.findByText('AL-OP#12');
    expect(listCalls(api)[0]?.page).toBe('2');

    await userEvent.click(screen.getByRole('combobox', { name: 'Recaída' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Sí', hidden: true }));
    await waitFor(() => expect(listCalls(api).at(-1)).toMatchObject({ relapse: 'true', page: '0' }));
    // The two ELN filters offer the same categories: each option is picked from its own list.
    const eln2022 = screen.getByRole('combobox', { name: 'Riesgo ELN 2022' });
    await userEvent.click(eln2022);
    await userEvent.click(
      await within(optionsOf(eln2022)).findByRole('option', { name: 'Adverso', hidden: true }),
    );
    await waitFor(() => expect(listCalls(api).at(-1)).toMatchObject({ eln: 'adverse', page: '0' }));
    const eln2024 = screen.getByRole('combobox', { name: 'Riesgo ELN 2024 (menor intensidad)' });
    await userEvent.click(eln2024);
    await userEvent.click(
      await within(optionsOf(eln2024)).findByRole('option', { name: 'Intermedio', hidden: true }),
    );
    await waitFor(() =>
      expect(listCalls(api).at(-1)).toMatchObject({ eln: 'adverse', eln2024: 'intermediate', page: '0' }),
    );

    await userEvent.click(screen.getByRole('combobox', { name: 'Subtipo' }));
    await userEvent.click(await screen.findByRole('option', { name: 'ALL-T', hidden: true }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Código de institución' }));
    await userEvent.click(
      await screen.findByRole('option', { name: 'HI — Hospital Italiano', hidden: true }),
    );
    // Seven keys within the search's wait, as a typist's arrive: changed in one go, so that no timer can
    // run between two of them however busy the machine.
    const search = screen.getByRole('searchbox', { name: 'Buscar paciente' });
    for (let length = 1; length <= 'HC-0001'.length; length++) {
      fireEvent.change(search, { target: { value: 'HC-0001'.slice(0, length) } });
    }
    await waitFor(() => expect(listCalls(api).at(-1)?.text).toBe('HC-0001'), { timeout: 2000 });
    expect(listCalls(api).at(-1)).toMatchObject({
      relapse: 'true',
      eln: 'adverse',
      eln2024: 'intermediate',
      subtype: 'ALL-T',
      institutionCode: 'HI',
    });
    // The search waited for the typing to stop: no request carried half of it.
    expect(listCalls(api).filter((query) => query.text !== undefined)).toHaveLength(1);
    expect(JSON.parse(localStorage.getItem('patient_filters') ?? '{}')).toEqual({
      relapse: 'true',
      eln: 'adverse',
      eln2024: 'intermediate',
      subtype: 'ALL-T',
      institutionCode: 'HI',
      text: 'HC-0001',
      orderBy: 'codeOP',
      order: 'desc',
      size: 10,
    });
    expect(sessionStorage.getItem('lastPagePatients')).toBe('0');
  });

  it('opens with the stored filters, and a doctor ignores the admin-only ones', async () => {
    localStorage.setItem(
      'patient_filters',
      JSON.stringify({
        relapse: 'false',
        dx: 'Secundario',
        obito: '2024-01-01,2024-12-31',
        text: 'HC',
        bad: 1,
      }),
    );
    const api = stubListApi(() => page(doctorRows));
    renderScreen(<PatientsScreen />, { user: TEST_DOCTOR });
    await screen.findByText('HC-0001');
    expect(listCalls(api)[0]).toEqual({
      page: '0',
      size: '10',
      orderBy: 'createdAt',
      order: 'desc',
      relapse: 'false',
      obito: '2024-01-01,2024-12-31',
      text: 'HC',
    });
    expect(screen.getByRole('searchbox', { name: 'Buscar paciente' })).toHaveValue('HC');
    expect(screen.getByRole('button', { name: 'Fecha de recaída' })).toHaveTextContent(
      '01/01/2024 – 31/12/2024',
    );
  });

  it('opens with the filters a coordinator’s link names, the doctor by name, each removable', async () => {
    localStorage.setItem('patient_filters', JSON.stringify({ relapse: 'true' }));
    const api = stubListApi(() => page(rows));
    const { router } = renderScreen(<PatientsScreen />, {
      path: `/patients?doctorId=00000000-0000-4000-8000-000000000002&doctorName=${encodeURIComponent('Ana Paz (Hospital Italiano)')}&missing=karyotype&followUpDue=6&query=open`,
    });
    await screen.findByText('AL-OP#12');
    expect(listCalls(api)[0]).toMatchObject({
      page: '0',
      doctorId: '00000000-0000-4000-8000-000000000002',
      missing: 'karyotype',
      followUpDue: '6',
      query: 'open',
    });
    // The address named every filter: the stored relapse filter is not among them.
    expect(listCalls(api)[0]).not.toHaveProperty('relapse');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByRole('combobox', { name: 'Sin el dato' })).toHaveValue('Cariotipo (LMA)');
    expect(screen.getByRole('combobox', { name: 'Consultas' })).toHaveValue('Con una consulta abierta');
    expect(screen.getByRole('combobox', { name: 'Control pendiente' })).toHaveValue(
      'Sin noticias hace más de 6 meses',
    );
    expect(screen.getByText('Médico: Ana Paz (Hospital Italiano)')).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Quitar el filtro por médico' }));
    await waitFor(() => expect(listCalls(api).at(-1)).not.toHaveProperty('doctorId'));
    expect(screen.queryByText(/^Médico:/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: 'Sin el dato' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Fecha de diagnóstico', hidden: true }));
    await waitFor(() =>
      expect(listCalls(api).at(-1)).toMatchObject({ missing: 'dxDate', followUpDue: '6', page: '0' }),
    );
    expect(JSON.parse(localStorage.getItem('patient_filters') ?? '{}')).toMatchObject({
      missing: 'dxDate',
      followUpDue: 6,
    });
  });

  it('clears the relapse date range with its clear button', async () => {
    localStorage.setItem('patient_filters', JSON.stringify({ obito: '2024-01-01,2024-12-31' }));
    const api = stubListApi();
    renderScreen(<PatientsScreen />);
    await screen.findByText('AL-OP#12');
    expect(listCalls(api)[0]?.obito).toBe('2024-01-01,2024-12-31');
    await userEvent.click(screen.getByRole('button', { name: 'Borrar fechas de recaída' }));
    await waitFor(() => expect(listCalls(api).at(-1)?.obito).toBeUndefined());
  });

  it('toggles the code sort by its header, back to page 0', async () => {
    sessionStorage.setItem('lastPagePatients', '1');
    const api = stubListApi(() => page(rows, 1, 2));
    renderScreen(<PatientsScreen />);
    await screen.findByText('AL-OP#12');
    const header = screen.getByRole('columnheader', { name: 'Código OP' });
    expect(header).toHaveAttribute('aria-sort', 'descending');
    await userEvent.click(within(header).getByRole('button', { name: 'Código OP' }));
    await waitFor(() => expect(listCalls(api).at(-1)).toMatchObject({ order: 'asc', page: '0' }));
    expect(header).toHaveAttribute('aria-sort', 'ascending');
    await userEvent.click(within(header).getByRole('button', { name: 'Código OP' }));
    await waitFor(() => expect(listCalls(api).at(-1)?.order).toBe('desc'));
    // Only the code and the registration date sort.
    expect(
      within(screen.getByRole('table'))
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Código OP', 'Alta']);
  });

  it('says so when no patient matches', async () => {
    stubListApi(() => page([]));
    renderScreen(<PatientsScreen />);
    expect(await screen.findByText('No hay pacientes para mostrar.')).toBeInTheDocument();
    expect(screen.getByText('Mostrando 0 resultados')).toBeInTheDocument();
  });

  it('shows the Error alert with a retry when the list cannot load', async () => {
    let fail = true;
    stubListApi(() => (fail ? refusal(400, 'BAD_REQUEST', 'x') : page(rows)));
    renderScreen(<PatientsScreen />);
    expect(
      await screen.findByText('Hubo un problema al intentar obtener los pacientes.'),
    ).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('AL-OP#12')).toBeInTheDocument();
  });

  it('moves between pages with the footer and remembers the page', async () => {
    const api = stubListApi(({ query }) => page(rows, Number(query.page), 2));
    renderScreen(<PatientsScreen />);
    await screen.findByText('AL-OP#12');
    expect(screen.getByRole('button', { name: 'Anterior' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(await screen.findByText('Página 2 de 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Siguiente' })).toBeDisabled();
    expect(sessionStorage.getItem('lastPagePatients')).toBe('1');
    expect(listCalls(api).at(-1)?.page).toBe('1');
  });
});
