import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { fileAnswer, pageAnswer, refusal, stubRoutes } from '../../../test/fetch-routes.ts';
import { renderScreen, TEST_DOCTOR_USER } from '../../../test/render.tsx';
import { ImportsScreen } from './imports-screen.tsx';
import { LIST_ROW } from './test-imports.ts';

describe('ImportsScreen', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('es');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('lists a doctor their imports with state, doctor, date and what the check found, each opening its page', async () => {
    const api = stubRoutes({ 'GET /api/imports': () => pageAnswer([LIST_ROW]) });
    const { router } = renderScreen(<ImportsScreen />, { path: '/imports', user: TEST_DOCTOR_USER });
    const table = await screen.findByRole('table', { name: 'Importaciones' });
    expect(api.to('GET /api/imports')[0]?.query).toEqual({ page: '0', size: '10' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    // A doctor's imports are their own: no owner column.
    expect(headers).toEqual(['Archivo', 'Estado', 'Médico', 'Fecha', 'Resultado de la revisión']);
    expect(await within(table).findByText('Revisada')).toBeInTheDocument();
    expect(
      within(table).getByText('2 nuevos · 1 actualizado · 1 rechazada · 1 en conflicto'),
    ).toBeInTheDocument();
    expect(within(table).getByText('3 filas')).toBeInTheDocument();
    await userEvent.click(within(table).getByRole('link', { name: 'pacientes-2019.csv' }));
    expect(router.state.location.pathname).toBe(`/imports/${LIST_ROW.id}`);
  });

  it('shows an admin who uploaded each import, in English too', async () => {
    await i18n.changeLanguage('en');
    stubRoutes({ 'GET /api/imports': () => pageAnswer([{ ...LIST_ROW, doctor: null, summary: null }]) });
    renderScreen(<ImportsScreen />, { path: '/imports' });
    const table = await screen.findByRole('table', { name: 'Imports' });
    expect(within(table).getByRole('columnheader', { name: 'Uploaded by' })).toBeInTheDocument();
    expect(await within(table).findByText('Not chosen')).toBeInTheDocument();
    expect(within(table).getByText('—')).toBeInTheDocument();
  });

  it('says what an import is when there is none yet, with the ways to start', async () => {
    stubRoutes({ 'GET /api/imports': () => pageAnswer([]) });
    const { router } = renderScreen(<ImportsScreen />, { path: '/imports', user: TEST_DOCTOR_USER });
    expect(await screen.findByRole('heading', { name: 'Todavía no hay importaciones' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const starts = screen.getAllByRole('link', { name: 'Nueva importación' });
    expect(starts).toHaveLength(2);
    await userEvent.click(starts[1] as HTMLElement);
    expect(router.state.location.pathname).toBe('/imports/new');
  });

  it('downloads the template in the language of the screen', async () => {
    await i18n.changeLanguage('en');
    const saved = vi.fn((_blob: Blob) => 'blob:template');
    URL.createObjectURL = saved;
    URL.revokeObjectURL = () => undefined;
    const api = stubRoutes({
      'GET /api/imports': () => pageAnswer([]),
      'GET /api/imports/template': () => fileAnswer('xlsx', 'registry-import-template.xlsx'),
    });
    renderScreen(<ImportsScreen />, { path: '/imports', user: TEST_DOCTOR_USER });
    await screen.findByRole('heading', { name: 'No imports yet' });
    await userEvent.click(screen.getAllByRole('button', { name: 'Download the template' })[0] as HTMLElement);
    await vi.waitFor(() => expect(api.to('GET /api/imports/template')).toHaveLength(1));
    expect(api.to('GET /api/imports/template')[0]?.query).toEqual({ lang: 'en' });
    await vi.waitFor(() => expect(saved).toHaveBeenCalledTimes(1));
  });

  it('offers to try again when the list does not load', async () => {
    let fail = true;
    stubRoutes({
      'GET /api/imports': () => (fail ? refusal(500, 'INTERNAL', '') : pageAnswer([LIST_ROW])),
    });
    renderScreen(<ImportsScreen />, { path: '/imports', user: TEST_DOCTOR_USER });
    const retry = await screen.findByRole('button', { name: 'Reintentar' }, { timeout: 5_000 });
    expect(screen.getByText('No se pudieron cargar las importaciones.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(retry);
    expect(await screen.findByRole('link', { name: 'pacientes-2019.csv' })).toBeInTheDocument();
  });
});
