import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { answer, fileAnswer, stubRoutes } from '../../../test/fetch-routes.ts';
import { renderScreen } from '../../../test/render.tsx';
import { CoordinatorScreen } from './coordinator-screen.tsx';
import { OVERVIEW, OVERVIEW_BY_DOCTOR } from './test-quality.ts';

const RULES = [
  {
    id: 'relapseBeforeDiagnosis',
    severity: 'error',
    step: 'diagnostic',
    fields: ['diagnostics.*.relapseDate'],
    message: { es: 'Recaída anterior al diagnóstico', en: 'Relapse before the diagnosis' },
  },
];

function stubQuality() {
  return stubRoutes({
    'GET /api/quality/overview': (call) =>
      answer(200, { data: call.query.groupBy === 'doctor' ? OVERVIEW_BY_DOCTOR : OVERVIEW }),
    'GET /api/quality/overview/csv': () => fileAnswer('a,b\n', 'quality-2026-11-26-101010.csv', 'text/csv'),
    'GET /api/quality/rules': () => answer(200, { data: RULES }),
    'POST /api/queries/bulk': () => answer(200, { data: { opened: 4 } }),
    'GET /api/queries/bulk/count': () => answer(200, { data: { flagged: 6, reached: 4 } }),
  });
}

/** The coordinator's screen, with the bulk dialog of the rule «Recaída anterior al diagnóstico» open. */
async function openBulkDialog() {
  renderScreen(<CoordinatorScreen />, { path: '/quality' });
  await userEvent.click(
    await screen.findByRole(
      'button',
      { name: 'Consultas para todos los pacientes con «Recaída anterior al diagnóstico»' },
      { timeout: 5000 },
    ),
  );
  return screen.findByRole('dialog');
}

