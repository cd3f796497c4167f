import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { answer, fileAnswer, pageAnswer, refusal, stubRoutes } from '../../../test/fetch-routes.ts';
import { renderScreen } from '../../../test/render.tsx';
import { DatasetsList } from './datasets-list.tsx';
import { BUILDING, READY } from './test-datasets.ts';

const LIST = 'GET /api/datasets';

describe('DatasetsList', () => {
  const saved: string[] = [];
  beforeEach(async () => {
    await i18n.changeLanguage('es');
    saved.length = 0;
    // jsdom has no object URLs; the saved file is caught where the app clicks its link.
    URL.createObjectURL = () => 'blob:x';
    URL.revokeObjectURL = () => undefined;
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows who asked for each dataset and when, why, its filters and options in words, its figures and status', async () => {
    const api = stubRoutes({ [LIST]: () => pageAnswer([READY]) });
    renderScreen(<DatasetsList />, { path: '/datasets' });
    await screen.findByText('admin@registry.test', {}, { timeout: 5000 });
    const table = screen.getByRole('table', { name: 'Conjuntos de datos pedidos' });
    const row = within(within(table).getAllByRole('row')[1] as HTMLElement);
    expect(api.to(LIST)[0]?.query).toEqual({ page: '0', size: '10' });
    expect(row.getByText('admin@registry.test')).toBeInTheDocument();
    expect(row.getByRole('link', { name: READY.purpose })).toHaveAttribute('href', `/datasets/${READY.id}`);
    expect(row.getByText('Subtipo: AML M2')).toBeInTheDocument();
    expect(row.getByText('Recaída: Sí')).toBeInTheDocument();
    expect(row.getByText('Desidentificado')).toBeInTheDocument();
    expect(row.getByText('Días desde el diagnóstico')).toBeInTheDocument();
    expect(row.getByText('Etiquetas en español')).toBeInTheDocument();
    expect(row.getByText('Clave del estudio: LMA-2027')).toBeInTheDocument();
    expect(row.getByText('120 pacientes')).toBeInTheDocument();
    expect(row.getByText('1,2 MB')).toBeInTheDocument();
    expect(row.getByText('ab12cd34ef56…')).toHaveAttribute('title', READY.sha256);
    expect(row.getByRole('button', { name: 'Copiar el SHA-256 completo' })).toBeInTheDocument();
    expect(row.getByText('Listo')).toBeInTheDocument();
    expect(row.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('shows a build under way with its progress, and reads it again until it is ready to download', async () => {
    let reads = 0;
    stubRoutes({
      [LIST]: () => {
        reads += 1;
        return pageAnswer([reads < 2 ? BUILDING : { ...BUILDING, ...READY, id: BUILDING.id }]);
      },
    });
    renderScreen(<DatasetsList />, { path: '/datasets' });
    const bar = await screen.findByRole('progressbar', { name: 'Avance de la preparación' });
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    expect(screen.getByText('40 de 100 pacientes (40 %)')).toBeInTheDocument();
    expect(screen.getByText('Preparándose')).toBeInTheDocument();
    // An identified dataset says so, with exact dates and free text; its rows, size and hash wait.
    expect(screen.getByText('Identificado')).toBeInTheDocument();
    expect(screen.getByText('Fechas exactas')).toBeInTheDocument();
    expect(screen.getByText('Con texto libre')).toBeInTheDocument();
    expect(screen.getByText('Todos los pacientes')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Descargar/ })).not.toBeInTheDocument();

    expect(await screen.findByText('Listo', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: `Descargar el zip de «${READY.purpose}»` }),
    ).toBeInTheDocument();
    // Nothing is building any more: the list is not read again.
    const settled = reads;
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(reads).toBe(settled);
  });

  it('downloads a ready dataset under the name the server gives it', async () => {
    const api = stubRoutes({
      [LIST]: () => pageAnswer([READY]),
      'GET /api/datasets/:id/download': () => fileAnswer('PK', 'dataset-2026-11-20.zip', 'application/zip'),
    });
    renderScreen(<DatasetsList />, { path: '/datasets' });
    await userEvent.click(
      await screen.findByRole('button', { name: `Descargar el zip de «${READY.purpose}»` }),
    );
    expect(await screen.findByText('Conjunto de datos descargado')).toBeInTheDocument();
    expect(api.to('GET /api/datasets/:id/download')[0]?.path).toBe(`/api/datasets/${READY.id}/download`);
    expect(saved).toEqual(['dataset-2026-11-20.zip']);
  });

  it('says why a download failed', async () => {
    stubRoutes({
      [LIST]: () => pageAnswer([READY]),
      'GET /api/datasets/:id/download': () =>
        refusal(409, 'DATASET_NOT_READY', 'El conjunto de datos aún no está listo.'),
    });
    renderScreen(<DatasetsList />, { path: '/datasets' });
    await userEvent.click(
      await screen.findByRole('button', { name: `Descargar el zip de «${READY.purpose}»` }),
    );
    expect(await screen.findByText('El conjunto de datos aún no está listo.')).toBeInTheDocument();
    expect(saved).toEqual([]);
  });

  it('says so when no dataset has been asked for, in English too, and leads to a new one', async () => {
    await i18n.changeLanguage('en');
    stubRoutes({ [LIST]: () => pageAnswer([]) });
    renderScreen(<DatasetsList />, { path: '/datasets' });
    expect(await screen.findByText('No dataset has been asked for yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New dataset' })).toHaveAttribute('href', '/datasets/new');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('keeps the page in the address and asks for it', async () => {
    const api = stubRoutes({
      [LIST]: (call) =>
        answer(200, { data: [READY], currentPage: Number(call.query.page), totalPages: 3, totalItems: 21 }),
    });
    const { router } = renderScreen(<DatasetsList />, { path: '/datasets?page=1' });
    expect(await screen.findByText('Página 2 de 3')).toBeInTheDocument();
    expect(api.to(LIST)[0]?.query).toEqual({ page: '1', size: '10' });
    await userEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
  });

  it('offers to try again when the list cannot be loaded', async () => {
    let fail = true;
    stubRoutes({
      [LIST]: () => (fail ? refusal(403, 'FORBIDDEN', 'No tiene permiso.') : pageAnswer([READY])),
    });
    renderScreen(<DatasetsList />, { path: '/datasets' });
    expect(await screen.findByText('No se pudieron cargar los conjuntos de datos.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('link', { name: READY.purpose })).toBeInTheDocument();
  });
});