describe('CoordinatorScreen', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('es');
    URL.createObjectURL = vi.fn(() => 'blob:quality');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows each institution with links to the patient list filtered to the patients each number counts', async () => {
    const api = stubQuality();
    const { router } = renderScreen(<CoordinatorScreen />, { path: '/quality' });
    const table = await screen.findByRole(
      'region',
      { name: 'Calidad por institución o médico' },
      { timeout: 5000 },
    );
    expect(api.to('GET /api/quality/overview')[0]?.query).toEqual({ groupBy: 'institution' });
    const row = within(table).getByRole('row', { name: /Hospital Italiano/ });
    expect(row).toHaveTextContent('mediana 4 d');
    expect(row).toHaveTextContent('12 d');
    expect(row).toHaveTextContent('9 (90 %)');
    // The ELN inputs count among the AML patients.
    expect(row).toHaveTextContent('2 (50 %)');
    await userEvent.click(
      within(row).getByRole('link', { name: '3 Con errores en Hospital Italiano: ver la lista' }),
    );
    expect(router.state.location.pathname).toBe('/patients');
    expect(router.state.location.search).toBe('?institutionCode=HI&quality=error');
  });

  it('shows the possible duplicates across doctors per row and in total, in both languages, with no link', async () => {
    stubRoutes({
      'GET /api/quality/overview': () =>
        answer(200, {
          data: {
            ...OVERVIEW,
            rows: [{ ...OVERVIEW.rows[0], duplicatesAcrossDoctors: 3 }],
            total: { ...OVERVIEW.total, duplicatesAcrossDoctors: 1234 },
          },
        }),
      'GET /api/quality/rules': () => answer(200, { data: RULES }),
    });
    renderScreen(<CoordinatorScreen />, { path: '/quality' });
    const table = await screen.findByRole(
      'region',
      { name: 'Calidad por institución o médico' },
      { timeout: 5000 },
    );
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    const column = headers.indexOf('Posibles duplicados entre médicos');
    expect(headers.slice(column - 1, column + 1)).toEqual([
      'Con advertencias',
      'Posibles duplicados entre médicos',
    ]);
    const cellOf = (name: RegExp) => {
      const row = within(table).getByRole('row', { name });
      // The row's header is its first cell, as the column's is.
      return within(row).getAllByRole('cell')[column - 1];
    };
    const row = cellOf(/Hospital Italiano/);
    expect(row).toHaveTextContent(/^3$/);
    expect(within(row as HTMLElement).queryByRole('link')).toBeNull();
    const total = cellOf(/^Total/);
    // Grouped as Spanish numbers are.
    expect(total?.textContent).toBe(new Intl.NumberFormat('es').format(1234));
    expect(within(total as HTMLElement).queryByRole('link')).toBeNull();

    await i18n.changeLanguage('en');
    expect(
      await within(table).findByRole('columnheader', { name: 'Possible duplicates across doctors' }),
    ).toBeInTheDocument();
  });

  it('groups by doctor, links each doctor’s patients and those missing a field, and downloads the CSV', async () => {
    const api = stubQuality();
    const { router } = renderScreen(<CoordinatorScreen />, { path: '/quality?groupBy=doctor' });
    const table = await screen.findByRole(
      'region',
      { name: 'Calidad por institución o médico' },
      { timeout: 5000 },
    );
    const row = within(table).getByRole('row', { name: /Ana Paz/ });
    expect(
      within(row).getByRole('link', {
        name: '10 pacientes sin Subtipo en Ana Paz (Hospital Italiano): ver la lista',
      }),
    ).toHaveTextContent('faltan 10');

    await userEvent.click(screen.getByRole('button', { name: 'Descargar CSV' }));
    await vi.waitFor(() => expect(api.to('GET /api/quality/overview/csv')).toHaveLength(1));
    expect(api.to('GET /api/quality/overview/csv')[0]?.query).toEqual({ groupBy: 'doctor' });
    await userEvent.click(
      within(row).getByRole('link', {
        name: /^\d+ Pacientes en Ana Paz \(Hospital Italiano\): ver la lista$/,
      }),
    );
    expect(router.state.location.pathname).toBe('/patients');
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      doctorId: '00000000-0000-4000-8000-000000000002',
      doctorName: 'Ana Paz (Hospital Italiano)',
    });
  });

  it('says how many patients a bulk opening reaches before it is confirmed, and names the rule', async () => {
    const api = stubQuality();
    const dialog = await openBulkDialog();
    expect(
      await within(dialog).findByText(
        'Se abrirán consultas para 4 pacientes (de 6 que la regla observa; quien ya tiene una sin cerrar no recibe otra).',
      ),
    ).toBeInTheDocument();
    expect(api.to('GET /api/queries/bulk/count')[0]?.query).toEqual({ ruleId: 'relapseBeforeDiagnosis' });
    expect(
      within(dialog).getByText('Cada consulta nombra la regla: «Recaída anterior al diagnóstico»'),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Abrir 4 consultas' }));
    expect(await within(dialog).findByText('Escriba la consulta.')).toBeInTheDocument();
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: /Consulta/ }),
      'Revise la fecha de recaída.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Abrir 4 consultas' }));
    await vi.waitFor(() => expect(api.to('POST /api/queries/bulk')).toHaveLength(1));
    expect(api.to('POST /api/queries/bulk')[0]?.body).toEqual({
      ruleId: 'relapseBeforeDiagnosis',
      text: 'Revise la fecha de recaída.',
    });
    expect(await screen.findByText('Se abrieron 4 consultas.')).toBeInTheDocument();
  });

  it('keeps a query text over 2000 characters whole and says so, rather than cutting it', async () => {
    const api = stubQuality();
    const dialog = await openBulkDialog();
    const field = within(dialog).getByRole('textbox', { name: /Consulta/ });
    await userEvent.click(field);
    await userEvent.paste('x'.repeat(2005));
    expect(field).toHaveValue('x'.repeat(2005));
    expect(
      within(dialog).getByText('Hasta 2000 caracteres: sobran 5. El texto se conserva para que lo acorte.'),
    ).toBeInTheDocument();
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Abrir 4 consultas' }));
    expect(api.to('POST /api/queries/bulk')).toHaveLength(0);
    expect(field).toHaveValue('x'.repeat(2005));
  });

  it('offers no opening when every patient the rule flags already has a query of it', async () => {
    stubRoutes({
      'GET /api/quality/overview': () => answer(200, { data: OVERVIEW }),
      'GET /api/quality/rules': () => answer(200, { data: RULES }),
      'GET /api/queries/bulk/count': () => answer(200, { data: { flagged: 3, reached: 0 } }),
    });
    const dialog = await openBulkDialog();
    expect(
      await within(dialog).findByText(
        'Ningún paciente recibiría una consulta nueva: los 3 pacientes que la regla observa ya tienen una sin cerrar.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Abrir consultas' })).toBeDisabled();
  });
});
